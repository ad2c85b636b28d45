/**
 * Fault script (docs/decisions/071): PostgreSQL stopped and restarted under load.
 *
 * Starts the real server (node --import tsx server/src/main.ts) on a fresh database of the local
 * PostgreSQL (postgres://postgres@127.0.0.1:5432), loads it with list requests from several workers,
 * stops the PostgreSQL cluster, keeps the load on, starts the cluster again, and checks:
 *   - while the database is down, every request fails fast (< 6 s, none hangs) with a 5xx that carries
 *     a request id, and /api/health answers 503;
 *   - the server process stays up;
 *   - without a restart, /api/health and the list endpoint are 200 again within RECOVERY_LIMIT_S of
 *     PostgreSQL being back, and the load after that succeeds.
 * PostgreSQL is ALWAYS started again at the end (other people's tests use it), even on failure.
 * Needs root (pg_ctlcluster on a Debian cluster). Exit code 1 on any failed check.
 *
 *   npx tsx bench/fault-pg-restart.ts [outageSeconds=8] [workers=8]
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  login,
  percentile,
  reportChecksAndExit,
  startServer,
  stopServer,
  type Server,
} from './upload-support';
import { checkRecorder, loadAverage, printLogTail } from './fault-support';

const OUTAGE_S = Number(process.argv[2] ?? 8);
const WORKERS = Number(process.argv[3] ?? 8);
const FAST_LIMIT_MS = 6000;
const RECOVERY_LIMIT_S = 30;
const HANG_MS = 15_000;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const VERSION = readdirSync('/etc/postgresql')[0];
const pgctl = (action: 'start' | 'stop' | 'status') => {
  try {
    return execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, 'main', action], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
  } catch (err) {
    if (action === 'status') return 'down';
    throw err;
  }
};
const pgIsUp = () => !/down|no server/i.test(pgctl('status'));
/** Asynchronous twin: the load keeps running while the cluster stops and starts. */
const pgctlAsync = (action: 'start' | 'stop') =>
  promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, 'main', action], {
    timeout: 60_000,
  });

/** t: when the request started (ms since the load began); ms: its latency. */
type Sample = { t: number; ms: number; status: number; requestId: boolean; phase: Phase };
type Phase = 'before' | 'outage' | 'restarting' | 'after';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timedGet(
  url: string,
  token?: string,
): Promise<{ status: number; ms: number; requestId: boolean }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: performance.now() - t0,
      requestId: /"requestId":"[0-9a-f-]{36}"/.test(text),
    };
  } catch (err) {
    // 0 = hung past HANG_MS; -1 = connection refused/reset (the process died or closed the socket)
    const hung = (err as Error).name === 'TimeoutError';
    return { status: hung ? 0 : -1, ms: performance.now() - t0, requestId: false };
  }
}

// Interrupted (Ctrl-C, timeout): PostgreSQL must not stay down.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!pgIsUp()) pgctl('start');
    process.exit(130);
  });

