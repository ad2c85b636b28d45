/**
 * Fault script (RELIABILITY 'Load' and 'Authentication'): a login flood from one address while a
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
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { login, startServer, stopServer, type Server } from './upload-support';

const IS_CHILD = process.argv[2] === '--flood-child';
const args = IS_CHILD ? process.argv.slice(5) : process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DURATION = Number(args[0] ?? 10);
const FLOOD_RATE = Number(args[1] ?? 300);
const USE_PG = process.argv.includes('--postgres');
const READER_RATE = 50;
const READER_CONNECTIONS = 2;
const FLOOD_CONNECTIONS = 10;
const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function solvedCaptcha(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login/captcha`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Child mode: autocannon POSTing the login route (captcha file given) or, as the control, GETting
 * the trivial /api/login/config at the same rate (captcha file '-'); prints its result as JSON.
 */
async function floodChild() {
  const [url, captchaFile] = process.argv.slice(3);
  const captchas = captchaFile === '-' ? [] : (JSON.parse(readFileSync(captchaFile, 'utf8')) as string[]);
  let n = 0;
  process.stdout.write('START\n');
  const result = await cannon({
    url,
    connections: FLOOD_CONNECTIONS,
    duration: DURATION,
    ...(FLOOD_RATE > 0 ? { overallRate: FLOOD_RATE } : {}),
    requests: !captchas.length
      ? [{ method: 'GET', path: '/api/login/config' }]
      : [
          {
            method: 'POST',
            path: '/api/login/authenticate?permiso=1',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                username: 'inexistente-flood',
                password: `Clave-${n}`,
                captcha: captchas[n++ % captchas.length],
              }),
            }),
          },
        ],
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Starts the flood child; `started` resolves when its load begins, `result` when it ends. */
function runFloodChild(url: string, captchas: string[] | null) {
  let onStart = () => {};
  const started = new Promise<void>((r) => (onStart = r));
  const result = floodChildResult(url, captchas, () => onStart());
  return { started, result };
}

