import type { Db } from './client';

/**
 * PGlite owned by a worker thread (docs/decisions/143): the SQL leaves the server's event loop.
 * Placeholder until the worker client lands; opening it says so.
 */
export async function openPgliteWorker(_dir: string, _migrations: string): Promise<{ db: Db; close: () => Promise<void> }> {
  await Promise.resolve();
  throw new Error('PGlite en un hilo de trabajo aún no está disponible.');
}
