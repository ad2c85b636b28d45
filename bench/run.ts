/**
 * npm run bench: starts the real app on the embedded default (the PostgreSQL the portal starts in its
 * data folder, docs/decisions/143) and on a PostgreSQL server (each over freshly generated
 * data), signs in as one company and measures every scenario of bench/scenarios.ts with autocannon,
 * then the uploads (bench/upload-bench.ts) and, last, a login flood next to a list
 * (bench/fault-login-flood.ts) against the same server. Prints one table for both databases.
 *
 *   BENCH_SCALE=0.05        data size relative to 1,000 companies / 50,000 employees / 1,000,000 submissions
 *   BENCH_DB=postgres       only one database (default: embedded,postgres); also 'pglite' (PGlite in
 *                           the server process) and 'pglite-worker' (PGlite in a worker thread)
 *   BENCH_DURATION=10       seconds measured per scenario (after a 2 s warm-up) and per flood phase
 *   BENCH_ONLY=reporte      only rows whose name contains this text (the trivial one always runs
 *                           with others; 'upload' for the uploads, 'flood' for the login flood,
 *                           'dates' for the document-date rows alone and 'pila' for the PILA parser's
 *                           row alone: no database server is started,
 *                           'cumplimiento' for the staff compliance page, 'porteria' for the site
 *                           gate's rows: verification, roster, the gate page in Chromium, 'two' for
 *                           two server processes on one PostgreSQL and one S3 store, one killed)
 *   BENCH_UPLOAD_WAVES=5    waves of 10 concurrent 4.9 MB uploads
 *   BENCH_FLOOD_RATE=300    login flood requests/s
 *   BENCH_FLOOD_GENERATOR=autocannon  the flood rows with autocannon's overallRate (before decision 150)
 *   BENCH_EXPLAIN=1         print the EXPLAIN ANALYZE of the summary statement
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   server used to create (and drop) a fresh database
 * Flags --companies --contracts --employees --months --submissions override the scale.
 */
import { paramsFrom, type GenParams } from './generate';
import {
  goalAppliesTo,
  json,
  setActiveCompanies,
  withBenchServer,
  type BenchServer,
  type DbKind,
} from './harness';
import { SCENARIOS, type BenchContext, type Scenario } from './scenarios';
import {
  FLOOD_CONNECTIONS,
  READER_CONNECTIONS,
  READER_RATE,
  runLoginFlood,
  statusCodes,
} from './fault-login-flood';
import {
  answeredP99Goal,
  cannon,
  loadFigures,
  okMissed,
  type BenchRow,
  type LoadResult,
  type PacedRow,
} from './paced-load';
import { runUploadBench } from './upload-bench';
import { cpuMsOf } from './upload-support';
import { DATES_NAME, runDocumentDatesBench } from './document-dates';
import { PILA_NAME, runPilaBench } from './pila';
import { IMPORTACION_NAME, runImportacionBench } from './importacion';
import { FILE_CHECK_NAME, runFileCheckBench } from './file-check';
import { PORTERIA_ROWS, runPorteriaRows } from './porteria';
import { ensureBenchWebBuild } from './porteria-browser';
import { TWO_PROCESSES_NAME, runTwoProcesses } from './two-processes';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const UPLOAD_WAVES = Number(process.env.BENCH_UPLOAD_WAVES ?? 5);
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 300);
const UPLOAD_NAME = 'PUT sg-sst upload 4.9 MB x10';
const FLOOD_NAME = 'login flood';
/**
 * Upload goals: p99, and memory back to baseline: within RSS_SETTLE_MS of the last upload, the
 * server's RSS is at most its resting baseline (measured after two warm-up uploads) + RSS_SLACK_MB,
 * about one wave of request bodies (10 x 6.5 MB of base64). No GC is forced. The server runs with the
 * settings `npm start` gives it (server/src/server-env.mjs, decisions 151 and 155).
 */
const UPLOAD_P99_MS = 1000;
const RSS_SLACK_MB = 64;
const RSS_SETTLE_MS = 30_000;

type Row = BenchRow & {
  ratio?: number;
  /**
   * CPU time of the server process per request over the measured seconds (PGlite's SQL runs inside
   * it; a PostgreSQL server's, embedded or not, does not): what a request costs the server, whatever
   * the load generator on the same cores did to the latencies meanwhile.
   */
  cpuMsPerRequest?: number;
  goal?: string;
  /** Printed under the table (e.g. the first, uncached request of a row). */
  note?: string;
};

