import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { dropIsolatedDatabase, openDatabase, query } from '../db/client';
import { authHeaders, CONTRACTOR_A } from '../test/app';
import { adjunto, pdfBytes, requisitoId } from '../test/evidencias';
import { firstCargo, postEmployee, validEmployee } from '../test/empleados';
import { redactUrl } from '../lib/log-redaction';

/**
 * The app with its real logger (pino, the app's serializers and redaction) writing into memory:
 * what would reach the log file is exactly what these tests read.
 */
let lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  },
});
const logText = () => lines.join('\n');

let app: FastifyInstance;
let A: Record<string, string>;
let token: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-log-test-'));
const databaseUrl = process.env.DATABASE_URL;
const isolatedDatabase = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;

beforeAll(async () => {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info', CAPTCHA_MAX_NUMBER: '1000', SEED_DEMO: 'true' },
    { dataDir, webDist: path.join(dataDir, 'no-web') },
  );
  const database = await openDatabase({ databaseUrl, isolatedDatabase });
  app = await buildApp({ ...config, databaseUrl }, { database, logStream: sink });
  app.addHook('onClose', async () => database.close());
  // Personal data that reaches PostgreSQL and is refused there: its message quotes the value.
  app.get('/api/test/bad-cast', async () =>
    query(app.db, sql`SELECT ${'MARÍA FERNANDA ZAPATA'}::int AS n, ${'1098765432'}::text AS doc`),
  );
  A = await authHeaders(app, CONTRACTOR_A);
  token = A.authorization.slice('Bearer '.length);
});

afterAll(async () => {
  await app.close();
  if (isolatedDatabase && databaseUrl) await dropIsolatedDatabase(databaseUrl, isolatedDatabase);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a failed query', () => {
  it('logs the statement and the SQLSTATE, never the values of its parameters', async () => {
    const cargo = (await firstCargo(app, A)).id;
    // Every new employee row now fails its check: PostgreSQL's detail lists the whole row.
    await query(app.db, sql`ALTER TABLE empleados ADD CONSTRAINT solo_prueba CHECK (false) NOT VALID`);
    lines = [];
    const worker = validEmployee(cargo, {
      numerodocumento: '1087654321',
      nombres: 'ROSALBA',
      apellidos: 'QUINTERO',
      apellidos2: 'MOSQUERA',
      direccion: 'Carrera 77 # 12-34',
    });
    const res = await postEmployee(app, A, worker);
    await query(app.db, sql`ALTER TABLE empleados DROP CONSTRAINT solo_prueba`);
    expect(res.statusCode).toBe(500);
    const requestId = res.json().requestId as string;

    const cast = await app.inject({ method: 'GET', url: '/api/test/bad-cast', headers: A });
    expect(cast.statusCode).toBe(500);

    const text = logText();
    for (const value of [
      '1087654321',
      'ROSALBA',
      'QUINTERO',
      'MOSQUERA',
      'Carrera 77',
      'MARÍA FERNANDA',
      '1098765432',
    ]) {
      expect(text, value).not.toContain(value);
    }
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'unhandled error');
    expect(errors).toHaveLength(2);
    const [insert, badCast] = errors;
    expect(insert.reqId).toBe(requestId);
    // What an operator needs: the statement (placeholders only), the SQLSTATE and the constraint.
    expect(insert.err.statement).toMatch(/insert into "?empleados"?/i);
    expect(JSON.stringify(insert.err)).toContain('23514');
    expect(JSON.stringify(insert.err)).toContain('solo_prueba');
    expect(badCast.err.statement).toMatch(/::int/);
    expect(JSON.stringify(badCast.err)).toContain('22P02');
  });
});

