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
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { tesseractDisponible } from '../server/src/compliance/document-dates/ocr';
import { leerFechasDeArchivo } from '../server/src/compliance/document-dates/read-dates';
import { CERTIFICADO_ARL, certificatePng, textPdf } from '../server/src/compliance/document-dates/samples';
import {
  loadAverage,
  okMissed,
  p99Goal,
  pacedRow,
  percentile,
  roundMs,
  rowLine,
  timeRuns,
  type PacedRow,
} from './paced-load';

export const DATES_NAME = 'document dates';
const PDF_GOAL_MS = 300;
const OCR_GOAL_MS = 3000;
const PROBE_GOAL_MS = 20;
const PROBE_EVERY_MS = 20;
const IDLE_MS = 3000;

/** A trivial endpoint probed every PROBE_EVERY_MS while `work` runs; latencies in ms. */
type Probed<T> = { result: T; probe: number[]; loopP99: number; loopMax: number };

async function withProbe<T>(work: () => Promise<T>): Promise<Probed<T>> {
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

/** A row of `n` readings (goal p99 < goalMs) with the probe's p99 meanwhile (goal PROBE_GOAL_MS). */
function datesRow(endpoint: string, p: Probed<Awaited<ReturnType<typeof timeRuns>>>, goalMs: number) {
  const probeP99 = percentile(p.probe, 99);
  const row = pacedRow({
    endpoint,
    db: '-',
    conns: 1,
    ms: p.result.ms,
    rps: (p.result.ms.length / p.result.wallMs) * 1000,
    errors: p.result.errors,
    goal: `${p99Goal(goalMs, percentile(p.result.ms, 99))}, probe p99<${PROBE_GOAL_MS}ms ${okMissed(probeP99 < PROBE_GOAL_MS)}`,
  });
  const meanwhile =
    `probe of a trivial endpoint meanwhile p99 ${roundMs(probeP99)} ms over ${p.probe.length} requests; ` +
    `event loop delay p99 ${roundMs(p.loopP99)} ms, max ${roundMs(p.loopMax)} ms`;
  return { row, meanwhile };
}

export async function runDocumentDatesBench(opts: { pdfRuns?: number; ocrRuns?: number } = {}): Promise<{
  rows: PacedRow[];
  notes: string[];
}> {
  const notes: string[] = [];
  const rows: PacedRow[] = [];
  const expected = '2026-11-03';

  const pdf = textPdf(CERTIFICADO_ARL, { totalSize: 5_000_000 });
  await leerFechasDeArchivo(textPdf(['x']), 'pdf'); // worker pool warm
  // The same probe with nothing else running: what the machine itself gives (other processes on
  // the same cores), to tell the reader's cost from the machine's load.
  const idle = await withProbe(() => new Promise((r) => setTimeout(r, IDLE_MS)));
  notes.push(
    `document dates: probe with no reading p99 ${roundMs(percentile(idle.probe, 99))} ms over ${idle.probe.length} requests, ` +
      `event loop delay p99 ${roundMs(idle.loopP99)} ms; load average ${loadAverage()}`,
  );
  const p = datesRow(
    `${DATES_NAME}: ${(pdf.length / 1e6).toFixed(1)} MB PDF with text layer`,
    await withProbe(() =>
      timeRuns(
        opts.pdfRuns ?? 60,
        async () => (await leerFechasDeArchivo(pdf, 'pdf')).fechas.expedicion === expected,
      ),
    ),
    PDF_GOAL_MS,
  );
  rows.push(p.row);
  notes.push(`document dates, 5 MB PDF: ${p.meanwhile}`);

  if (!(await tesseractDisponible())) {
    notes.push(
      'document dates, OCR: tesseract (tesseract-ocr, tesseract-ocr-spa) is not installed: row skipped',
    );
    return { rows, notes };
  }
  const png = await certificatePng(CERTIFICADO_ARL, { dpi: 150 });
  await leerFechasDeArchivo(png, 'png'); // Tesseract's data in the page cache
  const o = datesRow(
    `${DATES_NAME}: OCR of one A4 page at 150 dpi`,
    await withProbe(() =>
      timeRuns(
        opts.ocrRuns ?? 5,
        async () => (await leerFechasDeArchivo(png, 'png')).fechas.expedicion === expected,
      ),
    ),
    OCR_GOAL_MS,
  );
  rows.push(o.row);
  notes.push(`document dates, OCR: ${o.meanwhile}`);
  return { rows, notes };
}

// Standalone run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) =>
    Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]) || undefined;
  runDocumentDatesBench({ pdfRuns: arg('pdf'), ocrRuns: arg('ocr') }).then(
    ({ rows, notes }) => {
      for (const r of rows) console.log(rowLine(r));
      for (const n of notes) console.log(n);
      process.exit(rows.some((r) => r.errors > 0) ? 1 : 0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
