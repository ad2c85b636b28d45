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
import { contractIds, firstCargo } from '../server/src/test/empleados';
import { adjuntoXlsx, filaValida, llenarPlantilla } from '../server/src/test/importacion';
import { loadAverage, p99Goal, pacedRow, percentile, rowLine, timeRuns, type PacedRow } from './paced-load';

export const IMPORTACION_NAME = 'importacion';
const GOAL_MS = 2000;

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
): Promise<{ rows: PacedRow[]; notes: string[] }> {
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
    const { ms, errors, cpuMs } = await timeRuns(runs, once, 1); // 1 warm-up (JIT, memoized lists)
    const total = ms.reduce((x, y) => x + y, 0);
    const row = pacedRow({
      endpoint: `${IMPORTACION_NAME}: preview ${n.toLocaleString('en')} rows (${(bytes.length / 1024).toFixed(0)} KB xlsx)`,
      db: 'pglite (in process)',
      conns: 1,
      ms,
      rps: total > 0 ? (runs / total) * 1000 : 0,
      errors,
      goal: p99Goal(GOAL_MS, percentile(ms, 99)),
      decimals: 0,
    });
    const notes = [
      `importacion: ${runs} runs after 1 warm-up; CPU time per preview ${Math.round(cpuMs)} ms (wall p50 ${row.p50} ms); load average ${loadAverage()}`,
    ];
    return { rows: [row], notes };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  const r = await runImportacionBench({ runs: Number(arg('runs') ?? 5), n: Number(arg('n') ?? 1000) });
  for (const row of r.rows) console.log(rowLine(row));
  for (const note of r.notes) console.log(note);
}
