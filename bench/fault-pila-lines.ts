/**
 * Fault script (docs/decisions/165): PILA flat files of one million short lines (2 MB, the audit's
 * file) sent to PUT /api/contratista/pila while a prober reads GET /api/health every 20 ms.
 *
 * The real server (embedded PGlite on a temp DATA_DIR) runs as a child process; the files go from a
 * second child process (its own event loop), on FLOOD_CONNECTIONS keep-alive connections, at RATE
 * files/s (default 2; the upload rate limit is raised for the run so that every file reaches the
 * parse). Phases, each DURATION seconds: health alone, health while the files are sent, health after.
 * Checks: every file is answered 400 with the line-limit message, health only 200s, health p99 while
 * the files are sent < 50 ms, the server alive afterwards. Before decision 165 one such file held the
 * event loop about 46 s. Exit 1 on a failed check.
 *
 *   npx tsx bench/fault-pila-lines.ts [durationS=10] [rate=2]
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MSG, PILA_MAX_LINEAS, hoyEnColombia } from '@proveedores/domain';
import {
  login,
  percentile,
  reportChecksAndExit,
  startServer,
  stopServer,
  type FaultCheck,
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
  spawnFloodChild,
  type Shot,
} from './fault-support';

const FLOOD_CONNECTIONS = 2;
const LINES = 1_000_000;

/** Child mode (`--flood-child url token contratoid ano mes durationS rate`): prints the shots as JSON. */
async function floodChild(argv: string[]) {
  const [url, token, contratoid, ano, mes, durationS, rate] = argv;
  const body = Buffer.from(
    JSON.stringify({
      adjunto: {
        adjunto: Buffer.from('x\n'.repeat(LINES)).toString('base64'),
        nombreArchivo: 'planilla.txt',
        extension: 'txt',
      },
    }),
  );
  const target = `${url}/api/contratista/pila?contratoid=${contratoid}&ano=${ano}&mes=${mes}`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const interval = 1000 / Number(rate);
  let nextAt = performance.now();
  process.stdout.write('START\n');
  const end = performance.now() + Number(durationS) * 1000;
  const shots: Shot[] = [];
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const slot = (nextAt = Math.max(nextAt + interval, performance.now()));
        const wait = slot - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (performance.now() >= end) break;
        try {
          shots.push(await sendJson(agent, target, { method: 'PUT', headers, body }));
        } catch (err) {
          shots.push({ status: 0, ms: 0, message: String(err) });
        }
      }
    }),
  );
  agent.destroy();
  process.stdout.write(`${JSON.stringify(shots)}\n`);
}

const runFloodChild = (args: string[], durationS: number) =>
  spawnFloodChild<Shot[]>(import.meta.url, args, { timeoutS: durationS + 120 });

async function main(args: string[]) {
  const durationS = Number(args[0] ?? 10);
  const rate = Number(args[1] ?? 2);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-pila-lines-'));
  const log = path.join(dataDir, 'server.log');
  console.log(
    `fault-pila-lines: PGlite, ${durationS} s per phase, health every ${HEALTH_INTERVAL_MS} ms, ` +
      `${rate} files/s of ${LINES.toLocaleString('en')} lines on ${FLOOD_CONNECTIONS} connections, load average ${loadAverage()}`,
  );
  let server: Server | undefined;
  let failed = false;
  const checks: FaultCheck[] = [];
  try {
    server = await startServer({
      dataDir,
      log,
      env: { LOG_LEVEL: 'error', UPLOAD_RATE_PER_MINUTE: '100000' },
    });
    const token = await login(server.url);
    const contratos = (await (
      await fetch(`${server.url}/api/contratista`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as [{ contratos: Array<{ id: number }> }];
    // Last month: the demo contracts started three months ago, so its M01 slot exists.
    const [y, m] = hoyEnColombia(new Date()).split('-').map(Number);
    const [ano, mes] = m === 1 ? [y - 1, 12] : [y, m - 1];
    await probeHealth(server.url, 1); // warm-up

    const baseline = await probeHealth(server.url, durationS);
    const flood = runFloodChild(
      [
        server.url,
        token,
        String(contratos[0].contratos[0].id),
        String(ano),
        String(mes),
        String(durationS),
        String(rate),
      ],
      durationS,
    );
    await flood.started;
    const [shots, during] = await Promise.all([flood.result, probeHealth(server.url, durationS)]);
    const after = await probeHealth(server.url, durationS);

    console.log(`\n${'health'.padEnd(30)} ${'reqs'.padStart(6)}  latency`);
    healthLine('alone (baseline)', baseline);
    healthLine('while the files are sent', during);
    healthLine('after', after);
    const lat = shots.filter((s) => s.status !== 0).map((s) => s.ms);
    console.log(
      `\nfiles sent ${shots.length}, answer p50 ${fmtMs(percentile(lat, 50))}  p99 ${fmtMs(percentile(lat, 99))}  ` +
        `statuses ${[...new Set(shots.map((s) => s.status))].join(',')}`,
    );
    const esperado = MSG.pilaDemasiadasLineas(PILA_MAX_LINEAS);
    checks.push(
      {
        name: 'every file is answered 400 with the line-limit message',
        ok: shots.length > 0 && shots.every((s) => s.status === 400 && s.message === esperado),
        detail: `${shots.length} files, "${[...new Set(shots.map((s) => s.message))].join('" | "')}"`,
      },
      ...(await healthChecks(server, 'while the files are sent', { baseline, during, after })),
    );
    if (checks.some((c) => !c.ok)) failed = true;
  } catch (err) {
    failed = true;
    console.error('fault-pila-lines: error:', err);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  // A standalone script, not a test: its exit code is its verdict (1 when a check failed).
  reportChecksAndExit(checks, failed);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--flood-child') void floodChild(process.argv.slice(3));
  else void main(process.argv.slice(2).filter((a) => !a.startsWith('--')));
}
