/**
 * npm run bench: starts the real app on PGlite and on PostgreSQL (each over freshly generated
 * data), signs in as one company and measures every scenario of bench/scenarios.ts with autocannon.
 *
 *   BENCH_SCALE=0.05        data size relative to 1,000 companies / 50,000 employees / 1,000,000 submissions
 *   BENCH_DB=postgres       only one database (default: pglite,postgres)
 *   BENCH_DURATION=10       seconds measured per scenario (after a 2 s warm-up)
 *   BENCH_ONLY=reporte      only scenarios whose name contains this text (the trivial one always runs)
 *   BENCH_EXPLAIN=1         print the EXPLAIN ANALYZE of the summary statement
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   server used to create (and drop) a fresh database
 * Flags --companies --contracts --employees --months --submissions override the scale.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { BENCH_PASSWORD, BENCH_STAFF_USER, paramsFrom, type GenParams } from './generate';
import { SCENARIOS, type BenchContext, type Scenario } from './scenarios';
import type { ReadyMessage } from './serve';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

type Row = {
  endpoint: string;
  db: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: number;
  goal?: string;
};

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

/** Real sign-in: captcha solved like the widget does, then the contractor variant. */
async function signIn(baseUrl: string, username: string, staff = false): Promise<string> {
  const { body: challenge } = await json(`${baseUrl}/api/login/captcha`);
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await json(`${baseUrl}/api/login/${staff ? 'authenticatead' : 'authenticate?permiso=1'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD, captcha }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(s: Scenario, ctx: BenchContext, db: string): Promise<Row> {
  const url = ctx.baseUrl + (typeof s.path === 'function' ? s.path(ctx) : s.path);
  const headers: Record<string, string> = {
    ...(s.auth ? { authorization: `Bearer ${s.auth === 'staff' ? ctx.staffToken : ctx.token}` } : {}),
    ...(s.body ? { 'content-type': 'application/json' } : {}),
    ...(s.headers?.(ctx) ?? {}),
  };
  const method = s.method ?? 'GET';
  const body = s.body?.(ctx);
  const expected = s.expectStatus ?? 200;
  const once = await json(url, { method, headers, body });
  if (once.status !== expected)
    throw new Error(`${s.name}: status ${once.status} ${JSON.stringify(once.body)}`);
  const problem = s.check?.(once.body, ctx);
  if (problem) throw new Error(`${s.name}: ${problem}`);

  const connections = s.connections ?? 10;
  const base = { url, method, headers, body, connections, pipelining: 1 } as const;
  await cannon({ ...base, duration: WARMUP });
  const r = await cannon({ ...base, duration: s.durationSeconds ?? DURATION });
  const wrong = r.non2xx + r.errors + r.timeouts;
  return {
    endpoint: s.name,
    db,
    conns: connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: expected === 200 ? wrong : r.errors + r.timeouts,
  };
}

async function startServer(
  kind: 'pglite' | 'postgres',
  databaseUrl: string | undefined,
  params: GenParams,
  dataDir: string,
) {
  const child = fork(path.join(HERE, 'serve.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      BENCH_KIND: kind,
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_DATA_DIR: dataDir,
      BENCH_PARAMS: JSON.stringify(params),
    },
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ReadyMessage));
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

async function withPgDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

async function runOn(kind: 'pglite' | 'postgres', params: GenParams, scenarios: Scenario[]): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-bench-'));
  const go = async (databaseUrl?: string) => {
    const started = Date.now();
    const { child, ready } = await startServer(kind, databaseUrl, params, dataDir);
    try {
      const g = ready.gen;
      console.log(
        `\n${kind}: ${g.rows.empresas} companies, ${g.rows.contratos} contracts, ${g.rows.empleados} employees, ` +
          `${g.slots} slots, ${g.rows.entregas} submissions; generated in ${g.seconds.toFixed(1)} s ` +
          `(ready after ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      const exec = /Execution Time: ([\d.]+) ms/.exec(ready.explain)?.[1];
      console.log(`${kind}: summary statement for company ${ready.nit}: ${exec ?? '?'} ms (EXPLAIN ANALYZE)`);
      if (process.env.BENCH_EXPLAIN === '1') console.log(ready.explain);
      const baseUrl = `http://127.0.0.1:${ready.port}`;
      const ctx: BenchContext = {
        baseUrl,
        token: await signIn(baseUrl, ready.nit),
        staffToken: await signIn(baseUrl, BENCH_STAFF_USER, true),
        nit: ready.nit,
        empresaId: ready.empresaId,
        contratoIds: ready.contratoIds,
        empleado: ready.empleado,
        gen: g,
      };
      const rows: Row[] = [];
      for (const s of scenarios) {
        const row = await measure(s, ctx, kind);
        rows.push(row);
        console.log(`  ${row.endpoint}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
      }
      const trivial = rows[scenarios.findIndex((s) => s.trivial)];
      for (const [i, row] of rows.entries()) {
        row.ratio = trivial ? row.rps / trivial.rps : undefined;
        const goal = scenarios[i].goal;
        if (goal && (!goal.db || goal.db === kind))
          row.goal = `p99<${goal.p99Ms}ms ${row.p99 < goal.p99Ms ? 'ok' : 'MISSED'}`;
      }
      return rows;
    } finally {
      await stopServer(child);
    }
  };
  try {
    return kind === 'postgres'
      ? await withPgDatabase(process.env.DATABASE_URL ?? DEFAULT_PG, go)
      : await go();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
  const header = ['endpoint', 'db', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'errors', 'goal'];
  const cells = rows.map((r) => [
    r.endpoint,
    r.db,
    String(r.conns),
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    String(r.errors),
    r.goal ?? '',
  ]);
  const width = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    '| ' + c.map((v, i) => (i < 2 ? v.padEnd(width[i]) : v.padStart(width[i]))).join(' | ') + ' |';
  console.log(
    ['', line(header), '|' + width.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.map(line)].join(
      '\n',
    ),
  );
  console.log(
    'ratio = req/s of the row / req/s of the trivial endpoint on the same database in the same run.',
  );
}

async function main() {
  const params = paramsFrom(process.argv.slice(2), process.env);
  const dbs = (process.env.BENCH_DB ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Array<
    'pglite' | 'postgres'
  >;
  const only = process.env.BENCH_ONLY;
  const scenarios = SCENARIOS.filter((s) => s.trivial || !only || s.name.includes(only));
  console.log(
    `bench: ${JSON.stringify(params)} on ${dbs.join(', ')}, ${DURATION} s per scenario, Node ${process.version}`,
  );
  const rows: Row[] = [];
  for (const kind of dbs) rows.push(...(await runOn(kind, params, scenarios)));
  printTable(rows);
  if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
}

// The whole run stops by itself (generation at full scale on PGlite takes minutes, not hours).
const limit = setTimeout(
  () => {
    console.error('bench: time limit reached');
    process.exit(2);
  },
  Number(process.env.BENCH_TIMEOUT_MINUTES ?? 60) * 60_000,
);
limit.unref();

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
