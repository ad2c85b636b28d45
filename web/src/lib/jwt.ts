import { tokenClaims, type TokenClaims } from '@proveedores/domain';

/** The error text of the specification (section 8) for a token that cannot be decoded. */
export const INVALID_TOKEN = 'Invalid token specified';

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (the server verifies on every call). */
export function decodeToken(token: string): TokenClaims {
  try {
    const part = token.split('.')[1];
    if (!part) throw new Error(INVALID_TOKEN);
    const parsed = tokenClaims.safeParse(JSON.parse(base64UrlDecode(part)));
    if (!parsed.success) throw new Error(INVALID_TOKEN);
    return parsed.data;
  } catch {
    throw new Error(INVALID_TOKEN);
  }
}
