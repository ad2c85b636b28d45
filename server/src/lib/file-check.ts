import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { PdfTextResult } from './file-check-pdf-text';
import type { FileVerdict } from './file-check-verdict';
import type {
  CheckResult,
  PoisonAction,
  WorkerReply,
  WorkerRequest,
  WorkerResult,
  WorkerResults,
  WorkerTask,
} from './file-check-worker';

export type { FileVerdict } from './file-check-verdict';
export type { CheckResult } from './file-check-worker';
export type { GreyImage, PdfTextResult } from './file-check-pdf-text';

/**
 * Structural content checks of uploads (docs/decisions/084-upload-content-structure.md), after the
 * magic bytes matched the extension:
 * - pdf, xls/doc/ppt, xlsx/docx/pptx: parsed in a worker thread (file-check-worker.ts), one file
 *   at a time per worker, at most FILE_CHECK_WORKERS workers, each check limited to
 *   FILE_CHECK_TIME_LIMIT_MS and the worker's heap to FILE_CHECK_HEAP_MB (past either the worker
 *   is ended and replaced, and the file refused);
 * - images: fully decoded by sharp (libvips), which works on libuv's thread pool, with a pixel
 *   limit and a time limit.
 * The event loop only copies the bytes to the worker and waits.
 */
export const FILE_CHECK_TIME_LIMIT_MS = 10_000;
export const FILE_CHECK_HEAP_MB = 512;
/**
 * A worker whose V8 heap is past this after a task is replaced (a warm one holds 35-55 MB after
 * checking heavy 4.9 MB PDFs, measured on the 2-core machine; a workbook or a planilla of hundreds
 * of thousands of lines grows it to hundreds of MB, which V8 keeps committed).
 */
export const FILE_CHECK_RECYCLE_HEAP_MB = 160;
export const FILE_CHECK_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
/** 100 megapixels: a phone photo is 12-50; a decompression bomb is refused before decoding. */
export const MAX_IMAGE_PIXELS = 100_000_000;

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff']);
const PARSED = new Set(['pdf', 'xls', 'doc', 'ppt', 'xlsx', 'docx', 'pptx']);

/** True when the extension has a structural check (the others are refused by the upload rules). */
export const hasStructureCheck = (ext: string) => IMAGE.has(ext) || PARSED.has(ext);

/**
 * Reading a PDF's text layer (the dates a certificate states, decision 107): in the same worker
 * pool, limited to PDF_TEXT_TIME_LIMIT_MS (past it { ok: false, reason: 'timeout' }) and to the
 * pages and characters of file-check-pdf-text.ts.
 */
export const PDF_TEXT_TIME_LIMIT_MS = 5_000;

/**
 * `pdfText`: a PDF's check also answers its text layer (`text`, when the check passed), read from
 * the document the check opened: one message to the worker, one copy, one parse (decision 115).
 * The check keeps FILE_CHECK_TIME_LIMIT_MS and the text PDF_TEXT_TIME_LIMIT_MS after it (the worker
 * stops reading text past it); the pool's hard limit for the pair is their sum, past which the
 * worker is ended and the file refused like a slow check.
 */
export async function checkFileStructure(
  bytes: Uint8Array,
  ext: string,
  opts: { pdfText?: boolean } = {},
): Promise<CheckResult> {
  if (IMAGE.has(ext)) return checkImage(bytes);
  if (ext === 'pdf' && opts.pdfText)
    return pool().run(
      { task: 'check', ext, bytes, textTimeLimitMs: PDF_TEXT_TIME_LIMIT_MS },
      FILE_CHECK_TIME_LIMIT_MS + PDF_TEXT_TIME_LIMIT_MS,
    );
  if (PARSED.has(ext)) return pool().run({ task: 'check', ext, bytes });
  return { ok: false, reason: 'structure' };
}

/**
 * JSON bodies (bytes) at least this long, once their long strings are cut out (decision 149), go to
 * the worker pool; shorter ones are parsed inline (a message costs more than a few kilobytes of work).
 */
export const OFF_THREAD_MIN = 256 * 1024;

/**
 * A large JSON body parsed in the worker pool, as Fastify's parser would (secure-json-parse,
 * prototype and constructor poisoning refused): the 5 MB upload's 20 ms of decoding and parsing
 * leave the event loop, which only copies the parsed value back. The body's memory is handed to
 * the worker (the caller must not use it afterwards). Null when it is not JSON.
 */
export async function parseJsonOffThread(
  body: Buffer,
  poisoning: { protoAction: PoisonAction; constructorAction: PoisonAction },
): Promise<{ value: unknown } | null> {
  const { buffer } = body;
  const own = buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === buffer.byteLength;
  const r = await pool().run(
    { task: 'json', body, ...poisoning },
    FILE_CHECK_TIME_LIMIT_MS,
    own ? [buffer] : [],
  );
  return r.ok ? { value: r.value } : null;
}

