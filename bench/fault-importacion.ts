/**
 * Fault script (docs/decisions/137, amendment of 2026-12-01): roster-import previews of hostile
 * workbooks while a prober reads GET /api/health. Before the workbook was measured and read in the
 * file-check worker, one 4.6 MB file of a million sparse rows stalled the server 170 s and ended in
 * a heap out-of-memory, and 45,000 rows took 30 s with health p99 2.0-2.3 s.
 *
 * The real server (embedded PGlite on a temp DATA_DIR) runs as a child process on 127.0.0.1; the
 * previews are sent from this process on CONNECTIONS keep-alive connections, in turn:
 *   - a million sparse rows (one empty cell each) with the declared dimension A1:AI1000000;
 *   - the same million rows with no dimension (the row count must stop the reading);
 *   - 45,000 sparse rows with the declared dimension A1:AI45000;
 *   - a valid template of validRows workers (read whole: the real work of a preview; 0: none).
 * Phases, each DURATION seconds: health alone (baseline), health during the previews, health after.
 * Checks: each hostile file answered 200 with archivoValido false and the limit's message, the valid
 * file previewed whole, health only 200s, health p99 during the previews < 50 ms, server alive.
 * The files are built before the phases (building a million rows takes seconds of this process).
 *
 *   npx tsx bench/fault-importacion.ts [durationS=20] [rate=1] [validRows=500]
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IMPORTACION_MSG, MAX_FILAS_HOJA, MAX_FILAS_IMPORTACION, PLANTILLA_HOJA } from '@proveedores/domain';
import { adjuntoXlsx, filaValida, hojaEnorme, llenarPlantilla } from '../server/src/test/importacion';
import {
  login,
  percentile,
  reportChecksAndExit,
  startServer,
  stopServer,
  type Server,
} from './upload-support';
import {
  fmtMs,
  HEALTH_INTERVAL_MS,
  healthChecks,
  healthLine,
  loadAverage,
  probeHealth,
  sendJson,
  type Shot,
} from './fault-support';

const CONNECTIONS = 2;

type Preview = {
  archivoValido?: boolean;
  errores?: Array<{ mensaje: string }>;
  resumen?: { creados: number };
};

async function main(durationS: number, rate: number, validRows: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-importacion-'));
  const log = path.join(dataDir, 'server.log');
  let server: Server | undefined;
  let failed = false;
  const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
  const tooLarge = (filas: number, masDe = false) =>
    IMPORTACION_MSG.importSheetTooLarge(PLANTILLA_HOJA, filas, MAX_FILAS_HOJA, MAX_FILAS_IMPORTACION, masDe);
  console.log(
    `fault-importacion: PGlite, ${durationS} s per phase, health every ${HEALTH_INTERVAL_MS} ms, previews ${rate}/s on ${CONNECTIONS} connections, load average ${loadAverage()}`,
  );
  try {
    server = await startServer({ dataDir, log, env: { LOG_LEVEL: 'error' } });
    const token = await login(server.url);
    const auth = { authorization: `Bearer ${token}` };
    const contracts = (await (
      await fetch(`${server.url}/api/contratista`, { headers: auth })
    ).json()) as Array<{
      contratos?: Array<{ id: number }>;
    }>;
    const contratoid = contracts[0]?.contratos?.[0]?.id;
    const cargos = (await (
      await fetch(`${server.url}/api/contratista/cargos`, { headers: auth })
    ).json()) as Array<{
      descripcion: string;
    }>;
    if (!contratoid || !cargos[0]) throw new Error('no contract or cargo in the demo data');
    const template = Buffer.from(
      await (
        await fetch(`${server.url}/api/contratista/empleados/importacion/plantilla`, { headers: auth })
      ).arrayBuffer(),
    );
    const files = [
      {
        name: '1,000,000 rows, dimension',
        bytes: await hojaEnorme({ filas: 1_000_000, dimension: 'A1:AI1000000' }),
        expect: (b: Preview) => b.archivoValido === false && b.errores?.[0]?.mensaje === tooLarge(1_000_000),
      },
      {
        name: '1,000,000 rows, no dimension',
        bytes: await hojaEnorme({ filas: 1_000_000 }),
        expect: (b: Preview) =>
          b.archivoValido === false && b.errores?.[0]?.mensaje === tooLarge(MAX_FILAS_HOJA, true),
      },
      {
        name: '45,000 rows, dimension',
        bytes: await hojaEnorme({ filas: 45_000, dimension: 'A1:AI45000' }),
        expect: (b: Preview) => b.archivoValido === false && b.errores?.[0]?.mensaje === tooLarge(45_000),
      },
      {
        name: `${validRows} valid rows (template)`,
        bytes: await llenarPlantilla(
          template,
          Array.from({ length: validRows }, (_, i) => filaValida(i, cargos[0].descripcion)),
        ),
        expect: (b: Preview) => b.archivoValido === true && b.resumen?.creados === validRows,
      },
    ]
      .filter((f) => validRows > 0 || !f.name.includes('valid'))
      .map((f) => ({
        ...f,
        body: Buffer.from(JSON.stringify({ contratoid, adjunto: adjuntoXlsx(f.bytes) })),
      }));
    for (const f of files) console.log(`  ${f.name.padEnd(30)} ${(f.bytes.length / 1e6).toFixed(2)} MB xlsx`);

    await probeHealth(server.url, 1); // warm-up
    const baseline = await probeHealth(server.url, durationS);
    const url = `${server.url}/api/contratista/empleados/importacion/previsualizar`;
    const headers = { ...auth, 'content-type': 'application/json' };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const shots: Array<Shot & { file: string; ok: boolean }> = [];
    const flood = async () => {
      const end = performance.now() + durationS * 1000;
      let nextAt = performance.now();
      let n = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < end) {
            const slot = (nextAt = Math.max(nextAt + 1000 / rate, performance.now()));
            const wait = slot - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            if (performance.now() >= end) break;
            const f = files[n++ % files.length];
            try {
              const s = await sendJson(agent, url, { method: 'POST', headers, body: f.body });
              shots.push({ ...s, file: f.name, ok: s.status === 200 && f.expect(s.body as Preview) });
            } catch {
              shots.push({ status: 0, ms: 0, file: f.name, ok: false });
            }
          }
        }),
      );
    };
    const [, during] = await Promise.all([flood(), probeHealth(server.url, durationS)]);
    agent.destroy();
    const after = await probeHealth(server.url, durationS);

    console.log(`\n${'health'.padEnd(32)} ${'reqs'.padStart(6)}  latency`);
    healthLine('alone (baseline)', baseline);
    healthLine('during the previews', during);
    healthLine('after', after);
    console.log(`\n${'preview'.padEnd(32)} ${'reqs'.padStart(6)}  answer latency`);
    for (const f of files) {
      const list = shots.filter((s) => s.file === f.name);
      const lat = list.map((s) => s.ms);
      console.log(
        `${f.name.padEnd(32)} ${String(list.length).padStart(6)}  p50 ${fmtMs(percentile(lat, 50))}  max ${fmtMs(Math.max(...lat))}  as expected: ${list.filter((s) => s.ok).length}`,
      );
    }
    checks.push(
      {
        name: 'every preview answered as expected (hostile: the limit named; valid: read whole)',
        ok: shots.length >= files.length && shots.every((s) => s.ok),
        detail: `${shots.filter((s) => s.ok).length} of ${shots.length}`,
      },
      ...(await healthChecks(server, 'during the previews', { baseline, during, after })),
    );
    if (checks.some((c) => !c.ok)) failed = true;
  } catch (err) {
    failed = true;
    console.error('fault-importacion: error:', err);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  // A standalone script, not a test: its exit code is its verdict (1 when a check failed).
  reportChecksAndExit(checks, failed);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  void main(Number(args[0] ?? 20), Number(args[1] ?? 1), Number(args[2] ?? 500));
}
