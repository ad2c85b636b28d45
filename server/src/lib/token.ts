import { SignJWT, jwtVerify } from 'jose';
import { tokenClaims, type TokenClaims } from '@proveedores/domain';

const ISSUER = 'proveedores';

/** HS256 only: the algorithm is pinned on verification, so 'none' or RS/HS confusion are refused. */
export async function signToken(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date, secret: Uint8Array) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Returns the claims, or null for any bad token (signature, algorithm, type, issuer, expiry, shape). */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      typ: 'JWT',
    });
    if (protectedHeader.typ !== 'JWT') return null;
    const parsed = tokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
