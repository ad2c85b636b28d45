import { useEffect, useState } from 'react';
import { DOWNLOAD_TICKET_PARAM, downloadTicketResponse } from '@proveedores/domain';
import { api, apiUrl } from './api-client';

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

export const isAttachmentUrl = (url: string) => url.includes(ATTACHMENT_PATH);

/**
 * The address of a file link, without any credential: internal attachment links (path containing
 * api/adminflujos/adjunto) resolved against the page (so a sub-path deployment works);
 * other links unchanged. Opening an attachment needs a ticket (ticketedHref, openFile).
 */
export function fileHref(url: string): string {
  if (!isAttachmentUrl(url)) return url;
  return (/^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url) : new URL(apiUrl(url))).toString();
}

/**
 * The address that opens an attachment for about a minute: the session token never travels in a
 * URL (browser history, proxy logs); an authenticated call gets a download ticket for that one file
 * and the link carries it instead (docs/decisions/166). Only for this origin's attachments.
 */
export async function ticketedHref(url: string): Promise<string> {
  const href = fileHref(url);
  if (!isAttachmentUrl(url)) return href;
  const resolved = new URL(href);
  if (resolved.origin !== window.location.origin) return href;
  resolved.search = '';
  const { ticket } = downloadTicketResponse.parse(
    await api.post(`${resolved.toString().replace(/\/$/, '')}/ticket`),
  );
  resolved.searchParams.set(DOWNLOAD_TICKET_PARAM, ticket);
  return resolved.toString();
}

/**
 * Opens a file link in a new tab (or saves it as `download`). The tab is opened at once, inside the
 * click, so popup blockers let it through; its address follows when the ticket arrives.
 */
export async function openFile(url: string, opts: { download?: string } = {}): Promise<void> {
  if (opts.download !== undefined) {
    const a = document.createElement('a');
    a.href = await ticketedHref(url);
    a.download = opts.download;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    return;
  }
  if (!isAttachmentUrl(url)) {
    window.open(fileHref(url), '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const href = await ticketedHref(url);
    if (tab) {
      tab.opener = null;
      tab.location.href = href;
    } else window.open(href, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * The address an embed (<object>, <img>, <iframe>) loads a file from: '' until the attachment's
 * ticket arrives (or when it could not be had), the link itself for other files.
 */
export function useFileSrc(url: string): string {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    setSrc('');
    if (!url) return;
    ticketedHref(url).then(
      (href) => live && setSrc(href),
      () => live && setSrc(''),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}
