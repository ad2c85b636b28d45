import { LOGIN_MSG } from '@proveedores/domain';
import { alerts } from './alerts';
import { api, ApiError } from './api-client';
import { endSession, getSession, startSession } from './session';

/** Work a feature must do before the session ends (the gate forgets its roster, decision 160). */
const antesDeSalir = new Set<() => Promise<void>>();

/** Runs `fn` at every 'Cerrar Sesión' while registered; returns the unregistering function. */
export function alCerrarSesion(fn: () => Promise<void>): () => void {
  antesDeSalir.add(fn);
  return () => void antesDeSalir.delete(fn);
}

/**
 * 'Cerrar Sesión': lets features clean up (with the session still valid), revokes the session
 * (guidses) on the server, then clears the browser. The browser side happens even when the server
 * cannot be reached or a clean-up fails.
 */
export async function logout(): Promise<void> {
  await Promise.all([...antesDeSalir].map((fn) => fn().catch(() => undefined)));
  if (getSession()) {
    try {
      await api.post('api/login/logout', undefined, { quietUnauthorized: true });
    } catch {
      /* the token dies with its expiry anyway */
    }
  }
  endSession();
}

/**
 * 'Seguir conectado' (docs/decisions/098): a new token for the same live session, adopted like a
 * sign-in (new expiry timers, storage). False when it could not be had; a 401 has then already ended
 * the session and said why (api-client), any other failure is told here.
 */
export async function stayConnected(): Promise<boolean> {
  try {
    const res = await api.post<{ token?: unknown }>('api/login/renewsession');
    if (typeof res?.token !== 'string') throw new Error('renewsession: token');
    startSession(res.token);
    return true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) void alerts.error(LOGIN_MSG.sessionRenewFailed);
    return false;
  }
}
