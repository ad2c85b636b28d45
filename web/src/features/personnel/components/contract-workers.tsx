import '@/components/stack-table.css';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { formatDia, MSG, type TipoDocumento, type TrabajadorContrato } from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { todayColombia } from '@/lib/dates';
import { toTitleCase } from '@/lib/text';
import { showToast } from '@/lib/toast';
import { contractWorkersQueryOptions, withdrawWorker } from '../api/personnel';

/**
 * The workers of the chosen contract on Ingreso de Personal, withdrawn ones with their exit date,
 * and 'Retirar del contrato' (docs/decisions/132): the exit date a Colombian day, not after today nor
 * before the worker's 'Fecha de ingreso a obra' (the server checks the same).
 */
export function ContractWorkers({ contratoid }: { contratoid: number }) {
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
          <Column header={MSG.retiroColTrabajador} body={(r: TrabajadorContrato) => toTitleCase(r.nombre)} />
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
      )}
    </section>
  );
}

function WithdrawDialog({
  contratoid,
  worker,
  onHide,
  onDone,
}: {
  contratoid: number;
  worker: TrabajadorContrato;
  onHide: () => void;
  onDone: (message: string) => void;
}) {
  const hoy = todayColombia();
  const [fecha, setFecha] = useState<string | null>(hoy);
  const [error, setError] = useState('');
  const nombre = toTitleCase(worker.nombre);
  const save = useMutation({
    mutationFn: (f: string) =>
      withdrawWorker({
        contratoid,
        tipodocumento: worker.tipodocumento as TipoDocumento,
        numerodocumento: worker.numerodocumento,
        fecha: f,
      }),
    onSuccess: (res) => onDone(MSG.retiroGuardado(nombre, res.trabajador.fechaRetiro ?? '')),
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // ISO dates compare as text.
    const problem = !fecha
      ? MSG.retiroFechaRequerida
      : fecha > hoy
        ? MSG.retiroFechaFutura
        : worker.fechaIngreso && fecha < worker.fechaIngreso
          ? MSG.retiroFechaAntesIngreso(worker.fechaIngreso)
          : '';
    setError(problem);
    if (!problem && fecha) save.mutate(fecha);
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={MSG.retiroTitulo(nombre)}
      className="brand-dialog"
      style={{ width: 'min(480px, 96vw)' }}
      draggable={false}
      resizable={false}
    >
      <form onSubmit={submit} noValidate data-testid="retiro-form">
        <div className="field">
          <label htmlFor="retiro-fecha">{MSG.retiroFecha}</label>
          <DayInput
            inputId="retiro-fecha"
            value={fecha}
            onChange={setFecha}
            invalid={!!error}
            testId="retiro-fecha"
          />
          <small id="retiro-fecha-hint" className="hint">
            {MSG.retiroAyuda}
          </small>
          {error && (
            <small className="field-error" role="alert" data-testid="retiro-fecha-error">
              {error}
            </small>
          )}
        </div>
        <div className="form-actions">
          <Button type="button" label={MSG.adminCancel} outlined onClick={onHide} />
          <Button
            type="submit"
            label={MSG.retiroConfirmar}
            icon="pi pi-sign-out"
            severity="danger"
            loading={save.isPending}
            data-testid="retiro-confirmar"
          />
        </div>
      </form>
    </Dialog>
  );
}
