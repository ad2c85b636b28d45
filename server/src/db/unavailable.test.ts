import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => new Error('no error'),
    (e: unknown) => e,
  );

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection and a pool timeout, also wrapped as a cause', async () => {
    const port = await closedPort();
    const refused = await failure(new pg.Client({ host: '127.0.0.1', port, user: 'x' }).connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: SELECT 1', { cause: refused }))).toBe(true);

    const pool = new pg.Pool({ host: '10.255.255.1', port: 5432, user: 'x', connectionTimeoutMillis: 50 });
    const timedOut = await failure(pool.query('SELECT 1'));
    await pool.end();
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('does not excuse real bugs: a syntax error, a constraint violation, a plain error', async () => {
    const db = new PGlite();
    try {
      expect(isDatabaseUnavailable(await failure(db.query('SELEC 1')))).toBe(false);
      await db.exec('CREATE TABLE t (id int PRIMARY KEY); INSERT INTO t VALUES (1)');
      expect(isDatabaseUnavailable(await failure(db.query('INSERT INTO t VALUES (1)')))).toBe(false);
    } finally {
      await db.close();
    }
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('recognises PostgreSQL shutting down (57P01) by its SQLSTATE', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
