import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { MSG, REINFORCED_CAPTCHA } from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { AppError } from '../errors';

/**
 * Self-hosted ALTCHA proof of work. Challenges are HMAC-signed and expire after 10 minutes;
 * a used solution is recorded in the database until then, so a replay is refused on every process.
 */
const TTL_SECONDS = 600;

/**
 * A reinforced challenge (asked of an account under attack, docs/decisions/076) needs from 2 to 8
 * times the largest normal work, about ten times the normal average; its level is in the signed data.
 */
const REINFORCED_MIN = 2;
const REINFORCED_MAX = 8;

export async function newChallenge(
  secret: string,
  maxNumber: number,
  opts: { reinforced?: boolean } = {},
): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: opts.reinforced
      ? randomInt(maxNumber * REINFORCED_MIN, maxNumber * REINFORCED_MAX)
      : randomInt(0, maxNumber),
    ...(opts.reinforced ? { data: { nivel: REINFORCED_CAPTCHA } } : {}),
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS,
  });
}

type Payload = { challenge: Challenge; solution: Solution };

function decode(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    if (!value?.challenge?.parameters || !value?.solution) return null;
    return value;
  } catch {
    return null;
  }
}

/**
 * Throws 400 'El captcha no ha sido validado' unless the payload is a fresh, valid, unused solution.
 * Tells whether it solved a reinforced challenge (the level is covered by the HMAC signature).
 */
export async function verifyCaptcha(
  db: Db,
  secret: string,
  payload: string | undefined,
): Promise<{ reinforced: boolean }> {
  const refuse = () => new AppError('bad_request', MSG.captchaNotValidated);
  if (!payload) throw refuse();
  const decoded = decode(payload);
  if (!decoded) throw refuse();
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: secret,
  }).catch(() => null);
  if (!result?.verified || !decoded.challenge.signature) throw refuse();
  const firma = createHash('sha256').update(decoded.challenge.signature).digest('hex');
  const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000);
  const inserted = await query<{ firma: string }>(
    db,
    sql`INSERT INTO captcha_usado (firma, expires_at) VALUES (${firma}, ${expiresAt.toISOString()})
        ON CONFLICT DO NOTHING RETURNING firma`,
  );
  if (inserted.length === 0) throw refuse();
  await query(db, sql`DELETE FROM captcha_usado WHERE expires_at < now() - interval '1 hour'`);
  return { reinforced: decoded.challenge.parameters.data?.nivel === REINFORCED_CAPTCHA };
}
