/**
 * Fault script (docs/decisions/080): a flood of deeply nested
 * JSON bodies while a prober reads GET /api/health.
 *
 * The real server (embedded PGlite on a temp DATA_DIR) runs as a child process on 127.0.0.1. The
 * flood runs in a second child process (its own event loop, so writing megabytes does not delay the
 * prober's timers) and sends, on FLOOD_CONNECTIONS keep-alive connections, in turn:
 *   - PUT /api/contratista/adjuntos/sg-sst/{id} (signed in; the upload routes accept ~7 MB):
 *     6.8 MB of '[' x 3.4 million then ']' x 3.4 million, the audit's body;
 *   - the same route with '{"a":' x 1.1 million (objects instead of arrays, 6.6 MB);
 *   - POST /api/login/authenticate (public, 64 KB limit): 63 KB of brackets (31,000 levels);
 *   - the login and the upload route with bodies over their limit (100 KB and 7.5 MB) whose first
 *     bytes nest past the limit: a 413 (Fastify refuses a declared length over the limit unread;
 *     before, the depth scanner's stream failed afterwards with nobody listening and the process
 *     died), and the login's 100 KB without a declared length (chunked), refused while reading.
 * Phases, each DURATION seconds: health alone (baseline), health during the flood, health after.
 * The flood stops at MAX_FLOOD requests or at the end of its phase, whichever comes first.
 * Checks: every answer to a flood request is a 400 with the Spanish message (a 413 for the bodies
 * over their limit) (Fastify closes the
 * connection after a failed body, so a client still writing may lose the answer to EPIPE: those are
 * counted apart), health only 200s, health p99 during the flood < 50 ms, the server still alive.
 * MB is what the flood offered (bodies x size), not what the server read. Exit 1 on a failed check.
 *
 * The flood runs at RATE bodies/s overall (default 20: 130 MB/s offered; before the depth check one
 * such upload body held the event loop for ~2 s), 0 = as fast as the connections go.
 *
 *   npx tsx bench/fault-deep-json.ts [durationS=10] [rate=20] [--postgres]
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from './pg-scratch';
import {
  percentile,
  reportChecksAndExit,
  login,
  pdfRequisitos,
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
  spawnFloodChild,
  type Shot,
} from './fault-support';

const FLOOD_CONNECTIONS = 4;
const MAX_FLOOD = 2000;

type FloodShot = Shot & { target: string; bytes: number; expected: number };

/** The flood bodies, built once. */
function bodies() {
  const arrays = 3_400_000;
  const objects = 1_100_000;
  const login = 31_000;
  return {
    uploadArrays: Buffer.from('['.repeat(arrays) + ']'.repeat(arrays)),
    uploadObjects: Buffer.from('{"a":'.repeat(objects) + '1' + '}'.repeat(objects)),
    loginArrays: Buffer.from('['.repeat(login) + ']'.repeat(login)),
    loginOverLimit: Buffer.from('['.repeat(40).padEnd(100_000, ' ')),
    uploadOverLimit: Buffer.from('['.repeat(40).padEnd(7_500_000, ' ')),
  };
}

/**
 * Child mode (`--flood-child url token requisitoId durationS`): FLOOD_CONNECTIONS loops sending the
 * three bodies in turn until the phase ends or MAX_FLOOD requests went out; prints the shots as JSON.
 */
async function floodChild(argv: string[]) {
  const [url, token, requisitoId, durationS, rate] = argv;
  const interval = Number(rate) > 0 ? 1000 / Number(rate) : 0;
  let nextAt = performance.now();
  const b = bodies();
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  const json = { 'content-type': 'application/json' };
  const targets = [
    {
      name: 'upload, 6.8 MB of [',
      url: `${url}/api/contratista/adjuntos/sg-sst/${requisitoId}`,
      method: 'PUT',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: b.uploadArrays,
    },
    {
      name: 'upload, 6.6 MB of {"a":',
      url: `${url}/api/contratista/adjuntos/sg-sst/${requisitoId}`,
      method: 'PUT',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: b.uploadObjects,
    },
    {
      name: 'login, 63 KB of [',
      url: `${url}/api/login/authenticate?permiso=1`,
      method: 'POST',
      headers: json,
      body: b.loginArrays,
    },
    {
      name: 'login, 100 KB over the limit',
      url: `${url}/api/login/authenticate?permiso=1`,
      method: 'POST',
      headers: json,
      body: b.loginOverLimit,
      expect: 413,
    },
    {
      name: 'upload, 7.5 MB over the limit',
      url: `${url}/api/contratista/adjuntos/sg-sst/${requisitoId}`,
      method: 'PUT',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: b.uploadOverLimit,
      expect: 413,
    },
    {
      name: 'login, 100 KB chunked',
      url: `${url}/api/login/authenticate?permiso=1`,
      method: 'POST',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body: b.loginOverLimit,
    },
  ];
  process.stdout.write('START\n');
  const end = performance.now() + Number(durationS) * 1000;
  let n = 0;
  const shots: Array<FloodShot> = [];
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (performance.now() < end && n < MAX_FLOOD) {
        if (interval) {
          // Overall rate: each worker takes the next free slot and waits for it.
          const slot = (nextAt = Math.max(nextAt + interval, performance.now()));
          const wait = slot - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (performance.now() >= end) break;
        }
        const t = targets[n++ % targets.length];
        try {
          // The server answers 400 after the first bytes and closes without reading the rest.
          const { body: _body, ...shot } = await sendJson(agent, t.url, { ...t, answerEnds: true });
          shots.push({ ...shot, target: t.name, bytes: t.body.length, expected: t.expect ?? 400 });
        } catch (err) {
          shots.push({
            status: 0,
            ms: 0,
            target: t.name,
            bytes: 0,
            expected: t.expect ?? 400,
            message: String(err),
          });
        }
      }
    }),
  );
  agent.destroy();
  process.stdout.write(`${JSON.stringify(shots)}\n`);
}