/**
 * A roster-import workbook read in the worker pool (docs/decisions/137): its measure and its rows,
 * within IMPORT_READ_TIME_LIMIT_MS and the pool's heap limit (past either: { ok: false, reason:
 * 'timeout' }). The limit counts a cold worker's first load of exceljs (seconds on a busy machine)
 * and a 2,000-row read; a hostile file is refused by its measure in milliseconds.
 */
export const IMPORT_READ_TIME_LIMIT_MS = 30_000;
export function readImportWorkbook(bytes: Uint8Array): Promise<WorkerResults['plantilla']> {
  return pool().run({ task: 'plantilla', bytes }, IMPORT_READ_TIME_LIMIT_MS);
}

/**
 * A PILA flat file read in the worker pool (docs/decisions/165): lines counted and refused past
 * `maxLineas` before parsing, then parsed, within FILE_CHECK_TIME_LIMIT_MS and the pool's heap limit
 * (past either: { ok: false, reason: 'timeout' }). The event loop only copies the bytes and the
 * parsed records.
 */
export function readPilaOffThread(bytes: Uint8Array, maxLineas: number): Promise<WorkerResults['pila']> {
  return pool().run({ task: 'pila', bytes, maxLineas });
}

/** The text layer alone (a file not checked by this process, e.g. the bench's reads). */
export function readPdfText(bytes: Uint8Array): Promise<PdfTextResult> {
  return pool().run({ task: 'text', ext: 'pdf', bytes }, PDF_TEXT_TIME_LIMIT_MS);
}

async function checkImage(bytes: Uint8Array): Promise<FileVerdict> {
  try {
    // Decoding every pixel through a tiny resize: libvips streams the image, so memory stays small.
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true })
      .resize(16, 16, { fit: 'inside' })
      .timeout({ seconds: FILE_CHECK_TIME_LIMIT_MS / 1000 })
      .raw()
      .toBuffer();
    return { ok: true };
  } catch (err) {
    return /timeout/i.test(String(err))
      ? { ok: false, reason: 'timeout' }
      : { ok: false, reason: 'structure' };
  }
}

// ---------- the worker pool ----------

/** A request without its id (which the pool gives), for each kind of request. */
type NewRequest = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Job = {
  req: NewRequest;
  resolve: (v: WorkerResult) => void;
  reject: (e: Error) => void;
  /** This job's time limit (the pool's unless the caller gives one). */
  timeLimitMs: number;
  /** Memory handed to the worker rather than copied. */
  transfer?: ArrayBuffer[];
};

/**
 * `started`: the worker's module is loaded (it can parse JSON); `ready`: pdf.js is loaded too. File
 * checks wait for `ready`, so pdf.js's loading never counts against a file's time limit. Since the
 * bootstrap loads pdf.js's modules first (decision 149), `ready` follows `started` at once; the two
 * stay distinct so that a worker module loading pdf.js later would still be waited for.
 */
type Slot = {
  worker: Worker;
  started: boolean;
  ready: boolean;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
};
/** The worker's messages that are not answers: module loaded, pdf.js loaded. */
const STARTED = -1;
const READY = 0;

/** Tasks that need pdf.js loaded in the worker. */
const NEEDS_PDFJS = new Set<WorkerTask>(['check', 'text']);

/**
 * The worker is TypeScript: a small bootstrap registers tsx in the worker first (under npm start,
 * the bench and vitest alike).
 */
const WORKER_FILE = fileURLToPath(new URL('./file-check-worker.ts', import.meta.url));
/**
 * tsx resolved from this file, not from the worker's eval code (which resolves against the process's
 * working directory: a server started outside the project could not check a single PDF).
 */
const TSX_API = (() => {
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api'].import.default)).href;
})();
/**
 * pdf.js (its API and the part it runs as a "fake worker" in the same thread) is loaded by Node's own
 * loader before tsx is registered, so tsx's loader thread never reads these two large modules: through
 * tsx each worker held about 190 MB more and spent a second or more of CPU on them (docs/decisions/149).
 * `globalThis.pdfjsWorker` is where pdf.js looks for its worker code before importing it.
 */
const PDFJS = import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs');
const PDFJS_WORKER = import.meta.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
const BOOTSTRAP = `Promise.all([import(${JSON.stringify(PDFJS)}), import(${JSON.stringify(PDFJS_WORKER)})])
  .then(([, w]) => { globalThis.pdfjsWorker = w; return import(${JSON.stringify(TSX_API)}); })
  .then((t) => { t.register(); return import(${JSON.stringify(pathToFileURL(WORKER_FILE).href)}); })`;

class FileCheckPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  /** Messages posted to workers so far (one per job; the tests count them). */
  sent = 0;

  /** Workers replaced because their heap had grown past recycleHeapMb (the tests count them). */
  recycled = 0;

  constructor(
    private readonly size: number,
    private readonly timeLimitMs: number,
    private readonly recycleHeapMb = FILE_CHECK_RECYCLE_HEAP_MB,
  ) {}

  private recycle(slot: Slot) {
    this.slots = this.slots.filter((s) => s !== slot);
    this.recycled++;
    void slot.worker.terminate();
    // Its replacement loads its modules now, not when the next upload waits for it.
    this.spawn();
  }

  run<T extends WorkerTask>(
    req: NewRequest & { task: T },
    timeLimitMs: number = this.timeLimitMs,
    transfer: ArrayBuffer[] = [],
  ): Promise<WorkerResults[T]> {
    return new Promise<WorkerResults[T]>((resolve, reject) => {
      // Every task's answer has the { ok: false, reason: 'timeout' } case the pool gives on its own.
      this.queue.push({ req, resolve: resolve as (v: WorkerResult) => void, reject, timeLimitMs, transfer });
      this.pump();
    });
  }

  private spawn(): Slot {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: FILE_CHECK_HEAP_MB },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, started: false, ready: false, job: null };
    worker.on('message', (msg: WorkerReply) => {
      if (msg.id === STARTED || msg.id === READY) {
        slot.started = true;
        if (msg.id === READY) slot.ready = true;
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      // A parse that grew the worker's heap (a large workbook, a planilla) leaves it grown: V8
      // keeps what it committed. The worker is replaced, so the memory goes with its isolate.
      if ((msg.heapMb ?? 0) > this.recycleHeapMb) this.recycle(slot);
      if (msg.result) job.resolve(msg.result);
      else job.reject(new Error(`file check failed: ${msg.error}`));
      this.pump();
    });
    const gone = (err?: unknown) => {
      this.slots = this.slots.filter((s) => s !== slot);
      const job = slot.job;
      slot.job = null;
      if (job) {
        clearTimeout(job.timer);
        // Out of memory or crashed on this file: the file is refused like a slow one.
        job.resolve({ ok: false, reason: 'timeout' });
      } else if (!slot.started && err) {
        // The worker could not even start: fail the waiting jobs instead of hanging them.
        for (const j of this.queue.splice(0))
          j.reject(new Error(`file-check worker did not start: ${String(err)}`));
      }
      this.pump();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone());
    this.slots.push(slot);
    return slot;
  }

  /** Every worker started (they are unref'd: an idle pool never keeps the process alive). */
  warm() {
    while (this.slots.length < this.size) this.spawn();
  }

  private pump() {
    while (this.queue.length > 0) {
      // The first free worker that can run a queued job takes the oldest such job.
      let slot: Slot | undefined;
      let at = -1;
      for (const s of this.slots) {
        if (s.job || !s.started) continue;
        at = this.queue.findIndex((j) => s.ready || !NEEDS_PDFJS.has(j.req.task));
        if (at >= 0) {
          slot = s;
          break;
        }
      }
      if (!slot) {
        if (this.slots.length < this.size) this.spawn();
        return;
      }
      const [job] = this.queue.splice(at, 1);
      const id = this.nextId++;
      const timer = setTimeout(() => {
        // Too slow: end the worker (a parse cannot be interrupted otherwise); a new one replaces it.
        slot.job = null;
        this.slots = this.slots.filter((s) => s !== slot);
        void slot.worker.terminate();
        job.resolve({ ok: false, reason: 'timeout' });
        this.pump();
      }, job.timeLimitMs);
      timer.unref();
      slot.job = { ...job, id, timer };
      this.sent++;
      // Strings and bytes are copied (the caller keeps its own) unless handed over in `transfer`.
      slot.worker.postMessage({ id, ...job.req } as WorkerRequest, job.transfer ?? []);
    }
  }
}

let shared: FileCheckPool | null = null;
const pool = () => (shared ??= new FileCheckPool(FILE_CHECK_WORKERS, FILE_CHECK_TIME_LIMIT_MS));

/**
 * Starts the shared pool's workers ahead of the first upload (the server's start, decision 147):
 * loading a worker's modules and pdf.js takes a second or more of CPU, which a first wave of uploads
 * would otherwise wait for.
 */
export function warmFileCheckPool(): void {
  pool().warm();
}

/** Messages the shared pool has posted to its workers (tests: one per upload check, decision 115). */
export const fileCheckMessages = () => shared?.sent ?? 0;

/** A pool of its own (tests of the time limit). */
export function createFileCheckPool(size: number, timeLimitMs: number, recycleHeapMb?: number) {
  return new FileCheckPool(size, timeLimitMs, recycleHeapMb);
}
