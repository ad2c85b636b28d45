import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { AppError } from '../errors';

/**
 * Fixed-window counters in the database, so every server process shares them.
 * hit() counts one event and throws 429 (with Retry-After) past the limit.
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const [row] = await query<{ count: number; retry: number }>(
    db,
    sql`INSERT INTO throttle (key, window_start, count, last_at) VALUES (${key}, now(), 1, now())
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN throttle.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE throttle.count + 1 END,
          window_start = CASE WHEN throttle.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE throttle.window_start END,
          last_at = now()
        RETURNING count, ceil(extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry`,
  );
  if (row.count > limit) {
    throw new AppError('too_many_requests', MSG.tooManyAttempts, { retryAfterSeconds: Math.max(1, row.retry) });
  }
}

/**
 * Account failures: after 5 failures each new attempt waits 2^(n-5) s (capped at 15 min), and at
 * most 100 failures an hour. The wait ends by itself, so an attacker cannot lock a victim out for good.
 */
const FREE_FAILURES = 5;
const MAX_FAILURES_PER_HOUR = 100;

export async function checkAccountBackoff(db: Db, account: string): Promise<void> {
  const [row] = await query<{ count: number; wait: number }>(
    db,
    sql`SELECT count,
          ceil(extract(epoch FROM (CASE
            WHEN count >= ${MAX_FAILURES_PER_HOUR} THEN window_start + interval '1 hour'
            WHEN count >= ${FREE_FAILURES} THEN last_at + make_interval(secs => least(900, power(2, count - ${FREE_FAILURES})))
            ELSE now() END) - now()))::int AS wait
        FROM throttle WHERE key = ${'acct:' + account} AND window_start > now() - interval '1 hour'`,
  );
  if (row && row.wait > 0) {
    throw new AppError('too_many_requests', MSG.tooManyAttempts, { retryAfterSeconds: row.wait });
  }
}

export async function recordAccountFailure(db: Db, account: string): Promise<void> {
  await query(
    db,
    sql`INSERT INTO throttle (key, window_start, count, last_at) VALUES (${'acct:' + account}, now(), 1, now())
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN throttle.window_start < now() - interval '1 hour' THEN 1 ELSE throttle.count + 1 END,
          window_start = CASE WHEN throttle.window_start < now() - interval '1 hour' THEN now() ELSE throttle.window_start END,
          last_at = now()`,
  );
}

export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await query(db, sql`DELETE FROM throttle WHERE key = ${'acct:' + account}`);
}
