import { useEffect, useId, useRef, useState } from 'react';
import { formatDia, MSG, type TipoRegistro, type Verificacion } from '@proveedores/domain';
import { motivoValido } from '../lib/gate-logic';

/**
 * The answer, full screen (decision 124): green 'APTO' or red 'NO APTO', who (name, company,
 * document), why not, then 'Registrar entrada' / 'Registrar salida' (one record per check: after it
 * the buttons give way to what was recorded) and 'Siguiente trabajador'. The entry of a person who
 * is NO APTO asks first for the guard's reason (decision 160); an exit never does.
 */
export function ResultScreen({
  v,
  registrado,
  busy,
  onRegistrar,
  onNext,
}: {
  v: Verificacion;
  registrado: string | null;
  busy: boolean;
  onRegistrar: (tipo: TipoRegistro, motivoExcepcion?: string) => void;
  onNext: () => void;
}) {
  const t = v.trabajador;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [pidiendoMotivo, setPidiendoMotivo] = useState(false);
  return (
    <section
      role="dialog"
      aria-modal="true"
      className={`gate-result ${v.apto ? 'gate-result-ok' : 'gate-result-no'}`}
      aria-labelledby="gate-result-title"
      data-testid="gate-result"
      data-apto={v.apto ? 'true' : 'false'}
    >
      <h1 id="gate-result-title" className="gate-result-title" ref={heading} tabIndex={-1}>
        <i className={`pi ${v.apto ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" />
        {v.apto ? MSG.gateApto : MSG.gateNoApto}
      </h1>
      <div className="gate-result-who">
        <p className="gate-result-name" data-testid="gate-result-name">
          {t?.nombre ?? MSG.gateUnknownWorker}
        </p>
        {t && (
          <>
            <p>
              {t.razonSocial} · NIT {t.nit}
            </p>
            <p>
              {t.tipodocumento} {t.numerodocumento}
            </p>
          </>
        )}
      </div>
      {v.motivos.length > 0 && (
        <ul className="gate-result-reasons" data-testid="gate-result-reasons">
          {v.motivos.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {t?.autorizacion && (
        <p className="gate-result-auth">
          {MSG.gateAuthorization(t.autorizacion.motivo, formatDia(t.autorizacion.hasta))}
        </p>
      )}
      <div className="gate-result-actions">
        {registrado ? (
          <p className="gate-result-done" role="status" data-testid="gate-recorded">
            <i className="pi pi-check" aria-hidden="true" /> {registrado}
          </p>
        ) : pidiendoMotivo ? (
          <MotivoExcepcion
            busy={busy}
            onConfirm={(motivo) => onRegistrar('entrada', motivo)}
            onCancel={() => setPidiendoMotivo(false)}
          />
        ) : (
          <>
            <button
              type="button"
              className="gate-btn gate-btn-light"
              disabled={busy}
              onClick={() => (v.apto ? onRegistrar('entrada') : setPidiendoMotivo(true))}
              data-testid="gate-entry"
            >
              <i className="pi pi-sign-in" aria-hidden="true" /> {MSG.gateEntry}
            </button>
            <button
              type="button"
              className="gate-btn gate-btn-light"
              disabled={busy}
              onClick={() => onRegistrar('salida')}
              data-testid="gate-exit"
            >
              <i className="pi pi-sign-out" aria-hidden="true" /> {MSG.gateExit}
            </button>
          </>
        )}
        <button type="button" className="gate-btn gate-btn-outline" onClick={onNext} data-testid="gate-next">
          {MSG.gateNext}
        </button>
      </div>
    </section>
  );
}

/** The guard's reason for letting in a person who is NO APTO: 5 to 300 characters, asked every time. */
function MotivoExcepcion({
  busy,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  onConfirm: (motivo: string) => void;
  onCancel: () => void;
}) {
  const ids = { title: useId(), help: useId(), field: useId(), error: useId() };
  const [motivo, setMotivo] = useState('');
  const [tocado, setTocado] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const valido = motivoValido(motivo);
  return (
    <form
      role="alertdialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.help}
      className="gate-override"
      data-testid="gate-override"
      onSubmit={(e) => {
        e.preventDefault();
        setTocado(true);
        if (valido) onConfirm(motivo.trim());
      }}
    >
      <h2 id={ids.title} className="gate-override-title">
        {MSG.gateOverrideTitle}
      </h2>
      <p id={ids.help}>{MSG.gateOverrideHelp}</p>
      <label htmlFor={ids.field}>{MSG.gateOverrideReason}</label>
      <textarea
        id={ids.field}
        ref={field}
        rows={3}
        maxLength={300}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        aria-invalid={tocado && !valido}
        aria-describedby={tocado && !valido ? ids.error : undefined}
        data-testid="gate-override-reason"
      />
      {tocado && !valido && (
        <p id={ids.error} className="gate-override-error" role="alert">
          {MSG.gateOverrideTooShort}
        </p>
      )}
      <button
        type="submit"
        className="gate-btn gate-btn-light"
        disabled={busy}
        data-testid="gate-override-confirm"
      >
        <i className="pi pi-sign-in" aria-hidden="true" /> {MSG.gateOverrideConfirm}
      </button>
      <button
        type="button"
        className="gate-btn gate-btn-outline"
        onClick={onCancel}
        data-testid="gate-override-cancel"
      >
        {MSG.gateOverrideCancel}
      </button>
    </form>
  );
}
