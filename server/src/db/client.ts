import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { EmbeddedPostgresUnavailable, startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The embedded engine, for whole-folder dumps (backup); absent on PostgreSQL. */
  pglite?: PGlite;
  /** The PostgreSQL cluster folder when the server was started by the portal (docs/decisions/143). */
  embeddedCluster?: string;
  /** Why PGlite runs although PostgreSQL was asked for (a new folder where it cannot run). */
  fallback?: string;
};

/** What runs the database when no DATABASE_URL is given (docs/decisions/143). */
export type EmbeddedEngine = 'postgres' | 'pglite' | 'pglite-worker';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Raw SQL returning typed rows, the same on PGlite and node-postgres. */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * PGlite takes no lock on its folder, and two processes on it corrupt it. A pid lock file refuses
 * the second process; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Otro proceso (pid ${pid}) ya usa la carpeta de datos ${dir}. ` +
            'Detenga el otro servidor, o use DATABASE_URL con un servidor PostgreSQL para varios procesos.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type OpenOptions = {
  /** PostgreSQL server; when absent, embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; when absent (tests), an in-memory PGlite. */
  dataDir?: string;
  /** A PGlite dump (tar.gz) to start the folder from (restore). */
  loadDataDir?: Blob;
  /** PostgreSQL database to create and use instead of the URL's own: isolates test files on one server. */
  isolatedDatabase?: string;
  /** The database the isolated one is copied from (already migrated: the migrations then find nothing to do). */
  template?: string;
  /**
   * With a dataDir and no databaseUrl, for a folder that holds no database yet: a PostgreSQL server
   * started from the npm-shipped binaries ('postgres') or PGlite in this process ('pglite', the
   * default of this function). A folder that holds a database keeps its engine whatever is asked
   * (`engineOf`), so an upgrade never hides data and tools find what the server made.
   */
  engine?: EmbeddedEngine;
};

/** True when the folder holds a PGlite database (its PG_VERSION file). */
export function holdsPglite(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/** True when the folder holds an embedded PostgreSQL cluster. */
export function holdsCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
}

/**
 * The engine of a data folder: the one whose database it already holds, else the one asked (PGlite
 * when nothing is asked: tools and tests that open a folder the server made find its engine).
 */
export function engineOf(dataDir: string, asked: EmbeddedEngine = 'pglite'): EmbeddedEngine {
  if (holdsPglite(dataDir)) return 'pglite';
  if (holdsCluster(dataDir)) return 'postgres';
  return asked;
}

async function openPool(url: string): Promise<{ db: Db; close: () => Promise<void> }> {
  // jit=off: the status CTEs (server/src/compliance/slots-sql.ts) are estimated large and short in
  // fact; PostgreSQL's JIT spent ~1 s compiling a 100 ms statement (docs/decisions/110).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off',
  });
  // A server restart must not crash the process: failed clients are dropped and requests fail fast.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migratePg(db as never, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { db, close: () => pool.end() };
}

/** Drops a database made by `openDatabase({isolatedDatabase})` (tests), whatever connections it still has. */
export async function dropIsolatedDatabase(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`);
  await admin.end();
}

/** A PostgreSQL server in DATA_DIR/postgres; `fallback` when it cannot run and the folder has no cluster. */
async function openEmbeddedPostgres(dataDir: string): Promise<Database | { fallback: string }> {
  mkdirSync(dataDir, { recursive: true });
  const fresh = !existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
  const unlock = lockDataDir(dataDir);
  let server;
  try {
    server = await startEmbeddedPostgres({ dataDir });
  } catch (err) {
    unlock();
    if (fresh && err instanceof EmbeddedPostgresUnavailable) return { fallback: err.message };
    throw err;
  }
  try {
    const { db, close } = await openPool(server.url);
    return {
      db,
      kind: 'postgres',
      embeddedCluster: path.join(dataDir, 'postgres'),
      close: async () => {
        await close();
        await server.stop();
        unlock();
      },
    };
  } catch (err) {
    await server.stop();
    unlock();
    throw err;
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    let url = opts.databaseUrl;
    if (opts.isolatedDatabase) {
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      const name = (n: string) => `"${n.replace(/"/g, '')}"`;
      await admin.query(
        `CREATE DATABASE ${name(opts.isolatedDatabase)}` +
          (opts.template ? ` TEMPLATE ${name(opts.template)}` : ''),
      );
      await admin.end();
      const u = new URL(opts.databaseUrl);
      u.pathname = `/${opts.isolatedDatabase}`;
      url = u.toString();
    }
    const { db, close } = await openPool(url);
    return { db, kind: 'postgres', close };
  }
  if (opts.dataDir && engineOf(opts.dataDir, opts.engine) === 'postgres') {
    const opened = await openEmbeddedPostgres(opts.dataDir);
    if ('db' in opened) return opened;
    const database = await openPglite(opts);
    return { ...database, fallback: opened.fallback };
  }
  if (opts.dataDir && opts.engine === 'pglite-worker' && !holdsCluster(opts.dataDir)) {
    // PGlite owned by a worker thread, SQL off the event loop: measured against the others in
    // docs/decisions/143.
    mkdirSync(path.join(opts.dataDir, 'pglite'), { recursive: true });
    const unlock = lockDataDir(opts.dataDir);
    try {
      const { openPgliteWorker } = await import('./pglite-worker');
      const { db, close } = await openPgliteWorker(path.join(opts.dataDir, 'pglite'), MIGRATIONS);
      return {
        db,
        kind: 'pglite',
        close: async () => {
          await close();
          unlock();
        },
      };
    } catch (err) {
      unlock();
      throw err;
    }
  }
  return openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
    client = new PGlite(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    client = new PGlite();
  }
  try {
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      pglite: client,
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
