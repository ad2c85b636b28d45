import { MSG } from '@proveedores/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';

/**
 * List description request failure (docs/contract.md, Error catalogue): status 404 or 0 -> 'Valide su
 * conexión a la red o la conexión VPN'; 401 has already closed the session (api-client); in every case the
 * error body is shown as an error notification.
 */
export function notifyListError(err: unknown) {
  const status = err instanceof ApiError ? err.status : -1;
  const body = errorMessage(err);
  const summary = status === 404 || status === 0 ? MSG.checkNetwork : MSG.genericError;
  showToast({
    severity: 'error',
    summary,
    detail: body !== summary ? body : undefined,
    life: 8000,
  });
}
