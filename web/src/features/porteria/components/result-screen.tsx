import { useEffect, useRef } from 'react';
import { formatDia, MSG, type TipoRegistro, type Verificacion } from '@proveedores/domain';

/**
 * The answer, full screen (decision 124): green 'APTO' or red 'NO APTO', who (name, company,
 * document), why not, then 'Registrar entrada' / 'Registrar salida' (one record per check: after it
 * the buttons give way to what was recorded) and 'Siguiente trabajador'.
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
  onRegistrar: (tipo: TipoRegistro) => void;
  onNext: () => void;
}) {
  const t = v.trabajador;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
        ) : (
          <>
            <button
              type="button"
              className="gate-btn gate-btn-light"
              disabled={busy}
              onClick={() => onRegistrar('entrada')}
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
