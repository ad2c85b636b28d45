/**
 * Upload benchmark (the load goals of bench/README.md): 10 concurrent uploads of 4.9 MB PDFs against the real
 * server (child process, embedded PGlite, temp DATA_DIR), several waves. Reports latency p50/p99,
 * the server's peak RSS during the waves and its RSS at rest before and after. With --lists it
 * also loads the evidence list endpoints (autocannon, 10 connections).
 *
 *   npx tsx bench/upload-bench.ts [--waves=5] [--concurrency=10] [--mb=4.9] [--lists]
 *                                 [--settle=5000] [--slack=64]
 *
 * From bench/run.ts: `import { runUploadBench } from './upload-bench'` and call it with
 * { url, token, pid } of a running server to reuse it, or with nothing to start its own. With
 * rssSlackMb, the RSS after is sampled every 500 ms until it is back within baseline + slack, for
 * at most settleMs (default 5 s, fixed wait without rssSlackMb). No GC is forced: V8 returns the
 * upload buffers on its own (its memory reducer runs some seconds after the allocation rate drops).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  cpuMsOf,
  login,
  serverEnvOf,
  pdfRequisitos,
  percentile,
  rssOf,
  startServer,
  stopServer,
  uniquePdf,
  uploadBody,
  uploadPdf,
  type Server,
} from './upload-support';

export type UploadBenchOptions = {
  url?: string;
  token?: string;
  /** pid of the server, to sample its memory (known when this script starts it). */
  pid?: number;
  waves?: number;
  concurrency?: number;
  sizeBytes?: number;
  lists?: boolean;
  /** Longest wait for the RSS after the uploads (ms, default 5000). */
  settleMs?: number;
  /** Stop waiting as soon as the RSS is within baseline + this many MB. */
  rssSlackMb?: number;
};

export type UploadBenchResult = {
  uploads: number;
  errors: number;
  sizeBytes: number;
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  wallMs: number;
  rssBaselineMb: number | null;
  rssPeakMb: number | null;
  rssAfterMb: number | null;
  /** ms from the end of the last wave to the RSS after sample. */
  settledMs: number | null;
  /** Server CPU (user + system) per upload: comparable on a busy machine, unlike latency. */
  cpuMsPerUpload: number | null;
  /** The start settings the server runs with (serverEnvOf), null without its pid. */
  serverSettings: string | null;
  lists?: Array<{
    path: string;
    rps: number;
    p50Ms: number;
    p99Ms: number;
    non2xx: number;
    cpuMsPerRequest: number | null;
  }>;
};

const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listLoad(url: string, token: string, p: string, pid?: number) {
  const cpu0 = pid ? cpuMsOf(pid) : 0;
  const r = await autocannon({
    url: `${url}${p}`,
    connections: 10,
    duration: 10,
    headers: { authorization: `Bearer ${token}` },
  });
  const cpuMsPerRequest = pid ? Math.round(((cpuMsOf(pid) - cpu0) / r.requests.total) * 100) / 100 : null;
  return {
    path: p,
    rps: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    cpuMsPerRequest,
  };
}

