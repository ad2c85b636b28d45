import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import pLimit from 'p-limit';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { AppError } from '../errors';

/**
 * Keys the database has already refused, with the end of their window, per database (so two apps in
 * one test process never share it). Until then a flood is refused without touching the database: a
 * fixed window only counts up until it ends, so the answer cannot change before. Without this, every
 * refused request of a flood was a database write, and a flood from one address slowed every other
 * user (bench/fault-login-flood.ts, docs/decisions/072).
 */
const refusedUntil = new WeakMap<Db, Map<string, number>>();

/**
 * Seconds until the database's refusal of `key` ends, when this process already knows it (the memory
 * above), else 0: nothing is counted and nothing is thrown, so a route can refuse a flood in its
 * onRequest hook, before the body is read (refuseKnownThrottled, docs/decisions/145).
 */
export function knownRefusal(db: Db, key: string): number {
  const refused = refusedUntil.get(db);
  const until = refused?.get(key);
  if (until === undefined) return 0;
  const left = until - Date.now();
  if (left > 0) return Math.ceil(left / 1000);
  refused!.delete(key);
  return 0;
}

/**
 * An onRequest hook that answers 429 at once while this process knows the database refuses one of
 * `keysOf(request)`: before the body is parsed and validated, and with no error built (a login flood
 * from one address is thousands of these a minute; docs/decisions/145). The answer is the one
 * `hit()` gives through the error handler (same status, Retry-After and body); when the memory has
 * nothing, the route runs and its `hit()` counts as before.
 */
export function refuseKnownThrottled(db: Db, keysOf: (request: FastifyRequest) => string[]) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    for (const key of keysOf(request)) {
      const left = knownRefusal(db, key);
      if (left) {
        void reply
          .header('Retry-After', String(left))
          .status(429)
          .send({ message: MSG.tooManyAttempts, code: 'too_many_requests', requestId: request.id });
        return;
      }
    }
    done();
  };
}

/**
 * Fixed-window counters in the database, so every server process shares them.
 * hit() counts one event and throws 429 (with Retry-After) past the limit.
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  const left = knownRefusal(db, key);
  if (left) throw new AppError('too_many_requests', MSG.tooManyAttempts, { retryAfterSeconds: left });
  let refused = refusedUntil.get(db);
  if (!refused) refusedUntil.set(db, (refused = new Map()));
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
    const retry = Math.max(1, row.retry);
    if (refused.size >= 10_000) refused.clear(); // a bound, not a policy: the database stays the truth
    refused.set(key, Date.now() + retry * 1000);
    throw new AppError('too_many_requests', MSG.tooManyAttempts, { retryAfterSeconds: retry });
  }
}

/**
 * Sign-in failures (docs/decisions/076, OWASP's guidance on lockouts). The back-off is counted per
 * account AND source address: after 5 failures of one address on one account, each new attempt from
 * it waits 2^(n-5) s (capped at 15 min), at most 100 failures an hour. A stranger's failures never
 * delay the owner at another address. Failures of one account from every address are also counted
 * (one hour); past UNDER_ATTACK_FAILURES the account is "under attack" and every sign-in to it must
 * solve a reinforced captcha, which costs the attacker each try and never refuses the right password.
 */
const FREE_FAILURES = 5;
const MAX_FAILURES_PER_HOUR = 100;
export const UNDER_ATTACK_FAILURES = 10;

const pairKey = (account: string, address: string) => `acct:${account}|${address}`;
const accountKey = (account: string) => `acct:${account}`;

export async function checkAccountBackoff(db: Db, account: string, address: string): Promise<void> {
  const [row] = await query<{ count: number; wait: number }>(
    db,
    sql`SELECT count,
          ceil(extract(epoch FROM (CASE
            WHEN count >= ${MAX_FAILURES_PER_HOUR} THEN window_start + interval '1 hour'
            WHEN count >= ${FREE_FAILURES} THEN last_at + make_interval(secs => least(900, power(2, count - ${FREE_FAILURES})))
            ELSE now() END) - now()))::int AS wait
        FROM throttle WHERE key = ${pairKey(account, address)} AND window_start > now() - interval '1 hour'`,
  );
  if (row && row.wait > 0) {
    throw new AppError('too_many_requests', MSG.tooManyAttempts, { retryAfterSeconds: row.wait });
  }
}

/** True when the account has had UNDER_ATTACK_FAILURES failures or more, from any address, this hour. */
export async function isAccountUnderAttack(db: Db, account: string): Promise<boolean> {
  const [row] = await query<{ count: number }>(
    db,
    sql`SELECT count FROM throttle WHERE key = ${accountKey(account)} AND window_start > now() - interval '1 hour'`,
  );
  return (row?.count ?? 0) >= UNDER_ATTACK_FAILURES;
}

export async function recordAccountFailure(db: Db, account: string, address: string): Promise<void> {
  for (const key of [pairKey(account, address), accountKey(account)])
    await query(
      db,
      sql`INSERT INTO throttle (key, window_start, count, last_at) VALUES (${key}, now(), 1, now())
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN throttle.window_start < now() - interval '1 hour' THEN 1 ELSE throttle.count + 1 END,
            window_start = CASE WHEN throttle.window_start < now() - interval '1 hour' THEN now() ELSE throttle.window_start END,
            last_at = now()`,
    );
}

/**
 * A successful sign-in clears its address's back-off. The account-wide count stays until its hour
 * ends: an attack going on elsewhere keeps asking for the reinforced captcha.
 */
export async function clearAccountFailures(db: Db, account: string, address: string): Promise<void> {
  await query(db, sql`DELETE FROM throttle WHERE key = ${pairKey(account, address)}`);
}

/**
 * At most `size` tasks of one kind at once per database, the rest waiting in turn (a bulkhead): a
 * burst of sign-ins, each some eight statements, otherwise took all 10 connections of the pool and
 * every other request waited behind it (docs/decisions/145). `peak` is the most ever run at once.
 */
export type Bulkhead = {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly size: number;
  readonly active: number;
  readonly peak: number;
};

const bulkheads = new WeakMap<Db, Map<string, Bulkhead>>();

export function bulkhead(db: Db, name: string, size: number): Bulkhead {
  let named = bulkheads.get(db);
  if (!named) bulkheads.set(db, (named = new Map()));
  let b = named.get(name);
  if (!b) {
    const limit = pLimit(size);
    let peak = 0;
    b = {
      size,
      run: (task) =>
        limit(() => {
          peak = Math.max(peak, limit.activeCount);
          return task();
        }),
      get active() {
        return limit.activeCount;
      },
      get peak() {
        return peak;
      },
    };
    named.set(name, b);
  }
  return b;
}
