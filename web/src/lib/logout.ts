import { api } from './api-client';
import { endSession, getSession } from './session';

/**
 * 'Cerrar Sesión': revokes the session (guidses) on the server, then clears the browser. The browser
 * side happens even when the server cannot be reached.
 */
export async function logout(): Promise<void> {
  if (getSession()) {
    try {
      await api.post('api/login/logout');
    } catch {
      /* the token dies with its expiry anyway */
    }
  }
  endSession();
}
