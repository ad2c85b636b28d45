import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { AUTORIZACION_MAX_DIAS, MSG, type AptitudObra } from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { toTitleCase } from '@/lib/text';
import { crearAutorizacion } from '../api/aptitud';
import { hastaValida } from './aptitud-view';
import { useSubmit } from '@/lib/use-submit';
import { errorMessage } from '@/lib/api-client';

/**
 * 'Autorización temporal' of a worker who is not apto (reviewers and administrators): a reason and
 * the last day covered, at most AUTORIZACION_MAX_DIAS days ahead (the server checks it too).
 */
export function AutorizacionDialog({
  worker,
  hoy,
  onHide,
  onSaved,
}: {
  worker: AptitudObra | null;
  hoy: string;
  onHide: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog
      header={MSG.obraAutorizacionTitulo}
      visible={!!worker}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      resizable={false}
      blockScroll
    >
      {worker && (
        <AutorizacionForm
          key={worker.empleadoId}
          worker={worker}
          hoy={hoy}
          onHide={onHide}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function AutorizacionForm({
  worker,
  hoy,
  onHide,
  onSaved,
}: {
  worker: AptitudObra;
  hoy: string;
  onHide: () => void;
  onSaved: () => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [hasta, setHasta] = useState<string | null>(hoy);
  const [tried, setTried] = useState(false);
  // The server's refusal (what no authorization stands in for, decision 182) stays in the form.
  const [problema, setProblema] = useState<string | null>(null);
  const { busy, run } = useSubmit();
  const motivoOk = motivo.trim().length >= 5 && motivo.trim().length <= 500;
  const hastaOk = hastaValida(hasta, hoy);

  const onSubmit = async () => {
    setTried(true);
    if (!motivoOk || !hastaOk || !hasta) return;
    setProblema(null);
    const done = await run(
      () =>
        crearAutorizacion({
          empleadoId: worker.empleadoId,
          contratoId: worker.contratoid,
          motivo: motivo.trim(),
          hasta,
        }),
      { ok: MSG.obraAutorizacionCreada, onError: (err) => setProblema(errorMessage(err)) },
    );
    if (!done) return;
    onSaved();
    onHide();
  };

  return (
    <form
      className="aptitud-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      data-testid="autorizacion-form"
    >
      <p>
        <strong>{toTitleCase(worker.nombre)}</strong> ({worker.tipodocumento} {worker.numerodocumento}) -{' '}
        {worker.razonSocial}
      </p>
      <div className="field">
        <label htmlFor="autorizacion-motivo">{MSG.obraAutorizacionMotivo}</label>
        <InputTextarea
          id="autorizacion-motivo"
          value={motivo}
          rows={3}
          maxLength={500}
          invalid={tried && !motivoOk}
          aria-describedby="autorizacion-motivo-ayuda"
          onChange={(e) => setMotivo(e.target.value)}
          data-testid="autorizacion-motivo"
        />
        <small id="autorizacion-motivo-ayuda" className={`hint${tried && !motivoOk ? ' error' : ''}`}>
          {tried && !motivoOk ? MSG.obraAutorizacionMotivoCorto : MSG.obraAutorizacionMotivoAyuda}
        </small>
      </div>
      <div className="field">
        <label htmlFor="autorizacion-hasta">{MSG.obraAutorizacionHasta}</label>
        <DayInput
          inputId="autorizacion-hasta"
          value={hasta}
          onChange={setHasta}
          invalid={tried && !hastaOk}
          testId="autorizacion-hasta"
        />
        <small className={`hint${tried && !hastaOk ? ' error' : ''}`} data-testid="autorizacion-hasta-ayuda">
          {tried && !hastaOk
            ? MSG.obraAutorizacionHastaInvalida(AUTORIZACION_MAX_DIAS)
            : MSG.obraAutorizacionHastaAyuda(AUTORIZACION_MAX_DIAS)}
        </small>
      </div>
      {problema && (
        <p
          className="field-error"
          role="alert"
          style={{ whiteSpace: 'pre-line' }}
          data-testid="autorizacion-error"
        >
          {problema}
        </p>
      )}
      <div className="aptitud-form-actions">
        <Button type="button" label={MSG.obraAutorizacionCancelar} outlined onClick={onHide} />
        <Button
          type="submit"
          label={MSG.obraAutorizacionGuardar}
          icon="pi pi-check"
          loading={busy}
          data-testid="autorizacion-guardar"
        />
      </div>
    </form>
  );
}