/** A row over fewer active companies (bench/serve.ts), all active again afterwards. */
async function measure(s: Scenario, server: BenchServer, db: DbKind): Promise<Row> {
  if (s.activeCompanies === undefined) return measureRow(s, server.ctx, db, server.pid);
  const active = await setActiveCompanies(server.child, s.activeCompanies);
  console.log(`  ${active} of ${server.ctx.gen.rows.empresas} companies active for: ${s.name}`);
  const result = await measureRow(s, server.ctx, db, server.pid).then(
    (row) => ({ row }),
    (error: unknown) => ({ error }),
  );
  // Requests still running after the measured seconds may hold every pooled connection: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await setActiveCompanies(server.child, null);
      break;
    } catch (err) {
      if (attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
  if ('error' in result) throw result.error;
  return result.row;
}

async function measureRow(s: Scenario, ctx: BenchContext, db: DbKind, pid: number): Promise<Row> {
  const url = ctx.baseUrl + (typeof s.path === 'function' ? s.path(ctx) : s.path);
  const headers: Record<string, string> = {
    ...(s.auth ? { authorization: `Bearer ${s.auth === 'staff' ? ctx.staffToken : ctx.token}` } : {}),
    ...(s.body ? { 'content-type': 'application/json' } : {}),
    ...(s.headers?.(ctx) ?? {}),
  };
  const method = s.method ?? 'GET';
  const body = s.body?.(ctx);
  const expected = s.expectStatus ?? 200;
  const started = performance.now();
  const once = await json(url, { method, headers, body });
  const firstMs = performance.now() - started;
  if (once.status !== expected)
    throw new Error(`${s.name}: status ${once.status} ${JSON.stringify(once.body)}`);
  const problem = s.check?.(once.body, ctx);
  if (problem) throw new Error(`${s.name}: ${problem}`);

  const connections = s.connections ?? 10;
  const base = { url, method, headers, body, connections, pipelining: 1 } as const;
  await cannon({ ...base, duration: WARMUP });
  const cpuBefore = cpuMsOf(pid);
  const r = await cannon({ ...base, duration: s.durationSeconds ?? DURATION });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  const wrong = r.non2xx + r.errors + r.timeouts;
  const row: Row = {
    endpoint: s.name,
    db,
    conns: connections,
    ...loadFigures(r),
    errors: expected === 200 ? wrong : r.errors + r.timeouts,
    cpuMsPerRequest: r.requests.total > 0 && cpuBefore > 0 ? cpuMs / r.requests.total : undefined,
  };
  if (s.firstNote) row.note = `${s.name} [${db}]: first request ${firstMs.toFixed(0)} ms (${s.firstNote})`;
  // No answer within the measured seconds: p99 reads 0, which is no result (and no goal met).
  if (s.goal && goalAppliesTo(s.goal.db, db))
    row.goal = answeredP99Goal(s.goal.p99Ms, r, s.durationSeconds ?? DURATION);
  return row;
}

/** 10 concurrent 4.9 MB uploads, UPLOAD_WAVES times: one row and the server's RSS under the table. */
async function uploads(server: BenchServer, kind: DbKind, notes: string[]): Promise<Row> {
  const r = await runUploadBench({
    url: server.ctx.baseUrl,
    token: server.ctx.token,
    pid: server.pid,
    waves: UPLOAD_WAVES,
    settleMs: RSS_SETTLE_MS,
    rssSlackMb: RSS_SLACK_MB,
  });
  const base = r.rssBaselineMb ?? 0;
  const after = r.rssAfterMb ?? Infinity;
  const memoryOk = after <= base + RSS_SLACK_MB;
  notes.push(
    `${kind} uploads: ${r.uploads} x ${(r.sizeBytes / 1024 / 1024).toFixed(1)} MB in ${(r.wallMs / 1000).toFixed(1)} s, ` +
      `max ${r.maxMs} ms, server CPU ${r.cpuMsPerUpload} ms/upload; server RSS baseline ${base} MB, ` +
      `peak ${r.rssPeakMb} MB, after ${r.rssAfterMb} MB (${((r.settledMs ?? 0) / 1000).toFixed(1)} s after the last upload; ` +
      `back to baseline = within baseline + ${RSS_SLACK_MB} MB in ${RSS_SETTLE_MS / 1000} s: ${okMissed(memoryOk)}; ` +
      `server settings: ${r.serverSettings})`,
  );
  return {
    endpoint: UPLOAD_NAME,
    db: kind,
    conns: r.concurrency,
    rps: r.uploads / (r.wallMs / 1000),
    p50: r.p50Ms,
    p99: r.p99Ms,
    errors: r.errors,
    paced: true,
    goal: `p99<${UPLOAD_P99_MS}ms ${okMissed(r.p99Ms < UPLOAD_P99_MS)}, RSS back ${okMissed(memoryOk)}`,
  };
}

/** The login flood phases (bench/fault-login-flood.ts) as rows; leaves 127.0.0.1 throttled, so last. */
async function loginFlood(server: BenchServer, kind: DbKind, notes: string[]): Promise<Row[]> {
  const r = await runLoginFlood({
    url: server.ctx.baseUrl,
    token: server.ctx.token,
    durationS: DURATION,
    floodRate: FLOOD_RATE,
  });
  const row = (endpoint: string, x: LoadResult, conns: number, errors: number, goal?: string): Row => ({
    endpoint,
    db: kind,
    conns,
    ...loadFigures(x),
    errors,
    paced: true,
    goal,
  });
  const readerErrors = (x: LoadResult) => x.non2xx + x.errors + x.timeouts;
  const reader = `GET sg-sst list at ${READER_RATE}/s`;
  const flood5xx = Object.entries(r.flood.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((n, [, v]) => n + (v.count ?? 0), 0);
  notes.push(
    `${kind} login flood: ${r.n429} of ${r.flood.requests.total} refused with 429 (${statusCodes(r.flood)}); ` +
      `probe in the middle: HTTP ${r.probe.status}, Retry-After ${r.probe.retryAfter}; ` +
      `list p99 after the flood ${r.after.latency.p99} ms` +
      (r.checks.every((c) => c.ok)
        ? ''
        : `; FAILED: ${r.checks
            .filter((c) => !c.ok)
            .map((c) => c.name)
            .join('; ')}`),
  );
  return [
    row(`${reader} (flood baseline)`, r.baseline, READER_CONNECTIONS, readerErrors(r.baseline)),
    row(
      `${reader}, ${FLOOD_RATE}/s GET login/config (control)`,
      r.readerControl,
      READER_CONNECTIONS,
      readerErrors(r.readerControl),
    ),
    row(
      `${reader}, during ${FLOOD_NAME}`,
      r.readerDuring,
      READER_CONNECTIONS,
      readerErrors(r.readerDuring),
      `p99<=2x base (x${r.ratio.toFixed(2)}) ${okMissed(r.ratio <= 2)}`,
    ),
    row(
      `POST /api/login/authenticate ${FLOOD_NAME} ${FLOOD_RATE}/s`,
      r.flood,
      FLOOD_CONNECTIONS,
      flood5xx + r.flood.errors + r.flood.timeouts,
      `429s ${okMissed(r.n429 > 0 && r.probe.status === 429 && /^\d+$/.test(r.probe.retryAfter ?? ''))}`,
    ),
  ];
}

async function runOn(
  kind: DbKind,
  params: GenParams,
  scenarios: Scenario[],
  extras: { uploads: boolean; flood: boolean; porteria: boolean; gateBrowser: boolean },
  wanted: (name: string) => boolean,
  notes: string[],
): Promise<Row[]> {
  return withBenchServer(kind, params, async (server) => {
    const { ready } = server;
    const exec = /Execution Time: ([\d.]+) ms/.exec(ready.explain)?.[1];
    console.log(`${kind}: summary statement for company ${ready.nit}: ${exec ?? '?'} ms (EXPLAIN ANALYZE)`);
    if (process.env.BENCH_EXPLAIN === '1') console.log(ready.explain);
    const rows: Row[] = [];
    const show = (row: Row) => {
      rows.push(row);
      console.log(`  ${row.endpoint}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
    };
    for (const s of scenarios) show(await measure(s, server, kind));
    for (const row of rows) if (row.note) notes.push(row.note);
    const trivial = rows[scenarios.findIndex((s) => s.trivial)];
    if (extras.uploads) show(await uploads(server, kind, notes));
    // The site gate (bench/porteria.ts): before the flood, which closes sign-in from 127.0.0.1.
    if (extras.porteria)
      for (const row of await runPorteriaRows(
        server,
        kind,
        { duration: DURATION, wanted, browser: extras.gateBrowser },
        notes,
      ))
        show(row);
    // Last: the flood leaves the per-IP sign-in throttle of 127.0.0.1 closed for the rest of the minute.
    if (extras.flood) for (const row of await loginFlood(server, kind, notes)) show(row);
    for (const row of rows) row.ratio = trivial && !row.paced ? row.rps / trivial.rps : undefined;
    return rows;
  });
}

function printTable(rows: Row[], notes: string[]) {
  const header = [
    'endpoint',
    'db',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'CPU ms',
    'errors',
    'goal',
  ];
  const cells = rows.map((r) => [
    r.endpoint,
    r.db,
    String(r.conns),
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    r.cpuMsPerRequest === undefined ? '' : r.cpuMsPerRequest.toFixed(2),
    String(r.errors),
    r.goal ?? '',
  ]);
  const width = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    '| ' +
    c.map((v, i) => (i < 2 || i === c.length - 1 ? v.padEnd(width[i]) : v.padStart(width[i]))).join(' | ') +
    ' |';
  console.log(
    ['', line(header), '|' + width.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.map(line)].join(
      '\n',
    ),
  );
  console.log(
    'ratio = req/s of the row / req/s of the trivial endpoint on the same database in the same run ' +
      '(none for paced rows: uploads, whose req/s is uploads/s, and the login flood phases); ' +
      'CPU ms = CPU time of the server process per request over the measured seconds (PostgreSQL ' +
      "server's not included, PGlite's is; /proc clock ticks of 10 ms over the whole row).",
  );
  for (const n of notes) console.log(n);
}

async function main() {
  const params = paramsFrom(process.argv.slice(2), process.env);
  const dbs = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((s) => s.trim()) as DbKind[];
  const only = process.env.BENCH_ONLY;
  const wanted = (name: string) => !only || name.includes(only);
  const scenarios = SCENARIOS.filter((s) => s.trivial || wanted(s.name));
  const gateBrowser = PORTERIA_ROWS.browser.some(wanted);
  const extras = {
    uploads: wanted(UPLOAD_NAME),
    flood: wanted(FLOOD_NAME),
    porteria: gateBrowser || PORTERIA_ROWS.server.some(wanted),
    gateBrowser,
  };
  // A database server only when a row needs one (BENCH_ONLY=dates: the reader's rows alone).
  const needsServer = scenarios.some((s) => !s.trivial) || extras.uploads || extras.flood || extras.porteria;
  console.log(
    needsServer
      ? `bench: ${JSON.stringify(params)} on ${dbs.join(', ')}, ${DURATION} s per scenario, Node ${process.version}`
      : `bench: no database row selected (BENCH_ONLY=${only ?? ''}), no database server; Node ${process.version}`,
  );
  const rows: Row[] = [];
  const notes: string[] = [];
  // The gate page rows load the built web app, which the server serves from its start.
  if (needsServer && gateBrowser) await ensureBenchWebBuild();
  if (needsServer)
    for (const kind of dbs) rows.push(...(await runOn(kind, params, scenarios, extras, wanted, notes)));
  // Rows measured in this process: the dates of uploaded documents (bench/document-dates.ts), the
  // PILA flat-file parser (bench/pila.ts, docs/decisions/127) and the upload content check off the
  // event loop (bench/file-check.ts) with no database; the roster import's preview of 1,000 rows on
  // embedded PGlite (bench/importacion.ts).
  const inProcess: Array<[string, () => Promise<{ rows: PacedRow[]; notes: string[] }>]> = [
    [DATES_NAME, runDocumentDatesBench],
    [PILA_NAME, runPilaBench],
    [IMPORTACION_NAME, runImportacionBench],
    [FILE_CHECK_NAME, runFileCheckBench],
  ];
  for (const [name, run] of inProcess) {
    if (!wanted(name)) continue;
    const r = await run();
    for (const row of r.rows) console.log(`  ${row.endpoint}: p50 ${row.p50} ms, p99 ${row.p99} ms`);
    rows.push(...r.rows);
    notes.push(...r.notes);
  }
  // Two server processes on one PostgreSQL and one S3 store behind a round-robin, one killed half-way
  // (bench/two-processes.ts): its own database and bucket, after the single-server rows.
  if (wanted(TWO_PROCESSES_NAME)) {
    const two = await runTwoProcesses();
    for (const r of two.rows) {
      rows.push(r);
      console.log(`  ${r.endpoint}: p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`);
    }
    for (const c of two.checks) {
      notes.push(`${c.ok ? 'PASS' : 'FAIL'}  ${TWO_PROCESSES_NAME}: ${c.name}: ${c.detail}`);
      if (!c.ok) process.exitCode = 1;
    }
  }
  printTable(rows, notes);
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

// Everything is stopped once the table is printed (servers, probes, OCR), but an idle handle left
// by the in-process document-date rows (the probe's HTTP client sockets) kept the run alive until
// its time limit: end explicitly, as bench/document-dates.ts does standalone.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
