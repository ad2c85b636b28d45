import path from 'node:path';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import type { BlobStore, SweepResult } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';

export * from './blob-store';
export { createFsBlobStore } from './fs-blob-store';
export { storageUsage, storageUsageOf, type StorageUsage } from './usage';

/** Blobs live in DATA_DIR/files. One store object per folder, shared by every module of the process. */
const stores = new Map<string, BlobStore>();
export function blobStoreFor(dataDir: string): BlobStore {
  const root = path.join(path.resolve(dataDir), 'files');
  let store = stores.get(root);
  if (!store) stores.set(root, (store = createFsBlobStore(root)));
  return store;
}

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Sweep: temporary files left by a crash and blobs that no archivos row references; at startup
 * (before listening) and every hour from the jobs (docs/decisions/086).
 * Unreferenced blobs younger than an hour stay (an upload may be between its put and its commit,
 * in this or another server process). Temporary files go at once when this process is the only
 * writer and is not serving yet (the startup sweep on embedded PGlite, which takes the data folder
 * for itself), otherwise after the same hour.
 */
export async function sweepBlobs(
  db: Db,
  store: BlobStore,
  opts: { singleProcess: boolean },
): Promise<SweepResult> {
  const rows = await query<{ sha256: string }>(db, sql`SELECT DISTINCT sha256 FROM archivos`);
  const referenced = new Set(rows.map((r) => r.sha256));
  return store.sweep({
    isReferenced: (sha) => referenced.has(sha),
    orphanMinAgeMs: ORPHAN_MIN_AGE_MS,
    tempMinAgeMs: opts.singleProcess ? 0 : ORPHAN_MIN_AGE_MS,
  });
}
