import { execOffThread } from '../../lib/exec-off-thread';

/**
 * OCR of a page image with Debian's Tesseract CLI (`tesseract-ocr` + `tesseract-ocr-spa`), decision
 * 107: the PNG goes in on stdin, the text comes out on stdout, no temporary files. Tesseract is a
 * child process started from a worker thread (lib/exec-off-thread.ts, decision 120): the event loop
 * neither forks nor waits. One page at a time (OCR_CONCURRENCY), one thread each
 * (OMP_THREAD_LIMIT=1: on a small machine OpenMP threads made a page 3-4x slower under load), at a
 * lower CPU priority than the server, killed after OCR_TIME_LIMIT_MS.
 */
export const OCR_TIME_LIMIT_MS = 15_000;
export const OCR_CONCURRENCY = 1;
/** Pages waiting beyond this are not read (the upload goes on without pre-filled dates). */
export const OCR_MAX_WAITING = 8;
const MAX_OUTPUT_BYTES = 1024 * 1024;

export type OcrResult =
  { ok: true; text: string } | { ok: false; reason: 'sin_tesseract' | 'tiempo' | 'ocupado' | 'error' };

/** Where a missing Tesseract is said, once per process. No personal data goes in it. */
export type OcrLog = { warn: (msg: string) => void };

let available: Promise<boolean> | null = null;
let warned = false;

/** Resets what was learned about Tesseract (tests that run with and without it). */
export function olvidarTesseract() {
  available = null;
  warned = false;
}

export function tesseractDisponible(bin = 'tesseract'): Promise<boolean> {
  return (available ??= execOffThread(bin, ['--list-langs'], {
    timeoutMs: 10_000,
    maxBuffer: MAX_OUTPUT_BYTES,
  }).then((r) => r.ok && /^spa$/m.test(`${r.stdout}\n${r.stderr}`)));
}

function avisarUnaVez(log: OcrLog | undefined) {
  if (warned) return;
  warned = true;
  log?.warn(
    'document dates: tesseract (tesseract-ocr, tesseract-ocr-spa) is not installed; ' +
      'scans and images are not read, only PDF text layers (README, requirements)',
  );
}

let running = 0;
const waiting: Array<() => void> = [];

async function turno<T>(work: () => Promise<T>): Promise<T> {
  if (running >= OCR_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The Spanish text of a page image (PNG or any format Tesseract's Leptonica reads). */
export async function ocr(
  image: Buffer,
  opts: { dpi?: number; log?: OcrLog; bin?: string; timeLimitMs?: number } = {},
): Promise<OcrResult> {
  const bin = opts.bin ?? 'tesseract';
  if (!(await tesseractDisponible(bin))) {
    avisarUnaVez(opts.log);
    return { ok: false, reason: 'sin_tesseract' };
  }
  if (running >= OCR_CONCURRENCY && waiting.length >= OCR_MAX_WAITING)
    return { ok: false, reason: 'ocupado' };
  return turno(async (): Promise<OcrResult> => {
    const args = ['stdin', 'stdout', '-l', 'spa', '--psm', '3'];
    if (opts.dpi) args.push('--dpi', String(Math.round(opts.dpi)));
    const r = await execOffThread(bin, args, {
      input: image,
      timeoutMs: opts.timeLimitMs ?? OCR_TIME_LIMIT_MS,
      maxBuffer: MAX_OUTPUT_BYTES,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      nice: 10,
    });
    if (r.ok) return { ok: true, text: r.stdout };
    return { ok: false, reason: r.killed ? 'tiempo' : 'error' };
  });
}
