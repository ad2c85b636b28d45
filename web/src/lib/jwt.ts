import type { TokenClaims } from '@proveedores/domain';

/** The error text of the contract (docs/contract.md, Error catalogue) for a token that cannot be decoded. */
export const INVALID_TOKEN = 'Invalid token specified';

function base64UrlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const STRING_CLAIMS = ['unique_name', 'email', 'guidses', 'given_name', 'lastsession'] as const;

/**
 * The token's claims (docs/contract.md, Entities and fields), checked by hand: this runs on every page load,
 * and the login route does not load zod (decision 073). Same rules as domain's tokenClaims.
 */
function claimsOf(v: unknown): TokenClaims {
  const c = v as Record<string, unknown>;
  if (!c || typeof c !== 'object') throw new Error(INVALID_TOKEN);
  for (const k of STRING_CLAIMS) if (typeof c[k] !== 'string') throw new Error(INVALID_TOKEN);
  if (typeof c.exp !== 'number') throw new Error(INVALID_TOKEN);
  if (c.changepassword !== 'true' && c.changepassword !== 'false') throw new Error(INVALID_TOKEN);
  if (c.typeuser !== undefined && typeof c.typeuser !== 'string') throw new Error(INVALID_TOKEN);
  return {
    unique_name: c.unique_name as string,
    email: c.email as string,
    exp: c.exp,
    guidses: c.guidses as string,
    given_name: c.given_name as string,
    typeuser: (c.typeuser as string | undefined) ?? 'default',
    lastsession: c.lastsession as string,
    changepassword: c.changepassword,
  };
}

/** Reads the claims of a JWT without verifying it (the server verifies on every call). */
export function decodeToken(token: string): TokenClaims {
  try {
    const part = token.split('.')[1];
    if (!part) throw new Error(INVALID_TOKEN);
    return claimsOf(JSON.parse(base64UrlDecode(part)));
  } catch {
    throw new Error(INVALID_TOKEN);
  }
}
