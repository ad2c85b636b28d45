/**
 * Rows of `npm run bench` for reading the dates of uploaded documents (decision 107), measured in
 * this process (the reader is not behind an HTTP route yet, so no database is involved):
 * - 'document dates: 5 MB PDF with text layer': leerFechasDeArchivo on a 5,000,000-byte PDF, through
 *   the file-check worker pool (goal p99 < 300 ms);
 * - 'document dates: OCR of one A4 page at 150 dpi': a PNG certificate through sharp and the
 *   Tesseract CLI (goal p99 < 3 s).
 * Meanwhile a trivial HTTP endpoint in this same process is probed every 20 ms: its latency is what
 * any other request would see while dates are read (goal p99 < 20 ms), with the event loop delay.
 *
 * Standalone: npx tsx bench/document-dates.ts [--pdf=60] [--ocr=5]
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { tesseractDisponible } from '../server/src/compliance/document-dates/ocr';
import { leerFechasDeArchivo } from '../server/src/compliance/document-dates/read-dates';
import { CERTIFICADO_ARL, certificatePng, textPdf } from '../server/src/compliance/document-dates/samples';

export const DATES_NAME = 'document dates';
const PDF_GOAL_MS = 300;
const OCR_GOAL_MS = 3000;
const PROBE_GOAL_MS = 20;
const PROBE_EVERY_MS = 20;
const IDLE_MS = 3000;

export type DatesRow = {
  endpoint: string;
  db: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  paced: true;
  goal: string;
};

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A trivial endpoint probed every PROBE_EVERY_MS while `work` runs; latencies in ms. */
async function withProbe<T>(
  work: () => Promise<T>,
): Promise<{ result: T; probe: number[]; loopP99: number; loopMax: number }> {
  const server = createServer((_, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
  // The first fetch loads Node's HTTP client (tens of ms on the loop): not part of the measure.
  await (await fetch(url)).text();
  const probe: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await (await fetch(url)).text();
      probe.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    return { result, probe, loopP99: delay.percentile(99) / 1e6, loopMax: delay.max / 1e6 };
  } finally {
    delay.disable();
    running = false;
    await loop;
    await new Promise((r) => server.close(r));
  }
}

async function timed(
  n: number,
  once: () => Promise<boolean>,
): Promise<{ ms: number[]; errors: number; wall: number }> {
  const ms: number[] = [];
  let errors = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    if (!(await once())) errors++;
    ms.push(performance.now() - t);
  }
  return { ms: ms.sort((a, b) => a - b), errors, wall: performance.now() - start };
}

export async function runDocumentDatesBench(opts: { pdfRuns?: number; ocrRuns?: number } = {}): Promise<{
  rows: DatesRow[];
  notes: string[];
}> {
  const notes: string[] = [];
  const rows: DatesRow[] = [];
  const expected = '2026-11-03';

  const pdf = textPdf(CERTIFICADO_ARL, { totalSize: 5_000_000 });
  await leerFechasDeArchivo(textPdf(['x']), 'pdf'); // worker pool warm
  // The same probe with nothing else running: what the machine itself gives (other processes on
  // the same cores), to tell the reader's cost from the machine's load.
  const idle = await withProbe(() => new Promise((r) => setTimeout(r, IDLE_MS)));
  const idleP99 = pct(
    [...idle.probe].sort((a, b) => a - b),
    99,
  );
  notes.push(
    `document dates: probe with no reading p99 ${round(idleP99)} ms over ${idle.probe.length} requests, ` +
      `event loop delay p99 ${round(idle.loopP99)} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const p = await withProbe(() =>
    timed(
      opts.pdfRuns ?? 60,
      async () => (await leerFechasDeArchivo(pdf, 'pdf')).fechas.expedicion === expected,
    ),
  );
  const probeP99 = pct(
    [...p.probe].sort((a, b) => a - b),
    99,
  );
  rows.push({
    endpoint: `${DATES_NAME}: ${(pdf.length / 1e6).toFixed(1)} MB PDF with text layer`,
    db: '-',
    conns: 1,
    rps: (p.result.ms.length / p.result.wall) * 1000,
    p50: round(pct(p.result.ms, 50)),
    p99: round(pct(p.result.ms, 99)),
    errors: p.result.errors,
    paced: true,
    goal: `p99<${PDF_GOAL_MS}ms ${ok(pct(p.result.ms, 99) < PDF_GOAL_MS)}, probe p99<${PROBE_GOAL_MS}ms ${ok(probeP99 < PROBE_GOAL_MS)}`,
  });
  notes.push(
    `document dates, 5 MB PDF: probe of a trivial endpoint meanwhile p99 ${round(probeP99)} ms over ${p.probe.length} requests; ` +
      `event loop delay p99 ${round(p.loopP99)} ms, max ${round(p.loopMax)} ms`,
  );

  if (!(await tesseractDisponible())) {
    notes.push(
      'document dates, OCR: tesseract (tesseract-ocr, tesseract-ocr-spa) is not installed: row skipped',
    );
    return { rows, notes };
  }
  const png = await certificatePng(CERTIFICADO_ARL, { dpi: 150 });
  await leerFechasDeArchivo(png, 'png'); // Tesseract's data in the page cache
  const o = await withProbe(() =>
    timed(
      opts.ocrRuns ?? 5,
      async () => (await leerFechasDeArchivo(png, 'png')).fechas.expedicion === expected,
    ),
  );
  const ocrProbeP99 = pct(
    [...o.probe].sort((a, b) => a - b),
    99,
  );
  rows.push({
    endpoint: `${DATES_NAME}: OCR of one A4 page at 150 dpi`,
    db: '-',
    conns: 1,
    rps: (o.result.ms.length / o.result.wall) * 1000,
    p50: round(pct(o.result.ms, 50)),
    p99: round(pct(o.result.ms, 99)),
    errors: o.result.errors,
    paced: true,
    goal: `p99<${OCR_GOAL_MS}ms ${ok(pct(o.result.ms, 99) < OCR_GOAL_MS)}, probe p99<${PROBE_GOAL_MS}ms ${ok(ocrProbeP99 < PROBE_GOAL_MS)}`,
  });
  notes.push(
    `document dates, OCR: probe of a trivial endpoint meanwhile p99 ${round(ocrProbeP99)} ms over ${o.probe.length} requests; ` +
      `event loop delay p99 ${round(o.loopP99)} ms, max ${round(o.loopMax)} ms`,
  );
  return { rows, notes };
}

// Standalone run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) =>
    Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]) || undefined;
  runDocumentDatesBench({ pdfRuns: arg('pdf'), ocrRuns: arg('ocr') }).then(
    ({ rows, notes }) => {
      for (const r of rows)
        console.log(`${r.endpoint}: p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, ${r.goal}`);
      for (const n of notes) console.log(n);
      process.exit(rows.some((r) => r.errors > 0) ? 1 : 0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