async function main() {
  if (!pgIsUp()) throw new Error('PostgreSQL is not running before the test; refusing to start');
  const dbName = `fault_pg_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fault-pg-'));
  const log = path.join(dataDir, 'server.log');
  console.log(
    `fault-pg-restart: PostgreSQL ${VERSION}, database ${dbName}, ${WORKERS} workers, outage ${OUTAGE_S} s, load average ${loadAverage()}`,
  );

  let server: Server | undefined;
  let failed = false;
  const { checks, check, failed: checkFailed } = checkRecorder();
  try {
    server = await startServer({
      dataDir,
      log,
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`, LOG_LEVEL: 'error' },
    });
    const token = await login(server.url);
    const listUrl = `${server.url}/api/contratista/adjuntos/sg-sst`;
    const healthUrl = `${server.url}/api/health`;
    const t0 = Date.now();
    let phase: Phase = 'before';
    let running = true;
    const samples: Sample[] = [];
    const health: Sample[] = [];

    const worker = async () => {
      while (running) {
        const p = phase;
        const t = Date.now() - t0;
        const r = await timedGet(listUrl, token);
        samples.push({ t, phase: p, ...r });
        if (r.status !== 200) await sleep(20); // no busy loop on instant failures
      }
    };
    const prober = async () => {
      while (running) {
        const p = phase;
        const t = Date.now() - t0;
        const r = await timedGet(healthUrl);
        health.push({ t, phase: p, ...r });
        await sleep(250);
      }
    };
    const tasks = [...Array.from({ length: WORKERS }, worker), prober()];

    await sleep(3000);
    phase = 'outage';
    const stopAt = Date.now() - t0;
    await pgctlAsync('stop');
    const stoppedAt = Date.now() - t0;
    await sleep(OUTAGE_S * 1000);
    phase = 'restarting';
    const startIssuedAt = Date.now() - t0;
    await pgctlAsync('start');
    const startedAt = Date.now() - t0;

    // Recovery: first 200 of health and of the list after PostgreSQL is back.
    let healthBack = NaN;
    let listBack = NaN;
    const deadline = Date.now() + RECOVERY_LIMIT_S * 1000;
    while (Date.now() < deadline && (Number.isNaN(healthBack) || Number.isNaN(listBack))) {
      if (Number.isNaN(healthBack) && health.some((h) => h.t >= startedAt && h.status === 200))
        healthBack = health.find((h) => h.t >= startedAt && h.status === 200)!.t - startedAt;
      if (Number.isNaN(listBack) && samples.some((s) => s.t >= startedAt && s.status === 200))
        listBack = samples.find((s) => s.t >= startedAt && s.status === 200)!.t - startedAt;
      await sleep(100);
    }
    phase = 'after';
    const afterFrom = Date.now() - t0;
    await sleep(3000);
    running = false;
    await Promise.all(tasks);

    const alive = server.proc.exitCode === null && server.proc.signalCode === null;
    // Windows by start time: while pg_ctlcluster was stopping it, and while it was down.
    const inWindow = (s: Sample) => s.t >= stoppedAt && s.t + s.ms < startIssuedAt;
    const before = samples.filter((s) => s.t + s.ms < stopAt);
    const stopping = samples.filter((s) => s.t >= stopAt && s.t < stoppedAt);
    const outage = samples.filter(inWindow);
    const outageFailures = outage.filter((s) => s.status !== 200);
    const failures = samples.filter((s) => s.status !== 200);
    const after = samples.filter((s) => s.t >= afterFrom);
    const healthDown = health.filter(inWindow);
    const statusCounts = (xs: Sample[]) =>
      Object.entries(
        xs.reduce<Record<string, number>>((m, s) => ((m[s.status] = (m[s.status] ?? 0) + 1), m), {}),
      )
        .map(([k, v]) => `${k === '0' ? 'hung' : k === '-1' ? 'conn-error' : k}:${v}`)
        .join(' ');
    const row = (name: string, xs: Sample[]) =>
      console.log(
        `${name.padEnd(22)} ${String(xs.length).padStart(6)}  ${statusCounts(xs).padEnd(24)} ` +
          `p50 ${percentile(
            xs.map((s) => s.ms),
            50,
          )
            .toFixed(1)
            .padStart(7)} ms  p99 ${percentile(
            xs.map((s) => s.ms),
            99,
          )
            .toFixed(1)
            .padStart(7)} ms  max ${Math.max(0, ...xs.map((s) => s.ms))
            .toFixed(1)
            .padStart(7)} ms`,
      );
    console.log(
      `\ntimeline: stop issued ${stopAt} ms, PostgreSQL down ${stoppedAt} ms, start issued ${startIssuedAt} ms, start returned ${startedAt} ms, ` +
        `health back +${healthBack} ms, list back +${listBack} ms\n`,
    );
    console.log(`${'window'.padEnd(22)} ${'reqs'.padStart(6)}  ${'statuses'.padEnd(24)} latency`);
    row('list, before', before);
    row('list, PG stopping', stopping);
    row('list, PG down', outage);
    row('list, every failure', failures);
    row('health, PG down', healthDown);
    row('list, after recovery', after);
    console.log('');

    check(
      'process alive',
      alive,
      alive ? 'no crash, no restart' : `exited ${server.proc.exitCode ?? server.proc.signalCode}`,
    );
    check(
      'baseline healthy',
      before.length > 0 && before.every((s) => s.status === 200),
      statusCounts(before),
    );
    check(
      'requests failed while down',
      outageFailures.length > 0,
      `${outageFailures.length} of ${outage.length}`,
    );
    const slow = failures.filter((s) => s.ms >= FAST_LIMIT_MS || s.status === 0);
    check(
      `fail fast (< ${FAST_LIMIT_MS} ms, none hung)`,
      slow.length === 0,
      `max ${Math.max(0, ...failures.map((s) => s.ms)).toFixed(0)} ms, p99 ${percentile(
        failures.map((s) => s.ms),
        99,
      ).toFixed(0)} ms, ${slow.length} slow`,
    );
    const bad5xx = failures.filter((s) => !(s.status >= 500 && s.requestId));
    check(
      'failures are 5xx with request id',
      bad5xx.length === 0,
      `${bad5xx.length} without (${statusCounts(bad5xx)})`,
    );
    check(
      'health 503 while down',
      healthDown.length > 0 && healthDown.every((s) => s.status === 503),
      statusCounts(healthDown),
    );
    check(
      `recovered without restart (< ${RECOVERY_LIMIT_S} s)`,
      !Number.isNaN(healthBack) && !Number.isNaN(listBack),
      `health +${healthBack} ms, list +${listBack} ms`,
    );
    check(
      'all 200 after recovery',
      after.length > 0 && after.every((s) => s.status === 200),
      statusCounts(after),
    );
  } catch (err) {
    failed = true;
    console.error('fault-pg-restart: error:', err);
  } finally {
    if (!pgIsUp()) {
      console.log('starting PostgreSQL again (finally)');
      pgctl('start');
    }
    if (server) await stopServer(server);
    try {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    } catch (err) {
      console.error(`could not drop ${dbName}:`, (err as Error).message);
    }
    if (failed || checkFailed()) printLogTail(log);
    rmSync(dataDir, { recursive: true, force: true });
  }
  reportChecksAndExit(checks, failed);
}

void main();
