import { apiUrl } from './api-client';
import { getSession } from './session';

/** Saves bytes made or fetched by the page as a file the browser downloads (exports). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const ATTACHMENT_PATH = 'api/adminflujos/adjunto';

/** True for web links (http, https or relative); refuses javascript:, data: and the like. */
export function isSafeUrl(url: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https';
}

/**
 * The address to open for a file link. Internal attachment links (path containing
 * api/adminflujos/adjunto, section 2) are resolved against the page (so a sub-path deployment
 * works) and get the session token as ?token=; the token is only ever added for this origin.
 * Other links are returned unchanged.
 */
export function fileHref(url: string): string {
  if (!url.includes(ATTACHMENT_PATH)) return url;
  const resolved = /^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url) : new URL(apiUrl(url));
  const token = getSession()?.token;
  if (token && resolved.origin === window.location.origin) resolved.searchParams.set('token', token);
  return resolved.toString();
}
