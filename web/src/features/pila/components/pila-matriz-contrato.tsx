import { useQuery } from '@tanstack/react-query';
import { PilaMatrizConsulta } from './pila-periodos';
import { pilaMatrizQueryOptions } from '../api/contratista';

/**
 * The chosen contract's months x workers PILA matrix (docs/decisions/128), with its table and
 * workbook export: loaded when 'Matriz PILA' is first opened (docs/decisions/146).
 */
export function MatrizContrato({ contratoid, titulo }: { contratoid: number; titulo: string }) {
  const matriz = useQuery(pilaMatrizQueryOptions(contratoid));
  return <PilaMatrizConsulta matriz={matriz} titulo={titulo} contratoId={contratoid} />;
}
