/**
 * Socio-demographic report with 5,000 workers: time of the JSON report and of the Excel export
 * through the real app (app.inject, no network), on the embedded PGlite or on DATABASE_URL.
 *
 *   npx tsx bench/sociodemografico.ts [workers=5000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sociodemografico.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { dropIsolatedDatabase, openDatabase, query } from '../server/src/db/client';
import { DEMO } from '../server/src/db/seed';
import { generateEmployees } from './generate-employees';

const WORKERS = Number(process.argv[2] ?? 5000);
const RUNS = 15;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-socio-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', SEED_DEMO: 'true' },
    { dataDir, webDist: path.join(dataDir, 'none') },
  );
  const databaseUrl = process.env.DATABASE_URL;
  const isolatedDatabase = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl, isolatedDatabase });
  const app = await buildApp({ ...config, databaseUrl }, { database, logger: false });
  try {
    const db = app.db;
    const [empresa] = await query<{ id: number }>(
      db,
      sql`SELECT id FROM empresas WHERE nit = ${DEMO.companies[0].nit}`,
    );
    const cargoIds = (await query<{ id: number }>(db, sql`SELECT id FROM cargos`)).map((r) => r.id);
    const places = await query<{
      departamento: string;
      codigo_depto: string;
      ciudad: string;
      codigo_municipio: string;
    }>(
      db,
      sql`SELECT d.nombre AS departamento, d.codigo AS codigo_depto, m.nombre AS ciudad, m.codigo AS codigo_municipio
            FROM municipios m JOIN departamentos d ON d.codigo = m.departamento_codigo`,
    );
    let t = performance.now();
    const people = generateEmployees(WORKERS, { cargoIds, places });
    for (let i = 0; i < people.length; i += 500) {
      const chunk = people.slice(i, i + 500);
      await db.execute(sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, apellidos2, cargo_id, datos)
        VALUES ${sql.join(
          chunk.map(
            (p) =>
              sql`(${empresa.id}, ${p.tipo_documento}, ${p.numero_documento}, ${p.nombres}, ${p.apellidos}, ${p.apellidos2}, ${p.cargo_id}, ${JSON.stringify(p.datos)}::jsonb)`,
          ),
          sql`, `,
        )}`);
    }
    console.log(
      `generated ${WORKERS} workers in ${(performance.now() - t).toFixed(0)} ms (${database.kind})`,
    );

    // Sign in like the browser does (captcha solved).
    const ch = (await app.inject({ method: 'GET', url: '/api/login/captcha' })).json() as Challenge;
    const solution = await solveChallenge({ challenge: ch, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge: ch, solution })).toString('base64');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login/authenticate?permiso=1',
      payload: { username: DEMO.companies[0].nit, password: DEMO.password, captcha },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const url = '/api/contratista/empleados/reportesociodemografico';

    // Wall time depends on what else runs on this 2-core machine; the CPU time of this process
    // (app + PGlite, not a PostgreSQL server) much less so.
    const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
    async function measure(path: string, runs: number, check: (payload: Buffer) => Promise<void>) {
      const wall: number[] = [];
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs + 1; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: path, headers });
        const ms = performance.now() - t0;
        const used = cpuMs(process.cpuUsage(c0));
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
        bytes = res.rawPayload.length;
        if (i === 0) await check(res.rawPayload);
        else {
          wall.push(ms);
          cpu.push(used);
        }
      }
      return `${(bytes / 1024).toFixed(0)} KiB: median ${median(wall).toFixed(0)} ms, p95 ${p95(wall).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms (${runs} runs, load average ${loadavg()[0].toFixed(1)})`;
    }

    const jsonLine = await measure(url, RUNS, async (payload) => {
      if ((JSON.parse(payload.toString()) as unknown[]).length !== WORKERS)
        throw new Error('report row count');
    });
    console.log(`JSON report, ${WORKERS} rows, ${jsonLine}`);
    const xlsxLine = await measure(`${url}/excel`, 5, async (payload) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(payload as unknown as ArrayBuffer);
      if (wb.worksheets[0].rowCount !== WORKERS + 1) throw new Error('excel row count');
    });
    console.log(`Excel export, ${WORKERS} rows, ${xlsxLine}`);

    // Other requests during an export: the export yields to the event loop, so they keep being served.
    const small: number[] = [];
    let exporting = true;
    const exportDone = app
      .inject({ method: 'GET', url: `${url}/excel`, headers })
      .finally(() => (exporting = false));
    while (exporting) {
      t = performance.now();
      await app.inject({ method: 'GET', url: '/api/contratista/cargos', headers });
      small.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    await exportDone;
    console.log(
      `GET /api/contratista/cargos during an export: ${small.length} requests, median ${median(small).toFixed(1)} ms, max ${Math.max(...small).toFixed(1)} ms`,
    );
    const rss = process.memoryUsage().rss / 2 ** 20;
    console.log(`process RSS after the runs: ${rss.toFixed(0)} MiB`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (isolatedDatabase && databaseUrl) await dropIsolatedDatabase(databaseUrl, isolatedDatabase);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
