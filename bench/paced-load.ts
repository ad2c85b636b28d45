/**
 * An open-loop load generator at a steady rate (docs/decisions/150): request i is due at
 * t0 + i / rate, whatever happened to the ones before it, and its latency is counted from that due
 * time, so a request that waited for a free connection counts its wait (coordinated omission
 * corrected as wrk2 does, per request, without invented samples). The requests of a second are
 * spread over the second, not sent back to back at its start as autocannon's `overallRate` does.
 *
 * Returns the fields of an autocannon result that the benches read, so either can feed a row.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

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

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const ms = (x: number) => Math.round(x * 100) / 100;

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
  return {
    requests: { total, average: Math.round(total / elapsedS) },
    latency: {
      p50: ms(percentile(sorted, 50)),
      p99: ms(percentile(sorted, 99)),
      max: ms(sorted.at(-1) ?? 0),
    },
    non2xx,
    errors,
    timeouts: 0,
    statusCodeStats,
  };
}
