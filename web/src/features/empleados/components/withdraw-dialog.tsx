import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MSG, type TipoDocumento, type TrabajadorContrato, hoyEnColombia } from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { toTitleCase } from '@/lib/text';
import { withdrawWorker } from '../api/personnel';

/**
 * 'Retirar del contrato' of one worker (docs/decisions/132): the exit date, a Colombian day. Loaded
 * when first opened, with its calendar, not with Ingreso de Personal (docs/decisions/146).
 */
export function WithdrawDialog({
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
  const hoy = hoyEnColombia(new Date());
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
