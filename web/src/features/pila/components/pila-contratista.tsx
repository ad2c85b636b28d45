import './pila-contratista.css';
import { useQuery } from '@tanstack/react-query';
import { PilaPeriodosTabla } from './pila-periodos';
import { pilaPeriodosQueryOptions } from '../api/contratista';

/**
 * Under R03 ('PILA de todos los períodos de ejecución') in 'Retenidos': the contract's reconciled
 * periods (GET /api/contratista/pila/periodos, docs/decisions/128) with a link to each result.
 */
export function PilaPeriodosR03({
  contratoid,
  titulo,
  onVer,
}: {
  contratoid: number;
  titulo: string;
  onVer: (p: { ano: number; mes: number }) => void;
}) {
  const periodos = useQuery(pilaPeriodosQueryOptions(contratoid));
  return (
    <section className="pila-r03" aria-labelledby="pila-r03-titulo" data-testid="pila-r03">
      <h2 id="pila-r03-titulo" className="pila-titulo">
        {titulo}
      </h2>
      <PilaPeriodosTabla periodos={periodos} etiqueta={titulo} onVer={onVer} />
    </section>
  );
}
