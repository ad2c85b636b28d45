/**
 * Fault script (docs/decisions/071, 145): a login flood from one address while a
 * signed-in user reads a list.
 *
 * The real server (embedded PGlite, or PostgreSQL with --postgres) runs as a child process. The
 * reader signs in BEFORE the flood (TRUST_PROXY is false and everything comes from 127.0.0.1, so the
 * per-IP login throttle would refuse the reader's own sign-in during the flood), then reads
 * GET /api/contratista/adjuntos/sg-sst at a steady rate. Phases, each DURATION seconds:
 *   1. baseline: the reader alone;
 *   1b. control: the reader plus the same request rate on the trivial GET /api/login/config (what
 *      any flood of that size costs on this machine, the load generator included);
 *   2. flood: the reader plus autocannon POSTing /api/login/authenticate from the same address at
 *      FLOOD_RATE requests/s (0 = as fast as it can), the first ones with real solved captchas and
 *      an unknown user (so they pay for a password hash), then the same captchas replayed;
 *   3. after: the reader alone again (shows the machine's noise).
 * Checks: 429s appear, with a numeric Retry-After; the reader gets only 200s and its p99 during the
 * flood is at most 2x the baseline p99. Exit 1 on a failed check.
 *
 *   npx tsx bench/fault-login-flood.ts [durationS=10] [floodRate=300] [--postgres]
 *
 * The phases are runLoginFlood({ url, token }), which bench/run.ts also calls against its own server
 * (last, since the flood leaves 127.0.0.1 throttled for the rest of the minute).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnFloodChild } from './fault-support';
import { cannon, loadAverage, paced, type LoadResult } from './paced-load';
import { createScratchDatabase, type ScratchDatabase } from './pg-scratch';
import {
  reportChecksAndExit,
  login,
  solvedCaptcha,
  startServer,
  stopServer,
  type Server,
} from './upload-support';

export const READER_PATH = '/api/contratista/adjuntos/sg-sst';
export const READER_RATE = 50;
export const READER_CONNECTIONS = 2;
export const FLOOD_CONNECTIONS = 10;
/**
 * How the reader and the flood send their requests: 'paced' (bench/paced-load.ts: evenly spaced,
 * latency from each request's due time; docs/decisions/150) or, with
 * BENCH_FLOOD_GENERATOR=autocannon, autocannon's `overallRate` as measured before that decision.
 */
export const GENERATOR = process.env.BENCH_FLOOD_GENERATOR === 'autocannon' ? 'autocannon' : 'paced';

/**
 * Child mode (`--flood-child url captchaFile durationS rate`): autocannon POSTing the login route
 * (captcha file given) or, as the control, GETting the trivial /api/login/config at the same rate
 * (captcha file '-'); prints its result as JSON.
 */
