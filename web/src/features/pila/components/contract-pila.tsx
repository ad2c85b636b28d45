import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { contratoEtiqueta, type CumplimientoDetalleEmpresa, PILA_STAFF_MSG } from '@proveedores/domain';
import { PilaMatrizConsulta, PilaPeriodosTabla } from './pila-periodos';
import { pilaMatrizQueryOptions, pilaPeriodosQueryOptions } from '../api/staff';

type Contrato = CumplimientoDetalleEmpresa['contratos'][number];

function MatrizContrato({ contratoId, titulo }: { contratoId: number; titulo: string }) {
  const matriz = useQuery(pilaMatrizQueryOptions(contratoId));
  return <PilaMatrizConsulta matriz={matriz} titulo={titulo} contratoId={contratoId} />;
}

/**
 * A contract's PILA for the staff (docs/decisions/128): its reconciled periods (verdict, expected and
 * found workers, errors and warnings) and, on demand, the months x workers matrix with its Excel.
 */
export function ContractPila({ contrato }: { contrato: Contrato & { contratoId: number } }) {
  const [matriz, setMatriz] = useState(false);
  const periodos = useQuery(pilaPeriodosQueryOptions(contrato.contratoId));
  const etiqueta = contratoEtiqueta(contrato);
  const titulo = PILA_STAFF_MSG.pilaStaffMatrizTitulo(etiqueta);
  const matrizId = `pila-matriz-${contrato.contratoId}`;
  return (
    <article className="contract-card" data-testid={`contract-pila-${contrato.contratoId}`}>
      <header className="contract-card-header">
        <div>
          <h3>{etiqueta}</h3>
          <p className="hint">{contrato.descripcion}</p>
        </div>
        <Button
          type="button"
          icon={`pi ${matriz ? 'pi-chevron-up' : 'pi-table'}`}
          label={PILA_STAFF_MSG.pilaStaffVerMatriz}
          outlined
          size="small"
          aria-expanded={matriz}
          aria-controls={matrizId}
          onClick={() => setMatriz((v) => !v)}
          data-testid="pila-ver-matriz"
        />
      </header>
      <PilaPeriodosTabla periodos={periodos} etiqueta={PILA_STAFF_MSG.pilaStaffPeriodos} />
      <div id={matrizId} hidden={!matriz}>
        {matriz && (
          <>
            <h4 className="pila-matriz-titulo">{titulo}</h4>
            <MatrizContrato contratoId={contrato.contratoId} titulo={titulo} />
          </>
        )}
      </div>
    </article>
  );
}
