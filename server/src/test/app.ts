import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { dropIsolatedDatabase, openDatabase } from '../db/client';
import { DEMO } from '../db/seed';

/**
 * A real app on a fresh database: in-memory PGlite, or a database of its own on the PostgreSQL of
 * DATABASE_URL. Captchas are real at a low cost. Closed after the file's tests.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', SEED_DEMO: 'true' },
    { dataDir, webDist: path.join(dataDir, 'no-web'), ...overrides },
  );
  const databaseUrl = process.env.DATABASE_URL;
  const isolatedDatabase = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl, isolatedDatabase });
  const app = await buildApp({ ...config, databaseUrl }, { database, logger: false });
  afterAll(async () => {
    await app.close();
    await database.close();
    if (isolatedDatabase && databaseUrl) await dropIsolatedDatabase(databaseUrl, isolatedDatabase);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** Fetches a challenge and solves it like the widget does. */
export async function solveCaptcha(app: FastifyInstance, ip = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/login/captcha', remoteAddress: ip });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export type LoginAs = { username: string; password: string; path?: string };

export async function login(app: FastifyInstance, who: LoginAs, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: who.path ?? '/api/login/authenticate?permiso=1',
    remoteAddress: ip,
    payload: { username: who.username, password: who.password, captcha: await solveCaptcha(app, ip) },
  });
}

/** Bearer headers of a fresh session of the given account. */
export async function authHeaders(app: FastifyInstance, who: LoginAs): Promise<Record<string, string>> {
  const res = await login(app, who);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { authorization: `Bearer ${res.json().token}` };
}

export const CONTRACTOR_A = { username: DEMO.companies[0].nit, password: DEMO.password };
export const CONTRACTOR_B = { username: DEMO.companies[1].nit, password: DEMO.password };
export const REVIEWER = {
  username: DEMO.reviewer.username,
  password: DEMO.reviewerPassword,
  path: '/api/login/authenticatead',
};
