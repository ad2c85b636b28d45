import '@/components/stack-table.css';
import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatDia, MSG, TRABAJADORES_MSG, type TrabajadorContrato } from '@proveedores/domain';
import { primeStylesNow } from '@/lib/prime-styles';
import { toTitleCase } from '@/lib/text';
import { showToast } from '@/lib/toast';
import { contractWorkersQueryOptions } from '../api/personnel';

// The table is on the page's first paint, loading: its CSS first, or its loading overlay covers the
// whole screen for a frame (a layout shift of 0.76 on a phone, decision 146).
primeStylesNow(<DataTable value={[]} />);

// The withdrawal dialog (with its calendar) loads when first opened (docs/decisions/146).
const WithdrawDialog = lazy(async () => ({ default: (await import('./withdraw-dialog')).WithdrawDialog }));

/**
 * The workers of the chosen contract on Ingreso de Personal, withdrawn ones with their exit date,
 * and 'Retirar del contrato' (docs/decisions/132): the exit date a Colombian day, not after today nor
 * before the worker's 'Fecha de ingreso a obra' (the server checks the same). A worker's name opens
 * their worker-entry documents (`onOpen`), as choosing them by document type and number does.
 */
export function ContractWorkers({
  contratoid,
  onOpen,
}: {
  contratoid: number;
  onOpen: (worker: TrabajadorContrato) => void;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(contractWorkersQueryOptions(contratoid));
  const [withdrawing, setWithdrawing] = useState<TrabajadorContrato | null>(null);

  return (
    <section
      className="card contract-workers"
      aria-labelledby="contract-workers-title"
      data-testid="contract-workers"
    >
      <h2 id="contract-workers-title" className="contract-workers-title">
        {MSG.retiroTrabajadores}
      </h2>
      <p className="hint contract-workers-hint">{TRABAJADORES_MSG.trabajadoresAyuda}</p>
      {list.isError ? (
        <p className="field-error" role="alert">
          {MSG.retiroErrorCarga}
        </p>
      ) : (
        <DataTable
          value={list.data ?? []}
          dataKey="numerodocumento"
          loading={list.isFetching}
          emptyMessage={MSG.retiroSinTrabajadores}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          paginator={(list.data?.length ?? 0) > 10}
          rows={10}
          className="stack-table"
          rowClassName={(r: TrabajadorContrato) => (r.activo ? '' : 'row-retired')}
          data-testid="contract-workers-table"
        >
          <Column
            header={MSG.retiroColTrabajador}
            body={(r: TrabajadorContrato) => (
              <Button
                type="button"
                link
                label={toTitleCase(r.nombre)}
                className="worker-open"
                aria-label={TRABAJADORES_MSG.trabajadoresVerDocumentos(toTitleCase(r.nombre))}
                onClick={() => onOpen(r)}
                data-testid={`ver-documentos-${r.numerodocumento}`}
              />
            )}
          />
          <Column
            header={MSG.retiroColDocumento}
            body={(r: TrabajadorContrato) => `${r.tipodocumento} ${r.numerodocumento}`}
          />
          <Column header={MSG.retiroColIngreso} body={(r: TrabajadorContrato) => formatDia(r.fechaIngreso)} />
          <Column
            header={MSG.retiroColEstado}
            body={(r: TrabajadorContrato) =>
              r.activo ? (
                MSG.retiroActivo
              ) : (
                <span className="worker-withdrawn">{MSG.retiroRetirado(r.fechaRetiro ?? '')}</span>
              )
            }
          />
          <Column
            header={MSG.colAcciones}
            body={(r: TrabajadorContrato) =>
              r.activo ? (
                <Button
                  type="button"
                  label={MSG.retiroAccion}
                  icon="pi pi-sign-out"
                  size="small"
                  outlined
                  severity="danger"
                  aria-label={`${MSG.retiroAccion}: ${toTitleCase(r.nombre)}`}
                  onClick={() => setWithdrawing(r)}
                  data-testid={`retirar-${r.numerodocumento}`}
                />
              ) : null
            }
          />
        </DataTable>
      )}
      {withdrawing && (
        <Suspense fallback={null}>
          <WithdrawDialog
            key={withdrawing.numerodocumento}
            contratoid={contratoid}
            worker={withdrawing}
            onHide={() => setWithdrawing(null)}
            onDone={(message) => {
              setWithdrawing(null);
              showToast({ severity: 'success', summary: MSG.retiroAccion, detail: message });
              void queryClient.invalidateQueries({ queryKey: ['contratista', 'vinculados', contratoid] });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