async function floodChild(argv: string[]) {
  const [url, captchaFile, durationS, rate] = argv;
  const floodRate = Number(rate);
  const captchas = captchaFile === '-' ? [] : (JSON.parse(readFileSync(captchaFile, 'utf8')) as string[]);
  const loginBody = (n: number) =>
    JSON.stringify({
      username: 'inexistente-flood',
      password: `Clave-${n}`,
      captcha: captchas[n % captchas.length],
    });
  let n = 0;
  process.stdout.write('START\n');
  const result: LoadResult =
    GENERATOR === 'paced' && floodRate > 0
      ? await paced({
          url: captchas.length ? `${url}/api/login/authenticate?permiso=1` : `${url}/api/login/config`,
          method: captchas.length ? 'POST' : 'GET',
          headers: captchas.length ? { 'content-type': 'application/json' } : {},
          body: captchas.length ? loginBody : undefined,
          rate: floodRate,
          connections: FLOOD_CONNECTIONS,
          durationS: Number(durationS),
        })
      : await cannon({
          url,
          connections: FLOOD_CONNECTIONS,
          duration: Number(durationS),
          ...(floodRate > 0 ? { overallRate: floodRate } : {}),
          requests: !captchas.length
            ? [{ method: 'GET', path: '/api/login/config' }]
            : [
                {
                  method: 'POST',
                  path: '/api/login/authenticate?permiso=1',
                  headers: { 'content-type': 'application/json' },
                  setupRequest: (req) => ({ ...req, body: loginBody(n++) }),
                },
              ],
        });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * Starts the flood child (its own process, so that its load generator does not slow the reader's);
 * `started` resolves when its load begins, `result` when it ends.
 */
function runFloodChild(url: string, captchas: string[] | null, durationS: number, floodRate: number) {
  const file = captchas ? path.join(mkdtempSync(path.join(tmpdir(), 'flood-captchas-')), 'c.json') : '-';
  if (captchas) writeFileSync(file, JSON.stringify(captchas));
  return spawnFloodChild<LoadResult>(import.meta.url, [url, file, String(durationS), String(floodRate)], {
    onExit: () => {
      if (captchas) rmSync(path.dirname(file), { recursive: true, force: true });
    },
  });
}

export type LoginFloodOptions = {
  url: string;
  /** Bearer token of the reader, obtained BEFORE the flood. */
  token: string;
  /** Seconds per phase (default 10). */
  durationS?: number;
  /** Flood requests/s (default 300; 0 = as fast as it can). */
  floodRate?: number;
};

export type LoginFloodResult = {
  durationS: number;
  floodRate: number;
  /** Reader (READER_PATH at READER_RATE) alone, during the control, during the flood, after. */
  baseline: LoadResult;
  readerControl: LoadResult;
  controlFlood: LoadResult;
  readerDuring: LoadResult;
  flood: LoadResult;
  after: LoadResult;
  /** A sign-in in the middle of the flood. */
  probe: { status: number; retryAfter: string | null; message?: string };
  n429: number;
  /** Reader p99 during the flood / baseline p99. */
  ratio: number;
  checks: Array<{ name: string; ok: boolean; detail: string }>;
};

export const statusCodes = (r: LoadResult) =>
  Object.entries(r.statusCodeStats ?? {})
    .map(([k, v]) => `${k}:${v.count}`)
    .join(' ');

/** The phases (baseline, control, flood, after) against a running server, and their checks. */
export async function runLoginFlood(opts: LoginFloodOptions): Promise<LoginFloodResult> {
  const { url, token } = opts;
  const durationS = opts.durationS ?? 10;
  const floodRate = opts.floodRate ?? 300;
  // Captchas for the flood, solved beforehand (the captcha route allows 60 a minute per address).
  const captchas: string[] = [];
  for (let i = 0; i < 25; i++) captchas.push(await solvedCaptcha(url));

  const readerOpts = {
    url: `${url}${READER_PATH}`,
    headers: { authorization: `Bearer ${token}` },
  };
  const reader = (): Promise<LoadResult> =>
    GENERATOR === 'paced'
      ? paced({
          url: readerOpts.url,
          headers: readerOpts.headers,
          rate: READER_RATE,
          connections: READER_CONNECTIONS,
          durationS,
        })
      : cannon({
          ...readerOpts,
          connections: READER_CONNECTIONS,
          overallRate: READER_RATE,
          duration: durationS,
        });
  await cannon({ ...readerOpts, connections: 2, duration: 2 }); // warm-up

  const baseline = await reader();
  // Control: the same request rate on a trivial route, to tell the machine's share from the login route's.
  const control = runFloodChild(url, null, durationS, floodRate);
  await control.started;
  const [controlFlood, readerControl] = await Promise.all([control.result, reader()]);
  const floodChild = runFloodChild(url, captchas, durationS, floodRate);
  await floodChild.started;
  const floodRun = floodChild.result;
  const during = reader();
  // A probe in the middle of the flood: the refusal and its Retry-After header.
  await new Promise((r) => setTimeout(r, (durationS * 1000) / 2));
  const probeRes = await fetch(`${url}/api/login/authenticate?permiso=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'inexistente-flood', password: 'x', captcha: captchas[0] }),
  });
  const probe = {
    status: probeRes.status,
    retryAfter: probeRes.headers.get('retry-after'),
    message: ((await probeRes.json().catch(() => ({}))) as { message?: string }).message,
  };
  const [flood, readerDuring] = await Promise.all([floodRun, during]);
  const after = await reader();

  const n429 = flood.statusCodeStats?.['429']?.count ?? 0;
  const ratio = readerDuring.latency.p99 / Math.max(1, baseline.latency.p99);
  const readerOk = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const checks = [
    {
      name: 'flood refused with 429',
      ok: n429 > 0,
      detail: `${n429} of ${flood.requests.total} (${statusCodes(flood)})`,
    },
    {
      name: '429 carries Retry-After (seconds) and the Spanish message',
      ok: probe.status === 429 && /^\d+$/.test(probe.retryAfter ?? '') && !!probe.message,
      detail: `HTTP ${probe.status}, Retry-After ${probe.retryAfter}, "${probe.message}"`,
    },
    {
      name: 'reader: only 200s during the flood',
      ok: readerOk(readerDuring),
      detail: statusCodes(readerDuring),
    },
    {
      name: 'reader p99 during flood <= 2x baseline',
      ok: ratio <= 2,
      detail: `${readerDuring.latency.p99} ms vs ${baseline.latency.p99} ms (x${ratio.toFixed(2)}; after: ${after.latency.p99} ms)`,
    },
  ];
  return {
    durationS,
    floodRate,
    baseline,
    readerControl,
    controlFlood,
    readerDuring,
    flood,
    after,
    probe,
    n429,
    ratio,
    checks,
  };
}

async function main(args: string[], usePg: boolean) {
  const durationS = Number(args[0] ?? 10);
  const floodRate = Number(args[1] ?? 300);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-flood-'));
  const log = path.join(dataDir, 'server.log');
  let scratch: ScratchDatabase | undefined;
  const env: Record<string, string> = {};
  if (usePg) {
    scratch = await createScratchDatabase('fault_flood');
    env.DATABASE_URL = scratch.url;
  }
  console.log(
    `fault-login-flood: ${usePg ? 'PostgreSQL' : 'PGlite'}, ${durationS} s per phase, reader ${READER_RATE} req/s on ` +
      `${READER_CONNECTIONS} connections, flood ${floodRate || 'unbounded'} req/s on ${FLOOD_CONNECTIONS} connections, load average ${loadAverage()}`,
  );

  let server: Server | undefined;
  let failed = false;
  let checks: LoginFloodResult['checks'] = [];
  try {
    server = await startServer({ dataDir, log, env: { ...env, LOG_LEVEL: 'error' } });
    const token = await login(server.url); // before the flood
    const r = await runLoginFlood({ url: server.url, token, durationS, floodRate });
    checks = r.checks;
    if (checks.some((c) => !c.ok)) failed = true;

    const line = (name: string, x: LoadResult) =>
      console.log(
        `${name.padEnd(26)} ${String(x.requests.total).padStart(7)} ${x.requests.average.toFixed(0).padStart(7)}/s ` +
          `p50 ${String(x.latency.p50).padStart(5)} ms  p99 ${String(x.latency.p99).padStart(5)} ms  max ${String(x.latency.max).padStart(6)} ms  ${statusCodes(x)}${x.errors ? ` errors:${x.errors}` : ''}`,
      );
    console.log(`\n${'phase'.padEnd(26)} ${'reqs'.padStart(7)} ${'rate'.padStart(9)} latency`);
    line('list, baseline', r.baseline);
    line('list, during control', r.readerControl);
    line('control: GET login/config', r.controlFlood);
    line('list, during login flood', r.readerDuring);
    line('login flood', r.flood);
    line('list, after', r.after);
    console.log(
      `\nreader p99 under the same rate of trivial requests: ${r.readerControl.latency.p99} ms ` +
        `(x${(r.readerControl.latency.p99 / Math.max(1, r.baseline.latency.p99)).toFixed(2)}); ` +
        `login flood vs control: x${(r.readerDuring.latency.p99 / Math.max(1, r.readerControl.latency.p99)).toFixed(2)}`,
    );
  } catch (err) {
    failed = true;
    console.error('fault-login-flood: error:', err);
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
