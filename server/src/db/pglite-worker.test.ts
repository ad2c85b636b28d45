import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, query, type Database } from './client';
import { openPgliteWorker } from './pglite-worker';
import { isUniqueViolation } from '../lib/unique';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { authHeaders, CONTRACTOR_A } from '../test/app';

// PGlite owned by a worker thread (docs/decisions/143), through openDatabase like the server opens it.
let root: string;
let database: Database;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
  database = await openDatabase({ dataDir: root, engine: 'pglite-worker' });
  await database.db.execute(sql`CREATE TABLE w_t (id int PRIMARY KEY, name text NOT NULL)`);
});

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('PGlite in a worker thread', () => {
  it('applies the migrations', async () => {
    const rows = await query<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const tables = await query<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables[0].n).toBeGreaterThan(5);
  });

  it('runs a query and a parameterized query', async () => {
    expect(await query<{ one: number }>(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    await database.db.execute(sql`INSERT INTO w_t VALUES (${1}, ${'uno'})`);
    expect(await query(database.db, sql`SELECT name FROM w_t WHERE id = ${1}`)).toEqual([{ name: 'uno' }]);
  });

  it('returns values identical to PGlite in process (dates, numerics, bigints, json, bytea)', async () => {
    const statement = sql`SELECT
      ${'2026-03-04T05:06:07.891Z'}::timestamptz AS ts, '2026-03-04'::date AS d, '2026-03-04 05:06:07'::timestamp AS tsl,
      1234.5600::numeric AS num, 9007199254740993::bigint AS big, 42::int AS i, 1.5::float8 AS f, true AS b,
      '{"a":[1,"x",null]}'::jsonb AS j, '{"k":1}'::json AS j2, '\\xdeadbeef'::bytea AS bin,
      ARRAY[1,2]::int[] AS arr, ARRAY['2026-01-01'::date] AS darr, '1 day'::interval AS iv,
      gen_random_uuid() IS NOT NULL AS u, NULL::timestamptz AS nul`;
    const inProcess = new PGlite();
    try {
      const local = (await drizzle(inProcess).execute(statement)).rows;
      const remote = await query<Record<string, unknown>>(database.db, statement);
      expect(remote).toEqual(local);
      expect(remote[0].bin).toBeInstanceOf(Uint8Array);
    } finally {
      await inProcess.close();
    }
    // drizzle's typed selects (array row mode, its own timestamp parsers) too.
    const local2 = new PGlite();
    try {
      const q = sql<string>`${'2026-03-04T05:06:07.891Z'}::timestamptz`;
      const [a] = await drizzle(local2)
        .select({ ts: q, d: sql<string>`'2026-03-04'::date` })
        .from(sql`(SELECT 1) s`);
      const [b] = await database.db
        .select({ ts: q, d: sql<string>`'2026-03-04'::date` })
        .from(sql`(SELECT 1) s`);
      expect(b).toEqual(a);
    } finally {
      await local2.close();
    }
  });

  it("runs the caller's own parsers on the raw text, like PGlite in process", async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const options = {
      rowMode: 'array' as const,
      parsers: { 23: (v: string) => `int:${v}`, 1184: (v: string) => `tz:${v}` },
    };
    const text = `SELECT 7::int AS a, NULL::int AS b, '2026-01-02 03:04:05+00'::timestamptz AS c, 'x' AS d`;
    const inProcess = new PGlite();
    try {
      const local = await inProcess.query(text, [], options);
      const remote = await client.query(text, [], options);
      expect(remote.rows).toEqual(local.rows);
      expect(remote.rows[0]).toEqual(['int:7', null, expect.stringMatching(/^tz:2026-01-02/), 'x']);
    } finally {
      await inProcess.close();
    }
  });

  it('commits a transaction and rolls one back', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO w_t VALUES (2, 'dos')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO w_t VALUES (3, 'tres')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // A nested transaction (savepoint) rolled back inside a committed one.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO w_t VALUES (4, 'cuatro')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO w_t VALUES (5, 'cinco')`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    const rows = await query<{ id: number }>(database.db, sql`SELECT id FROM w_t ORDER BY id`);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('surfaces a unique violation with its PostgreSQL fields', async () => {
    const err = await database.db.execute(sql`INSERT INTO w_t VALUES (1, 'otra')`).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    const cause = (err as { cause?: Record<string, unknown> }).cause ?? (err as Record<string, unknown>);
    expect(cause).toMatchObject({ code: '23505', constraint: 'w_t_pkey', table: 'w_t' });
    expect(String(cause.detail)).toContain('(id)=(1)');
    // A failed statement inside a transaction rolls the whole transaction back.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO w_t VALUES (6, 'seis')`);
        await tx.execute(sql`INSERT INTO w_t VALUES (1, 'dup')`);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await query(database.db, sql`SELECT id FROM w_t WHERE id = 6`)).toEqual([]);
  });

  it('makes other queries wait while a transaction is open', async () => {
    const order: string[] = [];
    let outside: Promise<{ id: number }[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO w_t VALUES (7, 'siete')`);
      // Asked while the transaction is open: it must not run inside it (PGlite is one session).
      outside = query<{ id: number }>(database.db, sql`SELECT id FROM w_t WHERE id = 7`).then((rows) => {
        order.push('outside');
        return rows;
      });
      for (let i = 0; i < 3; i++) {
        await tx.execute(sql`SELECT pg_sleep(0.01)`);
        order.push(`tx-${i}`);
      }
    });
    order.push('committed');
    expect(await outside).toEqual([{ id: 7 }]);
    expect(order).toEqual(['tx-0', 'tx-1', 'tx-2', 'committed', 'outside']);
  });

  it('runs many concurrent statements in order', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => query<{ v: number }>(database.db, sql`SELECT ${i}::int AS v`)),
    );
    expect(results.map((r) => r[0].v)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('close releases the folder: it opens again with its data', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-close-'));
    try {
      const first = await openDatabase({ dataDir: dir, engine: 'pglite-worker' });
      await first.db.execute(sql`CREATE TABLE kept (v text)`);
      await first.db.execute(sql`INSERT INTO kept VALUES ('sí')`);
      await first.close();
      await expect(first.db.execute(sql`SELECT 1`)).rejects.toThrow();
      // The lock file is gone and the data is on disk: in-process PGlite reads it.
      const second = await openDatabase({ dataDir: dir, engine: 'pglite' });
      try {
        expect(await query(second.db, sql`SELECT v FROM kept`)).toEqual([{ v: 'sí' }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the app: a contractor signs in and reads a list', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-app-'));
    const opened = await openDatabase({ dataDir, engine: 'pglite-worker' });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', SEED_DEMO: 'true' },
      { dataDir, webDist: path.join(dataDir, 'no-web') },
    );
    const app = await buildApp(config, { database: opened, logger: false });
    try {
      const headers = await authHeaders(app, CONTRACTOR_A);
      const res = await app.inject({ method: 'GET', url: '/api/contratista/adjuntos/sg-sst', headers });
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<{ id: number; estado: string }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => typeof r.id === 'number' && r.estado)).toBe(true);
    } finally {
      await app.close();
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('dumps the folder for a backup, and the dump opens in PGlite', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-dump-'));
    try {
      const opened = await openPgliteWorker(dir, path.join(import.meta.dirname, 'migrations'));
      let dump: Blob;
      try {
        await opened.db.execute(sql`CREATE TABLE dumped (v int)`);
        await opened.db.execute(sql`INSERT INTO dumped VALUES (42)`);
        dump = await opened.client.dumpDataDir('gzip');
      } finally {
        await opened.close();
      }
      const restored = new PGlite({ loadDataDir: dump });
      try {
        expect((await restored.query('SELECT v FROM dumped')).rows).toEqual([{ v: 42 }]);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
