import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { tokenClaims, type TokenClaims } from '@proveedores/domain';

const ISSUER = 'proveedores';

/**
 * fast-jwt rather than jose: every signed-in request verifies a token, and jose's HMAC goes through
 * WebCrypto (a thread-pool round trip per request, ~9% of the CPU of a list request under load).
 * fast-jwt verifies with node:crypto synchronously and keeps a small cache of verified tokens
 * (expiry is still checked on every hit). One signer and one verifier per secret.
 */
type Pair = {
  sign: (payload: Record<string, unknown>) => string;
  verify: (token: string) => unknown;
  /** The same checks but expiry: tells an expired genuine token from a forged or broken one. */
  verifyIgnoringExpiry: (token: string) => unknown;
};
const bySecret = new WeakMap<Uint8Array, Pair>();

function pair(secret: Uint8Array): Pair {
  let p = bySecret.get(secret);
  if (!p) {
    const key = Buffer.from(secret);
    p = {
      sign: createSigner({ key, algorithm: 'HS256', iss: ISSUER }),
      verify: createVerifier({
        key,
        algorithms: ['HS256'],
        allowedIss: ISSUER,
        requiredClaims: ['exp', 'iss'],
        complete: true,
        cache: 1000,
      }),
      verifyIgnoringExpiry: createVerifier({
        key,
        algorithms: ['HS256'],
        allowedIss: ISSUER,
        requiredClaims: ['exp', 'iss'],
        ignoreExpiration: true,
      }),
    };
    bySecret.set(secret, p);
  }
  return p;
}

/**
 * HS256 only: the algorithm is pinned on verification, so 'none' or RS/HS confusion are refused.
 * Every token carries its own random jti: times are in whole seconds, so without it a session renewed
 * in the second it was opened would get back the very token it already holds.
 */
export async function signToken(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date, secret: Uint8Array) {
  // Registered claims come from here only (a caller may pass claims read back from a token).
  const { iss: _iss, iat: _iat, exp: _exp, nbf: _nbf, jti: _jti, ...own } = claims as Record<string, unknown>;
  return pair(secret).sign({
    ...own,
    jti: randomBytes(12).toString('base64url'),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
}

/** Returns the claims, or null for any bad token (signature, algorithm, type, issuer, expiry, shape). */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { header, payload } = pair(secret).verify(token) as {
      header: { typ?: string };
      payload: unknown;
    };
    if (header.typ !== 'JWT') return null;
    const parsed = tokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is genuine (our signature, issuer) but past its expiry: the 401 then says the
 * session expired rather than that it was closed (docs/decisions/097). Only used on the refusal path.
 */
export function isExpiredGenuineToken(token: string, secret: Uint8Array): boolean {
  try {
    const payload = pair(secret).verifyIgnoringExpiry(token) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}
