import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  formatDia,
  formatDiaHora,
  LOGIN_MSG,
  MSG,
  TIPOS_DOCUMENTO_OPCIONES,
  hoyEnColombia,
  type TipoRegistro,
} from '@proveedores/domain';
import { errorMessage } from '@/lib/api-client';
import { logout } from '@/lib/logout';
import { useSession } from '@/lib/session';
import { useSubmit } from '@/lib/use-submit';
import { toTitleCase } from '@/lib/text';
import { ResultScreen } from '../components/result-screen';
import { registrarServiceWorker } from '../lib/offline';
import { cargarDecodificador, leerQrDeFoto } from '../lib/qr';
import { useGate, type Entrada, type VerificacionGate } from '../lib/use-gate';
import '../porteria.css';

const Scanner = lazy(async () => ({ default: (await import('../components/scanner')).Scanner }));

type Resultado = { v: VerificacionGate; entrada: Entrada; registrado: string | null };

/**
 * The gate (decision 124): a guard's phone at a project's gate, with or without signal. Choose the
 * project, scan the carnet (camera or photo) or type the document, read APTO / NO APTO full screen,
 * record entry or exit. Records queue in IndexedDB and are sent whenever there is signal.
 */
export function PorteriaPage() {
  const session = useSession();
  const usuario = session?.claims.unique_name ?? '';
  const g = useGate(usuario);
  const [scanning, setScanning] = useState(false);
  const { busy, run } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [tipodocumento, setTipo] = useState<string>(TIPOS_DOCUMENTO_OPCIONES[0]!.value);
  const [numero, setNumero] = useState('');
  const photo = useRef<HTMLInputElement>(null);
  const ids = { proyecto: useId(), tipo: useId(), numero: useId() };

  // The service worker, the icons and the decoder wait until the page is usable (a project chosen) or 3 s have
  // passed: on a slow link they would share it with the first load (docs/decisions/134).
  const [tarde, setTarde] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setTarde(true), 3_000);
    return () => clearTimeout(t);
  }, []);
  const enFondo = tarde || g.proyectoId !== null;
  useEffect(() => {
    if (!enFondo) return;
    // The icons (decorative) come after the first load too; the whole app has them already.
    void import('primeicons/primeicons.css');
    void registrarServiceWorker();
    // The decoder is fetched while there is signal, so the service worker keeps it for offline scans.
    if (navigator.onLine) void cargarDecodificador();
  }, [enFondo]);

  const check = useCallback(
    async (entrada: Entrada) => {
      setError(null);
      await run(async () => setResultado({ v: await g.verificar(entrada), entrada, registrado: null }), {
        onError: (e: unknown) => setError(errorMessage(e)),
      });
    },
    [g, run],
  );

  const onCode = useCallback(
    (codigo: string) => {
      setScanning(false);
      void check({ codigo });
    },
    [check],
  );

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const codigo = await leerQrDeFoto(file).catch(() => null);
    if (photo.current) photo.current.value = '';
    if (!codigo) setError(MSG.gatePhotoNoCode);
    else void check({ codigo });
  };

  const onDocument = (e: FormEvent) => {
    e.preventDefault();
    if (!numero.trim()) return;
    void check({ tipodocumento, numerodocumento: numero.trim() });
  };

  const onRegistrar = async (tipo: TipoRegistro, motivoExcepcion?: string) => {
    if (!resultado) return;
    await run(
      async () => {
        const r = await g.registrar(tipo, resultado.v, resultado.entrada, motivoExcepcion);
        if (r)
          setResultado({ ...resultado, registrado: MSG.gateRecorded(tipo, formatDiaHora(r.registro.at)) });
      },
      { onError: (e: unknown) => setError(errorMessage(e)) },
    );
  };

  const next = () => {
    setResultado(null);
    setNumero('');
  };

  const proyecto = g.proyectos.find((p) => p.id === g.proyectoId);
  const roster = g.roster?.contenido;
  // Only with a roster: the first Intl formatter with a time zone costs tens of ms on a phone, and a
  // first load has no roster yet (docs/decisions/152).
  const rosterDeHoy = roster ? roster.fecha === hoyEnColombia(new Date()) : true;
  // The projects are known: kept or answered, or none and the request settled (or no signal).
  const sinProyectos = g.proyectos.length === 0 && (g.proyectosRespondidos || !g.online);

  return (
    <div className="gate">
      <header className="gate-header">
        <h1 className="gate-header-title">
          <i className="pi pi-shield" aria-hidden="true" />
          <span>{MSG.gateTitle}</span>
        </h1>
        <span
          className={`gate-net ${g.online ? 'gate-net-on' : 'gate-net-off'}`}
          data-testid="gate-net"
          data-online={g.online ? 'true' : 'false'}
        >
          <i className={`pi ${g.online ? 'pi-wifi' : 'pi-ban'}`} aria-hidden="true" />
          {g.online ? MSG.gateOnline : MSG.gateOffline}
        </span>
        <button
          type="button"
          className="gate-icon-btn"
          onClick={() => void logout()}
          aria-label={MSG.logoutLink}
          title={MSG.logoutLink}
        >
          <i className="pi pi-sign-out" aria-hidden="true" />
        </button>
      </header>

      {/* The body paints once what the phone kept is read (a few ms, no network), in places that keep
          their size while the projects, the roster and the sync arrive: nothing painted moves
          (docs/decisions/152). */}
      <main className="gate-main" aria-busy={!g.listo}>
        <p className="gate-user">{toTitleCase(session?.claims.given_name ?? '')}</p>
        {g.listo && (
          <>
            <div className="gate-project" data-testid="gate-project-area">
              {g.proyectos.length > 1 || (g.proyectos.length === 1 && !proyecto) ? (
                <div className="gate-field">
                  <label htmlFor={ids.proyecto}>{MSG.gateProject}</label>
                  <select
                    id={ids.proyecto}
                    value={g.proyectoId ?? ''}
                    onChange={(e) => void g.elegirProyecto(Number(e.target.value))}
                    data-testid="gate-project"
                  >
                    <option value="" disabled>
                      {MSG.gateChooseProject}
                    </option>
                    {g.proyectos.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.descripcion}
                      </option>
                    ))}
                  </select>
                </div>
              ) : proyecto ? (
                <div className="gate-field">
                  <span className="gate-label">{MSG.gateProject}</span>
                  <p className="gate-project-name" data-testid="gate-project-name">
                    {proyecto.descripcion}
                  </p>
                </div>
              ) : sinProyectos ? (
                <div className="gate-field">
                  <span className="gate-label">{MSG.gateProject}</span>
                  <p className="gate-note gate-note-warn gate-project-none" role="status">
                    {MSG.gateNoProjects}
                  </p>
                </div>
              ) : (
                <div className="gate-field">
                  <label htmlFor={ids.proyecto}>{MSG.gateProject}</label>
                  <select id={ids.proyecto} value="" disabled data-testid="gate-project-loading">
                    <option value="">{LOGIN_MSG.loading}</option>
                  </select>
                </div>
              )}
            </div>

            <div className="gate-status" data-testid="gate-status">
              <p data-testid="gate-roster">
                {roster
                  ? MSG.gateRoster(formatDia(roster.fecha), roster.trabajadores.length)
                  : !g.proyectoId
                    ? '\u00a0'
                    : // Online, while the first download is on its way: one line, as the roster's.
                      g.online && g.rosterIntentado !== g.proyectoId
                      ? LOGIN_MSG.loading
                      : MSG.gateRosterMissing}
              </p>
              {roster && !rosterDeHoy && <p className="gate-note gate-note-warn">{MSG.gateRosterOld}</p>}
              {g.rosterError && (
                <p className="gate-note gate-note-error" role="alert">
                  {g.rosterError}
                </p>
              )}
              <p className="gate-queue">
                <span data-testid="gate-queue" data-count={g.pendientes}>
                  {g.pendientes > 0 ? MSG.gateQueue(g.pendientes) : MSG.gateQueueEmpty}
                </span>
                {' · '}
                <span data-testid="gate-last-sync">
                  {g.ultimaSync ? MSG.gateLastSync(formatDiaHora(g.ultimaSync)) : MSG.gateNeverSynced}
                </span>
              </p>
              {g.pendientes > 0 && g.online && (
                <button type="button" className="gate-link-btn" onClick={() => void g.sync()}>
                  {MSG.gateSyncNow}
                </button>
              )}
              {g.relojMensaje && (
                <p className="gate-note gate-note-warn" role="alert" data-testid="gate-clock">
                  {g.relojMensaje}
                </p>
              )}
              {g.syncError && (
                <p className="gate-note gate-note-error" role="alert">
                  {g.syncError}
                </p>
              )}
            </div>

            <button
              type="button"
              className="gate-btn gate-btn-primary gate-btn-big"
              onClick={() => setScanning(true)}
              disabled={!g.proyectoId || busy}
              data-testid="gate-scan"
            >
              <i className="pi pi-qrcode" aria-hidden="true" />
              {MSG.gateScan}
            </button>
            <label className={`gate-btn gate-btn-outline ${!g.proyectoId ? 'gate-btn-disabled' : ''}`}>
              <i className="pi pi-camera" aria-hidden="true" />
              {MSG.gatePhoto}
              <input
                ref={photo}
                type="file"
                accept="image/*"
                capture="environment"
                className="gate-visually-hidden"
                disabled={!g.proyectoId}
                onChange={(e) => void onPhoto(e.target.files?.[0])}
                data-testid="gate-photo"
              />
            </label>

            <form className="gate-doc" onSubmit={onDocument}>
              <div className="gate-field">
                <label htmlFor={ids.tipo}>{MSG.gateDocType}</label>
                <select id={ids.tipo} value={tipodocumento} onChange={(e) => setTipo(e.target.value)}>
                  {TIPOS_DOCUMENTO_OPCIONES.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="gate-field">
                <label htmlFor={ids.numero}>{MSG.gateDocNumber}</label>
                <input
                  id={ids.numero}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={20}
                  value={numero}
                  onChange={(e) => setNumero(e.target.value)}
                  data-testid="gate-doc-number"
                />
              </div>
              <button
                type="submit"
                className="gate-btn gate-btn-primary"
                disabled={!g.proyectoId || busy || !numero.trim()}
                data-testid="gate-check"
              >
                {MSG.gateCheck}
              </button>
            </form>

            {error && (
              <p className="gate-note gate-note-error" role="alert" data-testid="gate-error">
                {error}
              </p>
            )}
          </>
        )}
      </main>

      {scanning && (
        <Suspense fallback={null}>
          <Scanner onCode={onCode} onClose={() => setScanning(false)} />
        </Suspense>
      )}
      {resultado && (
        <ResultScreen
          v={resultado.v}
          registrado={resultado.registrado}
          busy={busy}
          onRegistrar={(t, motivo) => void onRegistrar(t, motivo)}
          onNext={next}
        />
      )}
    </div>
  );
}