describe('tokens in URLs', () => {
  const SHORT_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5MDAxMjM0NTYifQ.c2lnbmF0dXJlLXNob3J0';
  let file: number;
  beforeAll(async () => {
    const rut = await requisitoId(app, 'sg-sst', 'E01');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${rut}`,
      headers: A,
      payload: { adjunto: adjunto(pdfBytes(), 'rut.pdf') },
    });
    expect(res.statusCode, res.body).toBe(200);
    file = res.json().idEntrega;
  });

  it('never reach the log, however the parameter is spelled', async () => {
    const encoded = token.replace(/e/g, '%65');
    const urls = [
      `/api/adminflujos/adjunto/${file}?token=${token}`,
      `/api/adminflujos/adjunto/${file}?%74oken=${token}`,
      `/api/adminflujos/adjunto/${file}?%74oken=${encoded}`,
      `/api/adminflujos/adjunto/${file}?TOKEN=${token}`,
      `/api/adminflujos/adjunto/${file}?token[]=${token}`,
      `/api/adminflujos/adjunto/${file}?x=1&Token%5B0%5D=${token}`,
      `/api/adminflujos/adjunto/${file}?otro=${token}`,
      `/api/adminflujos/adjunto/${file}?otro=${encoded}`,
      // In the path: the router refuses parameters over 100 characters (414, not logged), so a
      // short JWT-shaped value stands for one here.
      `/api/adminflujos/adjunto/${SHORT_JWT}`,
      `/api/adminflujos/adjunto/${SHORT_JWT.replace(/e/g, '%65')}/x`,
    ];
    lines = [];
    const statuses = [];
    for (const url of urls) statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    // A token in the query string opens nothing any more (docs/decisions/166), and is never logged.
    expect(statuses[1]).toBe(401);
    const text = logText();
    const signature = token.split('.')[2];
    const payload = token.split('.')[1];
    expect(text).not.toContain(signature);
    expect(text).not.toContain(payload);
    expect(text).not.toContain(SHORT_JWT.split('.')[1]);
    const logged = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.req)
      .map((l) => l.req.url as string);
    expect(logged).toHaveLength(urls.length);
    for (const url of logged) expect(url).toContain('[redacted]');
    // The rest of the URL stays readable.
    expect(logged[5]).toBe(`/api/adminflujos/adjunto/${file}?x=1&Token%5B0%5D=[redacted]`);
  });

  it('download tickets never reach the log either (docs/decisions/166)', async () => {
    const url = `/api/adminflujos/adjunto/${file}`;
    const res = await app.inject({ method: 'POST', url: `${url}/ticket`, headers: A });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket } = res.json() as { ticket: string };
    lines = [];
    const opened = await app.inject({ method: 'GET', url: `${url}?ticket=${ticket}` });
    expect(opened.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `${url}?TICKET=${ticket}` });
    await app.inject({ method: 'GET', url: `${url}?%74icket=${ticket}` });
    expect(logText()).not.toContain(ticket.slice(8, 40));
    const logged = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.req)
      .map((l) => l.req.url as string);
    expect(logged).toEqual([
      `${url}?ticket=[redacted]`,
      `${url}?TICKET=[redacted]`,
      `${url}?%74icket=[redacted]`,
    ]);
  });

  it('redactUrl leaves ordinary URLs alone', () => {
    for (const url of [
      '/api/contratista/Listadinamico/histdocs?page=2&f_nombre=a.b.c&q=%25',
      '/api/contratista/empleados/VISA%20DE%20TRABAJO/10.203.040',
      '/api/health',
      '/assets/index-abc123.js',
      '/api/x?bad=%E0%A4%A',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('mail', () => {
  it('written to the outbox folder is logged by file, never by recipient', async () => {
    lines = [];
    await app.mailer.queue(app.db, {
      to: 'rosalba.quintero@contratista.com.co',
      subject: 'Proveedores: prueba',
      text: 'Hola',
    });
    expect(await app.mailer.deliverDue(app.db)).toBeGreaterThanOrEqual(1);
    const outbox = lines.map((l) => JSON.parse(l)).filter((l) => /outbox/.test(l.msg));
    expect(outbox.length).toBeGreaterThanOrEqual(1);
    expect(logText()).not.toContain('rosalba.quintero');
  });
});
