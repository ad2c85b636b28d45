import { createCipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CAPTCHA_HEADER, REINFORCED_CAPTCHA, type TokenClaims } from '@proveedores/domain';

/** Shared by the login module's tests: captchas as the web client solves them, the in-transit cipher. */

/** 'aesgcm:' + base64(iv | ciphertext | tag), as web/src/lib/cipher.ts sends it. */
export function encrypt(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return 'aesgcm:' + Buffer.concat([iv, body, c.getAuthTag()]).toString('base64');
}

/** The request's source: a socket address, or an X-Forwarded-For address (TRUST_PROXY=true). */
export type Source = { ip?: string; forwardedFor?: string };

export const sourceOptions = (from: Source = {}) => ({
  remoteAddress: from.ip ?? '127.0.0.1',
  headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
});

export async function solveFrom(
  app: FastifyInstance,
  from: Source = {},
  opts: { reinforced?: boolean } = {},
): Promise<string> {
  const src = sourceOptions(from);
  const res = await app.inject({
    method: 'GET',
    url: `/api/login/captcha${opts.reinforced ? `?nivel=${REINFORCED_CAPTCHA}` : ''}`,
    ...src,
  });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function signInFrom(
  app: FastifyInstance,
  who: { username: string; password: string },
  from: Source = {},
  opts: { reinforced?: boolean } = {},
) {
  const src = sourceOptions(from);
  return app.inject({
    method: 'POST',
    url: '/api/login/authenticate?permiso=1',
    ...src,
    payload: { ...who, captcha: await solveFrom(app, from, opts) },
  });
}

/** What the web client does: a normal captcha, and when the server asks for it, a reinforced one. */
export async function signInLikeTheClient(
  app: FastifyInstance,
  who: { username: string; password: string },
  from: Source = {},
) {
  const first = await signInFrom(app, who, from);
  if (first.statusCode !== 400 || first.json().detail?.captcha !== REINFORCED_CAPTCHA) return first;
  return signInFrom(app, who, from, { reinforced: true });
}

/** The recovery routes with a solved captcha in their header. */
export async function recoveryCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  identification: string,
  from: Source = {},
  captcha?: string | null,
) {
  const src = sourceOptions(from);
  const solved = captcha === undefined ? await solveFrom(app, from) : captcha;
  return app.inject({
    method,
    url:
      method === 'GET'
        ? `/api/login/forgetpassword/${identification}`
        : `/api/login/forgetpassword/register/${identification}?o=m`,
    remoteAddress: src.remoteAddress,
    headers: { ...src.headers, ...(solved ? { [CAPTCHA_HEADER]: solved } : {}) },
  });
}

export function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as TokenClaims;
}
