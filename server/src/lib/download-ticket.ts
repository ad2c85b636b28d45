import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { tokenClaims, type TokenClaims } from '@proveedores/domain';

/**
 * Download tickets (docs/decisions/166): a link that opens a file in a new tab, an <object> or an
 * <img> cannot send the bearer header, and the session token in its URL ends up in the browser's
 * history and in proxy logs. An authenticated call gets a ticket instead: it names one file (its
 * scope, e.g. 'entrega:74'), carries the session's claims (so the download is authorized exactly as
 * with the token, the session checked live again) and expires after TICKET_SECONDS. It is sealed with
 * AES-256-GCM under a key derived from the token secret, so it can be neither read nor forged, and it
 * is never a token: no session route accepts it.
 */
export const TICKET_SECONDS = 60;

const keys = new WeakMap<Uint8Array, Buffer>();
function keyOf(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', Buffer.from(secret)).update('proveedores download ticket v1').digest();
    keys.set(secret, key);
  }
  return key;
}

type Sealed = { s: string; e: number; c: TokenClaims };

export function issueDownloadTicket(opts: {
  scope: string;
  claims: TokenClaims;
  now: Date;
  secret: Uint8Array;
}): { ticket: string; vence: Date } {
  const vence = new Date(opts.now.getTime() + TICKET_SECONDS * 1000);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(opts.secret), iv);
  const body: Sealed = { s: opts.scope, e: vence.getTime(), c: opts.claims };
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return { ticket: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url'), vence };
}

/**
 * The session claims of a ticket that is genuine, not expired at `now` and issued for `scope`;
 * null otherwise (forged, altered, expired, or for another file).
 */
export function readDownloadTicket(
  ticket: string,
  opts: { scope: string; now: Date; secret: Uint8Array },
): TokenClaims | null {
  if (!/^[\w-]{40,2000}$/.test(ticket)) return null;
  const raw = Buffer.from(ticket, 'base64url');
  if (raw.length < 12 + 16 + 2) return null;
  let body: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(opts.secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
    body = JSON.parse(text.toString('utf8'));
  } catch {
    return null;
  }
  const { s, e, c } = (body ?? {}) as Partial<Sealed>;
  if (s !== opts.scope || typeof e !== 'number' || e <= opts.now.getTime()) return null;
  const claims = tokenClaims.safeParse(c);
  return claims.success ? claims.data : null;
}
