/**
 * npm run bench:soak: a mixed load for BENCH_SOAK_MINUTES against the real app on one database
 * (served by serve.ts over generated data, as npm run bench), watching the server for leaks:
 *   - lists, details and summaries: every GET scenario of bench/scenarios.ts at 10 connections,
 *     in turn, at BENCH_SOAK_RATE requests/s in total (autocannon);
 *   - BENCH_SOAK_UPLOADS_PER_MINUTE uploads of a unique 4.9 MB PDF (SG-SST);
 *   - BENCH_SOAK_LOGINS_PER_MINUTE real sign-ins (captcha solved), contractor and reviewer in turn
 *     (under the per-address limits of 30 sign-ins and 60 captchas a minute).
 * Every 30 s a line: elapsed, requests done, errors, uploads, sign-ins, the server's RSS, heapUsed
 * (process.memoryUsage() of the server, over IPC), its heapUsed right after the latest major GC
 * (the live heap; no GC is forced) and its open file descriptors (/proc/<pid>/fd).
 * At the end the verdict compares the median of the first third of the samples (taken every 5 s
 * under load) with the last third: RSS growth within 10% and file descriptors within +2, else
 * GROWING; the live heap's growth is printed next to it. Under a few minutes GC timing dominates
 * the RSS figures. Exit 1 on any error or GROWING. Stops by itself.
 *
 *   BENCH_SOAK_MINUTES=10  BENCH_DB=postgres (or pglite)  BENCH_SCALE=1  BENCH_SOAK_RATE=100
 *   BENCH_SOAK_UPLOADS_PER_MINUTE=6  BENCH_SOAK_LOGINS_PER_MINUTE=6
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { BENCH_STAFF_USER, paramsFrom } from './generate';
import { megabytes, openFds, serverMemory, signIn, withBenchServer, type DbKind } from './harness';
import { SCENARIOS } from './scenarios';
import { pdfRequisitos, percentile, rssOf, uniquePdf, uploadPdf } from './upload-support';

const env = process.env;
const MINUTES = Number(env.BENCH_SOAK_MINUTES ?? 10);
const KIND = (env.BENCH_DB ?? 'postgres') as DbKind;
const RATE = Number(env.BENCH_SOAK_RATE ?? 100);
const UPLOADS_PER_MINUTE = Number(env.BENCH_SOAK_UPLOADS_PER_MINUTE ?? 6);
const LOGINS_PER_MINUTE = Number(env.BENCH_SOAK_LOGINS_PER_MINUTE ?? 6);
const SAMPLE_MS = 5_000;
const REPORT_EVERY = 6; // samples: a line every 30 s
const UPLOAD_BYTES = Math.round(4.9 * 1024 * 1024);
/** Verdict limits: RSS growth first -> last third, open file descriptors growth. */
const RSS_GROWTH_MAX = 0.1;
const FDS_GROWTH_MAX = 2;

