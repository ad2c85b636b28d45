import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { blobStoreFor, type S3Settings } from '../files';
import { countRows, type Manifest } from './backup';

/**
 * Restores a backup into an EMPTY data folder (and, for PostgreSQL, an empty database), then
 * verifies every row count and every file hash against the manifest. Throws on any difference.
 * Files go into the store configured NOW (DATA_DIR/files, or the S3 bucket when S3_* is set:
 * docs/decisions/141), whatever store they were backed up from, so a restore also moves a portal
 * from disk to S3 or back. A bucket need not be empty: puts are content-addressed and verified.
 */
export async function restore(opts: {
  source: string;
  dataDir: string;
  databaseUrl?: string;
  s3?: S3Settings;
}) {
  const manifest = JSON.parse(readFileSync(path.join(opts.source, 'manifest.json'), 'utf8')) as Manifest;
  if (
    existsSync(opts.dataDir) &&
    readdirSync(opts.dataDir).some((f) => f !== 'secrets' && f !== 'server.lock')
  ) {
    throw new Error(`${opts.dataDir} is not empty: restore only into an empty folder`);
  }
  const secrets = path.join(opts.source, 'secrets');
  if (existsSync(secrets))
    cpSync(secrets, path.join(opts.dataDir, 'secrets'), { recursive: true, force: true });

  const store = blobStoreFor({ dataDir: opts.dataDir, s3: opts.s3 });
  for (const f of manifest.files) {
    const stored = await store.put(readFileSync(path.join(opts.source, 'files', f.sha256)));
    if (stored.sha256 !== f.sha256 || stored.size !== f.size)
      throw new Error(`file ${f.sha256} in the backup is damaged`);
  }

  if (manifest.database === 'embedded-postgres' && !opts.databaseUrl) {
    // The cluster folder as it was stopped; its password came back with the secrets above, and the
    // next start hands the folder to the user PostgreSQL runs as (docs/decisions/143).
    cpSync(path.join(opts.source, 'postgres'), path.join(opts.dataDir, 'postgres'), { recursive: true });
  } else if (manifest.database === 'pglite' && !opts.databaseUrl) {
    const dump = new Blob([readFileSync(path.join(opts.source, 'database.tar.gz'))]);
    const database = await openDatabase({ dataDir: opts.dataDir, loadDataDir: dump });
    await database.close();
  } else if (manifest.database === 'postgres' && opts.databaseUrl) {
    execFileSync('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${opts.databaseUrl}`,
      path.join(opts.source, 'database.dump'),
    ]);
  } else {
    throw new Error(
      `backup of ${manifest.database} cannot be restored ${opts.databaseUrl ? 'into PostgreSQL' : 'into PGlite'}`,
    );
  }

  // Verify: counts equal, every referenced file present with its hash.
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  try {
    const counts = await countRows(database.db);
    for (const [table, n] of Object.entries(manifest.counts)) {
      if (counts[table] !== n)
        throw new Error(`row count of ${table}: ${counts[table]} after restore, ${n} in the backup`);
    }
    let verified = 0;
    for (const f of manifest.files) {
      // read() checks the SHA-256 (BlobCorruptError otherwise); the size is checked here.
      const bytes = await store.read(f.sha256).catch((err: unknown) => {
        throw new Error(`file ${f.sha256} differs after restore`, { cause: err });
      });
      if (bytes.length !== f.size) throw new Error(`file ${f.sha256} differs after restore`);
      verified++;
    }
    return { counts, filesVerified: verified };
  } finally {
    await database.close();
  }
}
