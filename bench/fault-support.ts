/**
 * What the fault scripts share (bench/fault-*.ts): one request over a keep-alive agent with its JSON
 * answer, the health prober that runs beside each flood, the lines that print its latencies, the
 * health checks every flood script ends with, a recorder of checks and the server log's last lines.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentile } from './paced-load';
import type { FaultCheck, Server } from './upload-support';

export { loadAverage } from './paced-load';

export const HEALTH_INTERVAL_MS = 20;
export const HEALTH_P99_GOAL_MS = 50;

/** An answer: status (0 when the connection failed), latency, and the JSON body and its message. */
export type Shot = { status: number; ms: number; message?: string; body?: unknown };

/**
 * One request; resolves when the answer has been read. A connection error rejects; with
 * `answerEnds`, one after the answer began does not (a server that answers 400 after the first bytes
 * closes without reading the rest, and writing the rest then fails: the expected end).
 */
export function sendJson(
  agent: http.Agent,
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: Buffer; answerEnds?: boolean },
): Promise<Shot> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: opts.method, agent, headers: opts.headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          /* not JSON */
        }
        const message = (body as { message?: unknown } | undefined)?.message;
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          message: typeof message === 'string' ? message : undefined,
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!(opts.answerEnds && answered)) reject(err);
    });
    req.end(opts.body);
  });
}

/** Health prober: one GET every HEALTH_INTERVAL_MS (sequential, one keep-alive connection). */
export async function probeHealth(url: string, durationS: number): Promise<Shot[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const shots: Shot[] = [];
  const end = performance.now() + durationS * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    try {
      shots.push(await sendJson(agent, `${url}/api/health`, { method: 'GET' }));
    } catch {
      shots.push({ status: 0, ms: performance.now() - t });
    }
    const wait = HEALTH_INTERVAL_MS - (performance.now() - t);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  agent.destroy();
  return shots;
}

export const fmtMs = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

/** One line of the health table: count, p50, p99, max and how many answered 200. */
export function healthLine(name: string, shots: Shot[]) {
  const lat = shots.map((s) => s.ms);
  const ok = shots.filter((s) => s.status === 200).length;
  console.log(
    `${name.padEnd(32)} ${String(shots.length).padStart(6)}  p50 ${fmtMs(percentile(lat, 50))}  p99 ${fmtMs(percentile(lat, 99))}  max ${fmtMs(Math.max(...lat))}  200: ${ok}`,
  );
}

/**
 * The checks every flood script ends with: the health probes of the three phases (alone, during
 * `phase`, after) answered only 200, the p99 during it under HEALTH_P99_GOAL_MS (the baseline's
 * beside it), and the server still alive.
 */
export async function healthChecks(
  server: Server,
  phase: string,
  probes: { baseline: Shot[]; during: Shot[]; after: Shot[] },
): Promise<FaultCheck[]> {
  const { baseline, during, after } = probes;
  const p99 = percentile(
    during.map((s) => s.ms),
    99,
  );
  const alive = server.proc.exitCode === null && (await fetch(`${server.url}/api/health`)).ok;
  return [
    {
      name: 'health: only 200s',
      ok: [...baseline, ...during, ...after].every((s) => s.status === 200),
      detail: `${baseline.length + during.length + after.length} probes`,
    },
    {
      name: `health p99 ${phase} < ${HEALTH_P99_GOAL_MS} ms`,
      ok: p99 < HEALTH_P99_GOAL_MS,
      detail: `${p99.toFixed(1)} ms (baseline ${percentile(
        baseline.map((s) => s.ms),
        99,
      ).toFixed(1)} ms)`,
    },
    { name: 'server alive afterwards', ok: alive, detail: alive ? 'health 200' : 'down' },
  ];
}

/** Checks as a script finds them: `check` records one, `failed` says whether one failed. */
export function checkRecorder() {
  const checks: FaultCheck[] = [];
  return {
    checks,
    check: (name: string, ok: boolean, detail: string) => void checks.push({ name, ok, detail }),
    failed: () => checks.some((c) => !c.ok),
  };
}

/** The server log's last lines (each cut at 400 characters), after a failed run; nothing if unread. */
export function printLogTail(log: string, lines = 5) {
  try {
    console.log(
      `server log (last lines):\n${readFileSync(log, 'utf8')
        .split('\n')
        .slice(-lines)
        .map((l) => l.slice(0, 400))
        .join('\n')}`,
    );
  } catch {
    /* no log */
  }
}

/**
 * Starts the script at `scriptUrl` again as its flood child (`--flood-child ...args`: its own process
 * and event loop, so that the load it sends does not delay this process's prober or reader).
 * `started` resolves when the child prints START (its load begins), `result` with the JSON it prints
 * after; `onExit` runs when it ends, and it is killed after `timeoutS` if one is given.
 */
export function spawnFloodChild<T>(
  scriptUrl: string,
  args: string[],
  opts: { timeoutS?: number; onExit?: () => void } = {},
): { started: Promise<void>; result: Promise<T> } {
  let onStart = () => {};
  const started = new Promise<void>((r) => (onStart = r));
  const result = new Promise<T>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(scriptUrl), '--flood-child', ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('START\n')) onStart();
    });
    const timer =
      opts.timeoutS === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), opts.timeoutS * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      opts.onExit?.();
      if (code !== 0) return reject(new Error(`flood child exited ${code}`));
      resolve(JSON.parse(out.slice('START\n'.length)) as T);
    });
  });
  return { started, result };
}
