import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MSG, PILA_STAFF_MSG } from '@proveedores/domain';
import { PilaResultado } from './pila-resultado';
import { errorMessage } from '@/lib/api-client';
import { pilaEntregaQueryOptions } from '../api/entrega';

/** The requirement whose submission is the month's PILA planilla (docs/decisions/128). */
export const REQUISITO_PILA = 'M01';

/**
 * 'Conciliación PILA' of an M01 submission in the review panel: what the reconciliation found, so
 * the reviewer decides with it in view. Nothing when the submission carries none (404).
 */
export function PilaConciliacionSeccion({ entregaId }: { entregaId: number }) {
  const query = useQuery(pilaEntregaQueryOptions(entregaId));
  if (query.isPending)
    return (
      <p className="hint" role="status">
        {PILA_STAFF_MSG.pilaStaffCargando}
      </p>
    );
  if (query.isError)
    return (
      <div className="review-load-error" role="alert">
        <p>
          {PILA_STAFF_MSG.pilaStaffErrorCarga} {errorMessage(query.error)}
        </p>
        <Button type="button" label={MSG.retry} outlined size="small" onClick={() => void query.refetch()} />
      </div>
    );
  if (!query.data) return null;
  return (
    <section className="review-pila" aria-label={PILA_STAFF_MSG.pilaStaffSeccion} data-testid="review-pila">
      <PilaResultado conciliacion={query.data} titulo={PILA_STAFF_MSG.pilaStaffSeccion} nivel={3} />
    </section>
  );
}