function floodChildResult(
  url: string,
  captchas: string[] | null,
  onStart: () => void,
): Promise<autocannon.Result> {
  const file = captchas ? path.join(mkdtempSync(path.join(tmpdir(), 'flood-captchas-')), 'c.json') : '-';
  if (captchas) writeFileSync(file, JSON.stringify(captchas));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--flood-child',
        url,
        file,
        String(DURATION),
        String(FLOOD_RATE),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('START\n')) onStart();
    });
    child.on('exit', (code) => {
      if (captchas) rmSync(path.dirname(file), { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`flood child exited ${code}`));
      resolve(JSON.parse(out.slice('START\n'.length)) as autocannon.Result);
    });
  });
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-flood-'));
  const log = path.join(dataDir, 'server.log');
  let dbName = '';
  const env: Record<string, string> = {};
  if (USE_PG) {
    dbName = `fault_flood_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  console.log(
    `fault-login-flood: ${USE_PG ? 'PostgreSQL' : 'PGlite'}, ${DURATION} s per phase, reader ${READER_RATE} req/s on ` +
      `${READER_CONNECTIONS} connections, flood ${FLOOD_RATE || 'unbounded'} req/s on ${FLOOD_CONNECTIONS} connections, load average ${load()}`,
  );

  let server: Server | undefined;
  let failed = false;
  const checks: Array<[string, boolean, string]> = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push([name, ok, detail]);
    if (!ok) failed = true;
  };
  try {
    server = await startServer({ dataDir, log, env: { ...env, LOG_LEVEL: 'error' } });
    const url = server.url;
    const token = await login(url); // before the flood
    // Captchas for the flood, solved beforehand (the captcha route allows 60 a minute per address).
    const captchas: string[] = [];
    for (let i = 0; i < 25; i++) captchas.push(await solvedCaptcha(url));

    const reader = () =>
      cannon({
        url: `${url}/api/contratista/adjuntos/sg-sst`,
        headers: { authorization: `Bearer ${token}` },
        connections: READER_CONNECTIONS,
        overallRate: READER_RATE,
        duration: DURATION,
      });
    await cannon({
      url: `${url}/api/contratista/adjuntos/sg-sst`,
      headers: { authorization: `Bearer ${token}` },
      connections: 2,
      duration: 2,
    }); // warm-up

    const baseline = await reader();
    // Control: the same request rate on a trivial route, to tell the machine's share from the login route's.
    const control = runFloodChild(url, null);
    await control.started;
    const [controlFlood, readerControl] = await Promise.all([control.result, reader()]);
    // The flood runs in its own process, so that its load generator does not slow the reader's.
    const floodChild = runFloodChild(url, captchas);
    await floodChild.started;
    const floodRun = floodChild.result;
    const during = reader();
    // A probe in the middle of the flood: the refusal and its Retry-After header.
    await new Promise((r) => setTimeout(r, (DURATION * 1000) / 2));
    const probe = await fetch(`${url}/api/login/authenticate?permiso=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'inexistente-flood', password: 'x', captcha: captchas[0] }),
    });
    const probeBody = (await probe.json()) as { message?: string };
    const [flood, readerDuring] = await Promise.all([floodRun, during]);
    const after = await reader();

    const codes = (r: autocannon.Result) =>
      Object.entries(r.statusCodeStats ?? {})
        .map(([k, v]) => `${k}:${v.count}`)
        .join(' ');
    const line = (name: string, r: autocannon.Result) =>
      console.log(
        `${name.padEnd(26)} ${String(r.requests.total).padStart(7)} ${r.requests.average.toFixed(0).padStart(7)}/s ` +
          `p50 ${String(r.latency.p50).padStart(5)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(6)} ms  ${codes(r)}${r.errors ? ` errors:${r.errors}` : ''}`,
      );
    console.log(`\n${'phase'.padEnd(26)} ${'reqs'.padStart(7)} ${'rate'.padStart(9)} latency`);
    line('list, baseline', baseline);
    line('list, during control', readerControl);
    line('control: GET login/config', controlFlood);
    line('list, during login flood', readerDuring);
    line('login flood', flood);
    line('list, after', after);
    console.log('');

    const stats = flood.statusCodeStats ?? {};
    const n429 = stats['429']?.count ?? 0;
    const retryAfter = probe.headers.get('retry-after');
    check('flood refused with 429', n429 > 0, `${n429} of ${flood.requests.total} (${codes(flood)})`);
    check(
      '429 carries Retry-After (seconds) and the Spanish message',
      probe.status === 429 && /^\d+$/.test(retryAfter ?? '') && !!probeBody.message,
      `HTTP ${probe.status}, Retry-After ${retryAfter}, "${probeBody.message}"`,
    );
    const readerOk = (r: autocannon.Result) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
    check('reader: only 200s during the flood', readerOk(readerDuring), codes(readerDuring));
    const ratio = readerDuring.latency.p99 / Math.max(1, baseline.latency.p99);
    check(
      'reader p99 during flood <= 2x baseline',
      ratio <= 2,
      `${readerDuring.latency.p99} ms vs ${baseline.latency.p99} ms (x${ratio.toFixed(2)}; after: ${after.latency.p99} ms)`,
    );
    console.log(
      `\nreader p99 under the same rate of trivial requests: ${readerControl.latency.p99} ms ` +
        `(x${(readerControl.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(2)}); ` +
        `login flood vs control: x${(readerDuring.latency.p99 / Math.max(1, readerControl.latency.p99)).toFixed(2)}`,
    );
  } catch (err) {
    failed = true;
    console.error('fault-login-flood: error:', err);
  } finally {
    if (server) await stopServer(server);
    if (dbName) {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const [name, ok, detail] of checks)
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(56)} ${detail}`);
  console.log(`\nload average after: ${load()}`);
  process.exit(failed ? 1 : 0);
}

void (IS_CHILD ? floodChild() : main());
