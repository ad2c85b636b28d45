import path from 'node:path';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import type { BlobStore, SweepResult } from './blob-store';
import { createFsBlobStore } from './fs-blob-store';
import { createS3BlobStore, type S3Settings } from './s3-blob-store';

export * from './blob-store';
export { createFsBlobStore } from './fs-blob-store';
export { createS3BlobStore, s3ClientFor, type S3Settings } from './s3-blob-store';
export { storageUsage, storageUsageOf, type StorageUsage } from './usage';

/**
 * The one store of a data folder, shared by every module of the process: the S3 bucket when the
 * settings name one (docs/decisions/141), else DATA_DIR/files (docs/decisions/030). Given a config,
 * the choice is made and remembered for that folder; given only the folder, the store already chosen
 * for it (or the disk) is answered, so every caller of one process sees the same store.
 */
const stores = new Map<string, BlobStore>();
export function blobStoreFor(where: string | { dataDir: string; s3?: S3Settings }): BlobStore {
  const dataDir = typeof where === 'string' ? where : where.dataDir;
  const root = path.join(path.resolve(dataDir), 'files');
  const s3 = typeof where === 'string' ? undefined : where.s3;
  let store = stores.get(root);
  if (!store || (s3 && !s3Stores.has(store))) {
    store = s3 ? createS3BlobStore(s3) : createFsBlobStore(root);
    if (s3) s3Stores.add(store);
    stores.set(root, store);
  }
  return store;
}
const s3Stores = new WeakSet<BlobStore>();

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
