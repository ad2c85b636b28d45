import type { Db } from '../../db/client';

/**
 * Reference lists change only with a new DIVIPOLA or an administrator's edit: each process keeps
 * the last answer for a minute (keyed by database, so test apps never share one). Several processes
 * may therefore disagree for at most that minute (docs/decisions/043).
 */
export const LIST_TTL_MS = 60_000;

export function memoize<T>(load: (db: Db) => Promise<T>, ttlMs = LIST_TTL_MS): (db: Db) => Promise<T> {
  const cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return (db) => {
    const hit = cache.get(db);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = load(db);
    cache.set(db, { at: Date.now(), value });
    // A failed load is not remembered.
    value.catch(() => cache.delete(db));
    return value;
  };
}
