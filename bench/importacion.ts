/**
 * Row of `npm run bench` for the roster import (docs/decisions/137): POST
 * /api/contratista/empleados/importacion/previsualizar of a 1,000-row template, through the real
 * route (fastify inject into a test app on embedded PGlite with the demo data): upload inspection,
 * exceljs read, the employee rule set on every row, the stored workers compared. Goal (the issue's):
 * 1,000 rows validate in < 2 s, so p99 < 2,000 ms. Not scaled by BENCH_SCALE (the file size is the
 * point).
 *
 * Standalone: npx tsx bench/importacion.ts [--runs=5] [--n=1000]
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { DEMO } from '../server/src/db/seed';
import { contractIds, firstCargo } from '../server/src/modules/empleados/test-helpers';
import {
  adjuntoXlsx,
  filaValida,
  llenarPlantilla,
} from '../server/src/modules/empleados/importacion-test-helpers';

export const IMPORTACION_NAME = 'importacion';
const GOAL_MS = 2000;

export type ImportacionRow = {
  endpoint: string;
  db: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  paced: true;
  goal: string;
};

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms: number) => Math.round(ms);

/** The server's test app without vitest (server/src/test/app.ts registers vitest hooks). */
async function benchApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-bench-importacion-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', SEED_DEMO: 'true' },
    { dataDir, webDist: path.join(dataDir, 'no-web') },
  );
  const database = await openDatabase({});
  const app = await buildApp(config, { database, logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function contractorHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/login/captcha' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/authenticate?permiso=1',
    payload: { username: DEMO.companies[0].nit, password: DEMO.password, captcha },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

export async function runImportacionBench(
  opts: { runs?: number; n?: number } = {},
): Promise<{ rows: ImportacionRow[]; notes: string[] }> {
  const runs = opts.runs ?? 5;
  const n = opts.n ?? 1000;
  const { app, close } = await benchApp();
  try {
    const headers = await contractorHeaders(app);
    const cargo = (await firstCargo(app, headers)).descripcion;
    const [contratoid] = await contractIds(app, DEMO.companies[0].nit);
    const template = (
      await app.inject({ method: 'GET', url: '/api/contratista/empleados/importacion/plantilla', headers })
    ).rawPayload;
    const bytes = await llenarPlantilla(
      template,
      Array.from({ length: n }, (_, i) => filaValida(i, cargo)),
    );
    const payload = { contratoid, adjunto: adjuntoXlsx(bytes) };
    const once = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contratista/empleados/importacion/previsualizar',
        headers,
        payload,
      });
      const body = res.json() as { resumen?: { creados: number } };
      return res.statusCode === 200 && body.resumen?.creados === n;
    };
    await once(); // warm-up (JIT, memoized lists)
    const ms: number[] = [];
    let errors = 0;
    let cpu = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      if (!(await once())) errors++;
      ms.push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu += (d.user + d.system) / 1000;
    }
    ms.sort((a, b) => a - b);
    const total = ms.reduce((x, y) => x + y, 0);
    const row: ImportacionRow = {
      endpoint: `${IMPORTACION_NAME}: preview ${n.toLocaleString('en')} rows (${(bytes.length / 1024).toFixed(0)} KB xlsx)`,
      db: 'pglite (in process)',
      conns: 1,
      rps: total > 0 ? (runs / total) * 1000 : 0,
      p50: round(pct(ms, 50)),
      p99: round(pct(ms, 99)),
      errors,
      paced: true,
      goal: `p99<${GOAL_MS}ms ${pct(ms, 99) < GOAL_MS ? 'ok' : 'MISSED'}`,
    };
    const notes = [
      `importacion: ${runs} runs after 1 warm-up; CPU time per preview ${round(cpu / runs)} ms (wall p50 ${row.p50} ms); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    ];
    return { rows: [row], notes };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const r = await runImportacionBench({ runs: Number(arg('runs') ?? 5), n: Number(arg('n') ?? 1000) });
  for (const row of r.rows) console.log(`${row.endpoint}: p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.goal}`);
  for (const note of r.notes) console.log(note);
}
