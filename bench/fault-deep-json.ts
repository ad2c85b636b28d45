/**
 * Fault script (RELIABILITY 'Bad input everywhere', docs/decisions/080): a flood of deeply nested
 * JSON bodies while a prober reads GET /api/health.
 *
 * The real server (embedded PGlite on a temp DATA_DIR) runs as a child process on 127.0.0.1. The
 * flood runs in a second child process (its own event loop, so writing megabytes does not delay the
 * prober's timers) and sends, on FLOOD_CONNECTIONS keep-alive connections, in turn:
 *   - PUT /api/contratista/adjuntos/sg-sst/{id} (signed in; the upload routes accept ~7 MB):
 *     6.8 MB of '[' x 3.4 million then ']' x 3.4 million, the audit's body;
 *   - the same route with '{"a":' x 1.1 million (objects instead of arrays, 6.6 MB);
 *   - POST /api/login/authenticate (public, 64 KB limit): 63 KB of brackets (31,000 levels).
 * Phases, each DURATION seconds: health alone (baseline), health during the flood, health after.
 * The flood stops at MAX_FLOOD requests or at the end of its phase, whichever comes first.
 * Checks: every answer to a flood request is a 400 with the Spanish message (Fastify closes the
 * connection after a failed body, so a client still writing may lose the answer to EPIPE: those are
 * counted apart), health only 200s, health p99 during the flood < 50 ms, the server still alive.
 * MB is what the flood offered (bodies x size), not what the server read. Exit 1 on a failed check.
 *
 * The flood runs at RATE bodies/s overall (default 20: 130 MB/s offered; before the depth check one
 * such upload body held the event loop for ~2 s), 0 = as fast as the connections go.
 *
 *   npx tsx bench/fault-deep-json.ts [durationS=10] [rate=20] [--postgres]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from './pg-scratch';
import {
  reportChecksAndExit,
  login,
  pdfRequisitos,
  startServer,
  stopServer,
  type Server,
} from './upload-support';

const FLOOD_CONNECTIONS = 4;
const MAX_FLOOD = 2000;
const HEALTH_INTERVAL_MS = 20;
const HEALTH_P99_GOAL_MS = 50;

type Shot = { status: number; ms: number; message?: string };

/** One request on a keep-alive agent; resolves when the answer has been read (and the body sent). */
function send(
  agent: http.Agent,
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Shot> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: opts.method, agent, headers: opts.headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let message: string | undefined;
        try {
          message = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: string }).message;
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, message });
      });
      res.on('error', reject);
    });
    // The server answers 400 after the first bytes and closes the connection without reading the
    // rest: writing the rest then fails (EPIPE) after the answer arrived, which is the expected end.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(opts.body);
  });
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Health prober: one GET every HEALTH_INTERVAL_MS (sequential, one keep-alive connection). */
async function probeHealth(url: string, durationS: number): Promise<Shot[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const shots: Shot[] = [];
  const end = performance.now() + durationS * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    try {
      shots.push(await send(agent, `${url}/api/health`, { method: 'GET' }));
    } catch {
      shots.push({ status: 0, ms: performance.now() - t });
    }
    const wait = HEALTH_INTERVAL_MS - (performance.now() - t);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  agent.destroy();
  return shots;
}

/** The flood bodies, built once. */
function bodies() {
  const arrays = 3_400_000;
  const objects = 1_100_000;
  const login = 31_000;
  return {
    uploadArrays: Buffer.from('['.repeat(arrays) + ']'.repeat(arrays)),
    uploadObjects: Buffer.from('{"a":'.repeat(objects) + '1' + '}'.repeat(objects)),
    loginArrays: Buffer.from('['.repeat(login) + ']'.repeat(login)),
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
  ];
  process.stdout.write('START\n');
  const end = performance.now() + Number(durationS) * 1000;
  let n = 0;
  const shots: Array<Shot & { target: string; bytes: number }> = [];
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
          const shot = await send(agent, t.url, t);
          shots.push({ ...shot, target: t.name, bytes: t.body.length });
        } catch (err) {
          shots.push({ status: 0, ms: 0, target: t.name, bytes: 0, message: String(err) });
        }
      }
    }),
  );
  agent.destroy();
  process.stdout.write(`${JSON.stringify(shots)}\n`);
}

function runFloodChild(url: string, token: string, requisitoId: number, durationS: number, rate: number) {
  let onStart = () => {};
  const started = new Promise<void>((r) => (onStart = r));
  const result = new Promise<Array<Shot & { target: string; bytes: number }>>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--flood-child',
        url,
        token,
        String(requisitoId),
        String(durationS),
        String(rate),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('START\n')) onStart();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (durationS + 60) * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`flood child exited ${code}`));
      resolve(JSON.parse(out.slice('START\n'.length)) as Array<Shot & { target: string; bytes: number }>);
    });
  });
  return { started, result };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

function healthLine(name: string, shots: Shot[]) {
  const lat = shots.map((s) => s.ms);
  const ok = shots.filter((s) => s.status === 200).length;
  console.log(
    `${name.padEnd(30)} ${String(shots.length).padStart(6)}  p50 ${ms(percentile(lat, 50))}  p99 ${ms(percentile(lat, 99))}  max ${ms(Math.max(...lat))}  200: ${ok}`,
  );
}

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
      `flood ${rate || 'unbounded'} bodies/s on ${FLOOD_CONNECTIONS} connections (at most ${MAX_FLOOD}), load average ${load()}`,
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
        `${target.padEnd(30)} ${String(list.length).padStart(6)}  ${mb.toFixed(0).padStart(8)}  p50 ${ms(percentile(lat, 50))}  p99 ${ms(percentile(lat, 99))}  status ${statuses}`,
      );
    }
    // Fastify answers a failed body with Connection: close and closes without reading the rest; a
    // client still writing may see EPIPE/ECONNRESET before it reads the 400 (a client-side race).
    const answered = shots.filter((s) => s.status !== 0);
    const cut = shots.filter((s) => s.status === 0);
    const cutByServer = cut.every((s) => /EPIPE|ECONNRESET/.test(s.message ?? ''));
    const messages = [...new Set(answered.map((s) => s.message))];
    const p99 = percentile(
      during.map((s) => s.ms),
      99,
    );
    const alive = server.proc.exitCode === null && (await fetch(`${server.url}/api/health`)).ok;
    checks.push(
      {
        name: 'every answer to a deep body is 400 with the Spanish message',
        ok: answered.length > 0 && answered.every((s) => s.status === 400) && messages.length === 1,
        detail: `${answered.length} answers, statuses ${[...new Set(answered.map((s) => s.status))].join(',')}, "${messages.join('" | "')}"`,
      },
      {
        name: 'the others were cut by the server (connection closed)',
        ok: cutByServer,
        detail: `${cut.length} of ${shots.length} (${[...new Set(cut.map((s) => s.message))].join(', ') || 'none'})`,
      },
      {
        name: 'health: only 200s',
        ok: [...baseline, ...during, ...after].every((s) => s.status === 200),
        detail: `${baseline.length + during.length + after.length} probes`,
      },
      {
        name: `health p99 during the flood < ${HEALTH_P99_GOAL_MS} ms`,
        ok: p99 < HEALTH_P99_GOAL_MS,
        detail: `${p99.toFixed(1)} ms (baseline ${percentile(
          baseline.map((s) => s.ms),
          99,
        ).toFixed(1)} ms)`,
      },
      { name: 'server alive afterwards', ok: alive, detail: alive ? 'health 200' : 'down' },
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
