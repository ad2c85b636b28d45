import { formatDiaHora } from '@proveedores/domain';
import { apiUrl } from '@/lib/api-client';
import { getSession } from '@/lib/session';

/**
 * Internal attachment links (path containing api/adminflujos/adjunto) open in a new tab with the
 * session token appended as a query string (section 2); the server accepts it on these routes only.
 */
export function attachmentHref(url: string): string {
  const href = apiUrl(url);
  const token = getSession()?.token;
  if (!token || !href.includes('api/adminflujos/adjunto')) return href;
  return `${href}${href.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** Upload dates as people read them: 'dd/mm/aaaa HH:MM' in Colombian time (decision 092). */
export function formatFechaCarga(iso: string | null): string {
  return iso ? formatDiaHora(iso) : '';
}