type Sample = {
  t: number;
  requests: number;
  errors: number;
  rss: number;
  heap: number | null;
  /** heapUsed after the latest major GC, and how many there were so far. */
  live: number | null;
  majorGcs: number | null;
  fds: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => percentile(xs, 50);
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

async function main() {
  if (!(MINUTES > 0)) throw new Error('BENCH_SOAK_MINUTES must be a positive number');
  if (KIND !== 'postgres' && KIND !== 'pglite') throw new Error('BENCH_DB must be postgres or pglite (one)');
  const params = paramsFrom(process.argv.slice(2), process.env);
  console.log(
    `soak: ${MINUTES} min on ${KIND}, ${JSON.stringify(params)}; lists ${RATE} req/s, ` +
      `${UPLOADS_PER_MINUTE} uploads and ${LOGINS_PER_MINUTE} sign-ins a minute; Node ${process.version}`,
  );
  return withBenchServer(KIND, params, async ({ child, pid, ready, ctx }) => {
    const durationMs = MINUTES * 60_000;
    const requests = SCENARIOS.filter(
      (s) => !s.trivial && (s.method ?? 'GET') === 'GET' && !s.connections && s.activeCompanies === undefined,
    ).map((s) => ({
      method: 'GET' as const,
      path: typeof s.path === 'function' ? s.path(ctx) : s.path,
      headers: s.auth ? { authorization: `Bearer ${s.auth === 'staff' ? ctx.staffToken : ctx.token}` } : {},
    }));
    console.log(`soak: ${requests.length} GET routes in turn: ${requests.map((r) => r.path).join(' ')}`);
    const requisitos = await pdfRequisitos(ctx.baseUrl, ctx.token);
    if (!requisitos.length) throw new Error('no SG-SST item accepts PDF');

    let done = 0;
    let errors = 0;
    const errorKinds = new Map<string, number>();
    const fail = (what: string) => {
      errors++;
      errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1);
    };
    const samples: Sample[] = [];
    const t0 = performance.now();
    const end = t0 + durationMs;
    const sample = async () => {
      const memory = await serverMemory(child);
      const s: Sample = {
        t: performance.now() - t0,
        requests: done,
        errors,
        rss: rssOf(pid),
        heap: memory?.usage.heapUsed ?? null,
        live: memory?.heapAfterMajorGc ?? null,
        majorGcs: memory?.majorGcs ?? null,
        fds: openFds(pid),
      };
      samples.push(s);
      return s;
    };
    let uploads = 0;
    let logins = 0;
    let printedAt = -Infinity;
    const mbOrNot = (b: number | null) => (b === null ? '?' : megabytes(b).toFixed(1));
    const columns = (c: string[]) =>
      console.log(c.map((v, i) => v.padStart([7, 9, 6, 7, 6, 7, 8, 12, 4][i])).join(' '));
    const print = (s: Sample) => {
      printedAt = s.t;
      columns([
        clock(s.t),
        String(s.requests),
        String(s.errors),
        String(uploads),
        String(logins),
        megabytes(s.rss).toFixed(1),
        mbOrNot(s.heap),
        mbOrNot(s.live),
        String(s.fds),
      ]);
    };
    columns([
      'elapsed',
      'requests',
      'errors',
      'uploads',
      'logins',
      'RSS MB',
      'heap MB',
      'live heap MB',
      'fds',
    ]);
    print(await sample());

    // Lists: one autocannon run for the whole soak, counted response by response.
    const lists = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: ctx.baseUrl,
          connections: 10,
          overallRate: RATE,
          duration: durationMs / 1000,
          requests,
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      instance.on('response', (_client, status) => {
        done++;
        if (status !== 200) fail(`list HTTP ${status}`);
      });
      instance.on('reqError', () => {
        done++;
        fail('list connection error');
      });
    });

    /** Runs `fn` perMinute times a minute, evenly spaced, until the end. */
    const every = async (perMinute: number, fn: () => Promise<void>) => {
      if (!(perMinute > 0)) return;
      const gap = 60_000 / perMinute;
      for (let next = t0 + gap / 2; next < end; next += gap) {
        await sleep(Math.max(0, next - performance.now()));
        if (performance.now() >= end) break;
        await fn();
      }
    };
    const uploadMs: number[] = [];
    const uploading = every(UPLOADS_PER_MINUTE, async () => {
      const bytes = uniquePdf(UPLOAD_BYTES);
      const t = performance.now();
      const res = await uploadPdf(
        ctx.baseUrl,
        ctx.token,
        requisitos[uploads % requisitos.length],
        bytes,
      ).catch(() => null);
      uploadMs.push(performance.now() - t);
      done++;
      uploads++;
      if (res?.status !== 200) fail(`upload ${res?.status ?? 'connection error'}`);
    });
    const signingIn = every(LOGINS_PER_MINUTE, async () => {
      const staff = logins % 2 === 1;
      logins++;
      done += 3; // captcha, sign-in and a call with the new token
      try {
        const token = await signIn(ctx.baseUrl, staff ? BENCH_STAFF_USER : ready.nit, staff);
        const res = await fetch(`${ctx.baseUrl}/api/contratista/opciones_menu`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200) fail(`menu with a new token ${res.status}`);
      } catch (err) {
        fail(`sign-in: ${err instanceof Error ? err.message.slice(0, 80) : String(err)}`);
      }
    });

    let n = 0;
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        if (performance.now() >= end) return;
        const s = await sample();
        if (++n % REPORT_EVERY === 0) print(s);
      });
    }, SAMPLE_MS);
    let listResult: autocannon.Result;
    try {
      [listResult] = await Promise.all([lists, uploading, signingIn]);
    } finally {
      clearInterval(sampler);
      await sampling;
    }
    const last = await sample();
    if (last.t - printedAt > SAMPLE_MS / 2) print(last);

    // Verdict: samples taken under load (not the ones before it started and after it ended),
    // first third vs last third.
    const loaded = samples.slice(1, -1);
    const span = last.t;
    const first = loaded.filter((s) => s.t <= span / 3);
    const lastThird = loaded.filter((s) => s.t >= (2 * span) / 3);
    if (!first.length || !lastThird.length) {
      console.log(`\nsoak: ${last.requests} requests, ${last.errors} errors; too short for a verdict`);
      return last.errors === 0;
    }
    const rss1 = median(first.map((s) => s.rss));
    const rss3 = median(lastThird.map((s) => s.rss));
    const fds1 = median(first.map((s) => s.fds));
    const fds3 = median(lastThird.map((s) => s.fds));
    const lives = (xs: Sample[]) => xs.map((s) => s.live).filter((h): h is number => h !== null);
    const live1 = median(lives(first));
    const live3 = median(lives(lastThird));
    const majorGcs =
      last.majorGcs !== null && samples[0].majorGcs !== null ? last.majorGcs - samples[0].majorGcs : null;
    const rssOk = rss3 - rss1 <= RSS_GROWTH_MAX * rss1;
    const fdsOk = fds3 - fds1 <= FDS_GROWTH_MAX;
    console.log(
      `\nsoak: ${last.requests} requests in ${clock(last.t)}, ${last.errors} errors` +
        (errorKinds.size ? ` (${[...errorKinds].map(([k, v]) => `${k}: ${v}`).join(', ')})` : '') +
        `; lists ${listResult.requests.average.toFixed(0)} req/s, p50 ${listResult.latency.p50} ms, ` +
        `p99 ${listResult.latency.p99} ms; ${uploads} uploads, p50 ${Math.round(percentile(uploadMs, 50))} ms, ` +
        `max ${Math.round(Math.max(0, ...uploadMs))} ms; ${logins} sign-ins`,
    );
    console.log(
      `soak: RSS median ${megabytes(rss1)} MB in the first third (${first.length} samples), ` +
        `${megabytes(rss3)} MB in the last (${lastThird.length}): ${rss3 >= rss1 ? '+' : ''}${megabytes(rss3 - rss1)} MB ` +
        `(${(((rss3 - rss1) / rss1) * 100).toFixed(1)}%, limit ${RSS_GROWTH_MAX * 100}%) ${rssOk ? 'ok' : 'GROWING'}; ` +
        `live heap (after major GC) ${Number.isNaN(live1) ? '?' : megabytes(live1)} -> ` +
        `${Number.isNaN(live3) ? '?' : megabytes(live3)} MB, ${majorGcs ?? '?'} major GCs under load` +
        (majorGcs === 0
          ? ' (the heap has not reached its first mark-compact: RSS still includes garbage)'
          : ''),
    );
    console.log(
      `soak: open file descriptors median ${fds1} -> ${fds3} (${fds3 - fds1 >= 0 ? '+' : ''}${fds3 - fds1}, ` +
        `limit +${FDS_GROWTH_MAX}) ${fdsOk ? 'ok' : 'GROWING'}`,
    );
    return last.errors === 0 && rssOk && fdsOk;
  });
}

// Stops by itself even if something hangs: the soak, plus generation time.
const limit = setTimeout(
  () => {
    console.error('soak: time limit reached');
    process.exit(2);
  },
  (MINUTES + Number(env.BENCH_TIMEOUT_MINUTES ?? 60)) * 60_000,
);
limit.unref();

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
