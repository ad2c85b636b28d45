import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import '@proveedores/domain/zod-setup';
import { isGate } from '@proveedores/domain';
import { PorteriaPage } from '@/features/porteria/pages/porteria-page';
import { PATHS } from '@/lib/paths';
import { restoreSession, useSession, useSessionEnding } from '@/lib/session';
import '../styles.css';

// The session-ending dialog is PrimeReact's: its code and theme load only when a session is about
// to end (docs/decisions/098), not with the gate (docs/decisions/134).
const SessionEnding = lazy(() => import('./gate-session-ending'));

/**
 * The gate page on its own (docs/decisions/134): what `GateRoot` (./require-gate, inside the router)
 * checks, without the router: no session goes to the sign-in, a temporary password to cambiar-clave,
 * a user who is not at a gate home. Those pages belong to the whole app, which ../boot loads when the
 * address leaves the gate.
 */
function GateApp() {
  const session = useSession();
  const ending = useSessionEnding();
  const destino = !session
    ? PATHS.login
    : session.claims.changepassword === 'true'
      ? PATHS.cambiarClave
      : !isGate(session.claims.typeuser)
        ? PATHS.home
        : null;
  useEffect(() => {
    if (destino) location.replace(`#${destino}`);
  }, [destino]);
  if (destino) return null;
  return (
    <>
      <PorteriaPage />
      {ending !== null && (
        <Suspense fallback={null}>
          <SessionEnding />
        </Suspense>
      )}
    </>
  );
}

/** Renders the gate into `root`; returns what unmounts it. */
export function montarPorteria(root: HTMLElement): () => void {
  restoreSession();
  const r = createRoot(root);
  r.render(
    <StrictMode>
      <GateApp />
    </StrictMode>,
  );
  return () => r.unmount();
}