export async function runUploadBench(opts: UploadBenchOptions = {}): Promise<UploadBenchResult> {
  const waves = opts.waves ?? 5;
  const concurrency = opts.concurrency ?? 10;
  const sizeBytes = opts.sizeBytes ?? Math.round(4.9 * 1024 * 1024);
  let server: Server | null = null;
  let dataDir: string | null = null;
  let { url, token, pid } = opts;
  if (!url) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
    server = await startServer({ dataDir, log: path.join(dataDir, 'server.log') });
    url = server.url;
    pid = server.pid;
  }
  try {
    token ??= await login(url);
    const requisitos = await pdfRequisitos(url, token);
    // Files and their JSON bodies are built before timing (the client's work is not the server's
    // latency, and on this machine the client's CPU is the server's: uploadBody).
    const files = Array.from({ length: waves * concurrency + 2 }, () => ({
      body: uploadBody(uniquePdf(sizeBytes)),
    }));
    // Warm-up (JIT, first blob directories), then the resting baseline.
    await uploadPdf(url, token, requisitos[0], files.pop()!);
    await uploadPdf(url, token, requisitos[0], files.pop()!);
    await sleep(1000);
    const rssBaseline = pid ? rssOf(pid) : 0;

    let peak = rssBaseline;
    const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssOf(pid!))), 10) : null;
    const latencies: number[] = [];
    let errors = 0;
    const cpu0 = pid ? cpuMsOf(pid) : 0;
    const t0 = performance.now();
    for (let w = 0; w < waves; w++) {
      await Promise.all(
        files.slice(w * concurrency, (w + 1) * concurrency).map(async (file, i) => {
          const t = performance.now();
          const res = await uploadPdf(
            url!,
            token!,
            requisitos[(w * concurrency + i) % requisitos.length],
            file,
          ).catch(() => null);
          latencies.push(performance.now() - t);
          if (res?.status !== 200) errors++;
        }),
      );
    }
    const wallMs = performance.now() - t0;
    const cpuMs = pid ? cpuMsOf(pid) - cpu0 : 0;
    if (sampler) clearInterval(sampler);
    const settleMs = opts.settleMs ?? 5000;
    const settle0 = performance.now();
    let rssAfter = 0;
    if (pid && opts.rssSlackMb !== undefined) {
      const target = rssBaseline + opts.rssSlackMb * 1024 * 1024;
      for (;;) {
        rssAfter = rssOf(pid);
        if (rssAfter <= target || performance.now() - settle0 >= settleMs) break;
        await sleep(500);
      }
    } else {
      await sleep(settleMs);
      rssAfter = pid ? rssOf(pid) : 0;
    }
    const settledMs = Math.round(performance.now() - settle0);

    const result: UploadBenchResult = {
      uploads: latencies.length,
      errors,
      sizeBytes,
      concurrency,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(Math.max(...latencies)),
      wallMs: Math.round(wallMs),
      rssBaselineMb: pid ? mb(rssBaseline) : null,
      rssPeakMb: pid ? mb(peak) : null,
      rssAfterMb: pid ? mb(rssAfter) : null,
      settledMs: pid ? settledMs : null,
      cpuMsPerUpload: pid ? Math.round(cpuMs / latencies.length) : null,
      serverSettings: pid ? serverEnvOf(pid) : null,
    };
    if (opts.lists) {
      const contratos = (await (
        await fetch(`${url}/api/contratista`, { headers: { authorization: `Bearer ${token}` } }).catch(
          () => null,
        )
      )
        ?.json()
        .catch(() => null)) as Array<{ contratos?: Array<{ id: number }> }> | null;
      const contratoId = contratos?.[0]?.contratos?.[0]?.id ?? 1;
      result.lists = [];
      for (const p of [
        '/api/contratista/adjuntos/sg-sst',
        `/api/contratista/adjuntos/g-riesgo?contratoid=${contratoId}`,
        `/api/contratista/adjuntos/g-retenido?contratoid=${contratoId}`,
      ]) {
        result.lists.push(await listLoad(url, token, p, pid));
      }
    }
    return result;
  } finally {
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  runUploadBench({
    waves: arg('waves') ? Number(arg('waves')) : undefined,
    concurrency: arg('concurrency') ? Number(arg('concurrency')) : undefined,
    sizeBytes: arg('mb') ? Math.round(Number(arg('mb')) * 1024 * 1024) : undefined,
    lists: process.argv.includes('--lists'),
    settleMs: arg('settle') ? Number(arg('settle')) : undefined,
    rssSlackMb: arg('slack') ? Number(arg('slack')) : undefined,
  })
    .then((r) => {
      console.log(
        `uploads: ${r.uploads} x ${mb(r.sizeBytes)} MB, ${r.concurrency} concurrent, errors ${r.errors}`,
      );
      console.log(`latency: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms; wall ${r.wallMs} ms`);
      console.log(
        `server RSS: baseline ${r.rssBaselineMb} MB, peak ${r.rssPeakMb} MB, ${r.settledMs} ms after ${r.rssAfterMb} MB` +
          ` (server settings: ${r.serverSettings})`,
      );
      const load = loadavg()
        .map((x) => x.toFixed(1))
        .join(' ');
      console.log(`server CPU: ${r.cpuMsPerUpload} ms per upload (machine load average ${load})`);
      for (const l of r.lists ?? [])
        console.log(
          `list ${l.path}: ${l.rps} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, non-2xx ${l.non2xx}, ` +
            `server CPU ${l.cpuMsPerRequest} ms/request`,
        );
      process.exit(r.errors ? 1 : 0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