const runFloodChild = (url: string, token: string, requisitoId: number, durationS: number, rate: number) =>
  spawnFloodChild<FloodShot[]>(
    import.meta.url,
    [url, token, String(requisitoId), String(durationS), String(rate)],
    { timeoutS: durationS + 60 },
  );

async function main(args: string[], usePg: boolean) {
  const durationS = Number(args[0] ?? 10);
  const rate = Number(args[1] ?? 20);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-deep-json-'));
  const log = path.join(dataDir, 'server.log');
  let scratch: ScratchDatabase | undefined;
  const env: Record<string, string> = {};
  if (usePg) {
    scratch = await createScratchDatabase('fault_deep');
    env.DATABASE_URL = scratch.url;
  }
  console.log(
    `fault-deep-json: ${usePg ? 'PostgreSQL' : 'PGlite'}, ${durationS} s per phase, health every ${HEALTH_INTERVAL_MS} ms, ` +
      `flood ${rate || 'unbounded'} bodies/s on ${FLOOD_CONNECTIONS} connections (at most ${MAX_FLOOD}), load average ${loadAverage()}`,
  );
  let server: Server | undefined;
  let failed = false;
  const checks: Array<{ name: string; ok: boolean; detail: string }> = [];
  const onSignal = () => {
    if (server) server.proc.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    server = await startServer({ dataDir, log, env: { ...env, LOG_LEVEL: 'error' } });
    const token = await login(server.url);
    const [requisitoId] = await pdfRequisitos(server.url, token);
    await probeHealth(server.url, 1); // warm-up

    const baseline = await probeHealth(server.url, durationS);
    const flood = runFloodChild(server.url, token, requisitoId, durationS, rate);
    await flood.started;
    const [shots, during] = await Promise.all([flood.result, probeHealth(server.url, durationS)]);
    const after = await probeHealth(server.url, durationS);

    console.log(`\n${'health'.padEnd(30)} ${'reqs'.padStart(6)}  latency`);
    healthLine('alone (baseline)', baseline);
    healthLine('during the deep-JSON flood', during);
    healthLine('after', after);

    console.log(
      `\n${'flood body'.padEnd(30)} ${'reqs'.padStart(6)}  ${'MB'.padStart(8)}  answer latency (answered ones)`,
    );
    const byTarget = new Map<string, typeof shots>();
    for (const s of shots) byTarget.set(s.target, [...(byTarget.get(s.target) ?? []), s]);
    for (const [target, list] of byTarget) {
      const lat = list.filter((s) => s.status !== 0).map((s) => s.ms);
      const statuses = [...new Set(list.map((s) => s.status))]
        .map((c) => `${c}:${list.filter((s) => s.status === c).length}`)
        .join(' ');
      const mb = list.reduce((a, s) => a + s.bytes, 0) / 1e6;
      console.log(
        `${target.padEnd(30)} ${String(list.length).padStart(6)}  ${mb.toFixed(0).padStart(8)}  p50 ${fmtMs(percentile(lat, 50))}  p99 ${fmtMs(percentile(lat, 99))}  status ${statuses}`,
      );
    }
    // Fastify answers a failed body with Connection: close and closes without reading the rest; a
    // client still writing may see EPIPE/ECONNRESET before it reads the 400 (a client-side race).
    const answered = shots.filter((s) => s.status !== 0);
    const cut = shots.filter((s) => s.status === 0);
    const cutByServer = cut.every((s) => /EPIPE|ECONNRESET/.test(s.message ?? ''));
    const messages = [...new Set(answered.filter((s) => s.status === 400).map((s) => s.message))];
    checks.push(
      {
        name: 'every answer to a deep body is 400 with the Spanish message (413 over the limit)',
        ok: answered.length > 0 && answered.every((s) => s.status === s.expected) && messages.length === 1,
        detail: `${answered.length} answers, statuses ${[...new Set(answered.map((s) => s.status))].join(',')}, "${messages.join('" | "')}"`,
      },
      {
        name: 'the others were cut by the server (connection closed)',
        ok: cutByServer,
        detail: `${cut.length} of ${shots.length} (${[...new Set(cut.map((s) => s.message))].join(', ') || 'none'})`,
      },
      ...(await healthChecks(server, 'during the flood', { baseline, during, after })),
    );
    if (checks.some((c) => !c.ok)) failed = true;
  } catch (err) {
    failed = true;
    console.error('fault-deep-json: error:', err);
  } finally {
    if (server) await stopServer(server);
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportChecksAndExit(checks, failed);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--flood-child') void floodChild(process.argv.slice(3));
  else
    void main(
      process.argv.slice(2).filter((a) => !a.startsWith('--')),
      process.argv.includes('--postgres'),
    );
}
