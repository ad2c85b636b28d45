import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, query } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';
import { SERVER_MALLOC_ENV, SERVER_MALLOC_TUNABLES } from '../server-env.mjs';

/** docs/decisions/143: the embedded default and its fallbacks. */
describe('the embedded database engines', () => {
  const dirs: string[] = [];
  const fresh = (parent = tmpdir()) => {
    const d = mkdtempSync(path.join(parent, 'proveedores-engine-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) {
      chmodSync(d, 0o700);
      rmSync(d, { recursive: true, force: true });
    }
  });

  it(
    'starts PostgreSQL in DATA_DIR/postgres, migrates it, and keeps the rows across a restart',
    { timeout: 120_000 },
    async () => {
      const dataDir = fresh();
      const first = await openDatabase({ dataDir, engine: 'postgres' });
      expect(first.kind).toBe('postgres');
      expect(first.embeddedCluster).toBe(path.join(dataDir, 'postgres'));
      const [v] = await query<{ v: string }>(first.db, sql`SELECT current_setting('server_version') AS v`);
      expect(Number(v.v.split('.')[0])).toBeGreaterThanOrEqual(17);
      await query(first.db, sql`INSERT INTO auditoria (evento) VALUES ('prueba.reinicio')`);
      await first.close();
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      // The password is generated once and kept with the other secrets, readable by the owner only.
      expect(statSync(path.join(dataDir, 'secrets', 'postgres.key')).mode & 0o077).toBe(0);

      // Opened again without naming an engine (backup, restore, staff accounts), the folder's own is used.
      const second = await openDatabase({ dataDir });
      expect(second.kind).toBe('postgres');
      const rows = await query<{ n: number }>(
        second.db,
        sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'prueba.reinicio'`,
      );
      expect(rows[0].n).toBe(1);
      await second.close();
    },
  );

  it(
    'PostgreSQL does not inherit the allocator settings given to the Node server',
    { timeout: 120_000 },
    async () => {
      const dataDir = fresh();
      const server = await startEmbeddedPostgres({
        dataDir,
        env: {
          ...process.env,
          ...SERVER_MALLOC_ENV,
          GLIBC_TUNABLES: ['glibc.pthread.rseq=1', ...SERVER_MALLOC_TUNABLES].join(':'),
        },
      });
      try {
        const pid = Number(
          readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
        for (const name of Object.keys(SERVER_MALLOC_ENV))
          expect(environ.some((v) => v.startsWith(`${name}=`))).toBe(false);
        expect(environ).toContain('GLIBC_TUNABLES=glibc.pthread.rseq=1');
        expect(environ).toContain('LC_ALL=C');
      } finally {
        await server.stop();
      }
    },
  );

  it('keeps PGlite for a folder that already holds a PGlite database', { timeout: 120_000 }, async () => {
    const dataDir = fresh();
    const lite = await openDatabase({ dataDir, engine: 'pglite' });
    await query(lite.db, sql`INSERT INTO auditoria (evento) VALUES ('prueba.pglite')`);
    await lite.close();
    const again = await openDatabase({ dataDir, engine: 'postgres' });
    expect(again.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    const rows = await query<{ n: number }>(
      again.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'prueba.pglite'`,
    );
    expect(rows[0].n).toBe(1);
    await again.close();
  });

  // Root only: what is checked is how the runner hands PostgreSQL to another user when run as root
  // (these machines and CI run as root); a normal user runs the server as itself (the tests above).
  it.runIf(process.getuid?.() === 0)(
    'as root, a new folder PostgreSQL cannot enter falls back to PGlite and says why',
    { timeout: 120_000 },
    async () => {
      const closed = fresh();
      chmodSync(closed, 0o700);
      const dataDir = path.join(closed, 'datos');
      mkdirSync(dataDir);
      const database = await openDatabase({ dataDir, engine: 'postgres' });
      try {
        expect(database.kind).toBe('pglite');
        expect(database.fallback).toContain(closed);
        expect(readdirSync(dataDir)).toContain('pglite');
      } finally {
        await database.close();
      }
    },
  );

  // Root only, for the same reason: the folder modes and owners asserted exist only under root.
  it.runIf(process.getuid?.() === 0)(
    'as root, a data folder closed to others (mkdtemp) is opened for entering only, and the cluster belongs to the server user',
    { timeout: 120_000 },
    async () => {
      const dataDir = fresh();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const database = await openDatabase({ dataDir, engine: 'postgres' });
      try {
        expect(database.kind).toBe('postgres');
        expect(statSync(dataDir).mode & 0o777).toBe(0o701);
        expect(statSync(path.join(dataDir, 'postgres')).uid).not.toBe(0);
        expect(statSync(path.join(dataDir, 'secrets')).mode & 0o077).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});
