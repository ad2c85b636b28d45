/**
 * An open-loop load generator at a steady rate (docs/decisions/150): request i is due at
 * t0 + i / rate, whatever happened to the ones before it, and its latency is counted from that due
 * time, so a request that waited for a free connection counts its wait (coordinated omission
 * corrected as wrk2 does, per request, without invented samples). The requests of a second are
 * spread over the second, not sent back to back at its start as autocannon's `overallRate` does.
 *
 * Returns the fields of an autocannon result that the benches read, so either can feed a row.
 *
 * Also the one home of a row of bench/run.ts's table (BenchRow) and of the paced rows every bench
 * file builds (pacedRow, from the latencies of a fixed count or rate of runs), with the percentile,
 * rounding, goal text and timing loop they share.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export type PacedOptions = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** The body of request number n (called when the request is sent). */
  body?: (n: number) => string | Buffer;
  /** Requests per second, overall. */
  rate: number;
  /** Keep-alive connections (requests wait for a free one, and the wait counts). */
  connections: number;
  durationS: number;
};

/** What the benches read of a load run: this generator's answer, or autocannon's. */
export type LoadResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count?: number }>;
};

/** The p-th percentile (nearest rank) of values in any order; NaN when there are none. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** x rounded to `decimals` decimals (1 unless told). */
export const roundMs = (x: number, decimals = 1) => Math.round(x * 10 ** decimals) / 10 ** decimals;
const ms = (x: number) => roundMs(x, 2);

export const okMissed = (ok: boolean) => (ok ? 'ok' : 'MISSED');
/** The goal text of a latency goal: `p99<200ms ok` or `p99<200ms MISSED`. */
export const p99Goal = (goalMs: number, p99: number) => `p99<${goalMs}ms ${okMissed(p99 < goalMs)}`;
/** A closed-loop row's goal: MISSED when nothing answered in the measured seconds (p99 reads 0). */
export const answeredP99Goal = (
  goalMs: number,
  x: Pick<LoadResult, 'requests' | 'latency'>,
  seconds: number,
) =>
  x.requests.total > 0
    ? p99Goal(goalMs, x.latency.p99)
    : `p99<${goalMs}ms MISSED (no answer in ${seconds} s)`;

/** The first three fields of /proc/loadavg: the load average over 1, 5 and 15 minutes. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A row of bench/run.ts's one table. */
export type BenchRow = {
  endpoint: string;
  db: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Paced rows (a fixed request rate or count) have no throughput ratio. */
  paced?: boolean;
  goal?: string;
};

/** A row of a fixed count or rate of runs, with its goal. */
export type PacedRow = BenchRow & { paced: true; goal: string };

/** The req/s, p50 and p99 of a row from a load run (autocannon's or `paced`). */
export const loadFigures = (x: Pick<LoadResult, 'requests' | 'latency'>) => ({
  rps: x.requests.average,
  p50: x.latency.p50,
  p99: x.latency.p99,
});

/**
 * A paced row from the latencies of its runs in ms (any order): p50 and p99 rounded to `decimals`
 * (1 unless told); the goal a text, or made from those rounded figures.
 */
export function pacedRow(r: {
  endpoint: string;
  db: string;
  conns: number;
  ms: readonly number[];
  rps: number;
  errors: number;
  goal: string | ((row: { p50: number; p99: number }) => string);
  decimals?: number;
}): PacedRow {
  const p50 = roundMs(percentile(r.ms, 50), r.decimals);
  const p99 = roundMs(percentile(r.ms, 99), r.decimals);
  return {
    endpoint: r.endpoint,
    db: r.db,
    conns: r.conns,
    rps: r.rps,
    p50,
    p99,
    errors: r.errors,
    paced: true,
    goal: typeof r.goal === 'string' ? r.goal : r.goal({ p50, p99 }),
  };
}

/** How the standalone bench scripts print a row. */
export const rowLine = (r: BenchRow) =>
  `${r.endpoint}: p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, ${r.goal ?? ''}`;

/**
 * `runs` timed calls of `once` (true: the answer was right) after `warmup` untimed ones, one after
 * the other: the latencies in ms (ascending), the wrong answers, the wall time of the timed calls
 * and the CPU time of this process per call. A call that is not async is timed without an await.
 */
export async function timeRuns(
  runs: number,
  once: () => boolean | Promise<boolean>,
  warmup = 0,
): Promise<{ ms: number[]; errors: number; wallMs: number; cpuMs: number }> {
  for (let i = 0; i < warmup; i++) {
    const r = once();
    if (r instanceof Promise) await r;
  }
  const ms: number[] = [];
  let errors = 0;
  let cpu = 0;
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = once();
    const right = r instanceof Promise ? await r : r;
    ms.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu += (d.user + d.system) / 1000;
    if (!right) errors++;
  }
  return { ms: ms.sort((a, b) => a - b), errors, wallMs: performance.now() - start, cpuMs: cpu / runs };
}

/** autocannon as a promise: the closed-loop rows, and the generator before decision 150. */
export function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function paced(opts: PacedOptions): Promise<LoadResult> {
  const target = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const interval = 1000 / opts.rate;
  const total = Math.round(opts.rate * opts.durationS);
  const latencies: number[] = [];
  const statusCodeStats: Record<string, { count: number }> = {};
  let errors = 0;
  let non2xx = 0;

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const body = opts.body?.(n);
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: opts.method ?? 'GET',
          headers: {
            ...opts.headers,
            ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            const code = String(res.statusCode);
            (statusCodeStats[code] ??= { count: 0 }).count++;
            if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const inFlight: Array<Promise<void>> = [];
  const t0 = performance.now();
  let n = 0;
  while (n < total) {
    const now = performance.now();
    // Every request now due goes out (a late timer sends the ones it owes at once, each still
    // counted from its own due time).
    while (n < total && t0 + n * interval <= now) {
      inFlight.push(send(n, t0 + n * interval));
      n++;
    }
    if (n < total)
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + n * interval - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - t0) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? ms(percentile(sorted, p)) : 0);
  return {
    requests: { total, average: Math.round(total / elapsedS) },
    latency: { p50: at(50), p99: at(99), max: ms(sorted.at(-1) ?? 0) },
    non2xx,
    errors,
    timeouts: 0,
    statusCodeStats,
  };
}
