import { getHeapStatistics } from 'node:v8';
import { parentPort, threadId } from 'node:worker_threads';
import secureJsonParse from 'secure-json-parse';
import { checkOle, checkOoxml } from './file-check-office';
import { checkPdf, checkPdfThen, loadPdfJs } from './file-check-pdf';
import { docText, pdfText, type PdfTextResult } from './file-check-pdf-text';
import type { FileVerdict } from './file-check-verdict';
import type { LecturaPlantilla } from '../modules/empleados';
import type { LecturaPila } from '../modules/pila';

/**
 * The file-check worker thread (docs/decisions/084-upload-content-structure.md): CPU-bound parsing
 * of uploaded files, away from the server's event loop. One message in, one answer out:
 * { id, task, bytes, ext } -> { id, result } or { id, error }. A new task (for example reading
 * the dates printed in a PDF) is one more case below; pdf.js is already loaded here.
 *
 * 'check' of a PDF with `textTimeLimitMs` also answers its text layer (decision 115): the document
 * the check opened is read for text when the check passes, so an upload whose dates are read costs
 * one message, one copy of the file and one parse. The text keeps its own limits: its pages and
 * characters, and `textTimeLimitMs` counted from the end of the check (checked between pages).
 *
 * 'json' parses a large JSON body as Fastify's own parser would, with prototype and constructor
 * poisoning handled as the app is configured (docs/decisions/147); a body that is mostly an upload's
 * base64 text no longer comes here (decision 149).
 *
 * 'plantilla' reads a roster-import workbook (docs/decisions/137): measured, then streamed, so a
 * sheet that claims a million rows is refused here and never stalls the event loop. exceljs is
 * loaded on the first such task only.
 *
 * 'pila' reads a PILA flat file (docs/decisions/165): its lines counted first and refused past
 * `maxLineas`, then parsed here, so a file of a million short lines never stalls the event loop.
 */
export type WorkerTask = 'check' | 'text' | 'json' | 'plantilla' | 'pila';
export type WorkerRequest =
  | {
      id: number;
      task: 'check' | 'text';
      ext: string;
      bytes: Uint8Array;
      /** 'check' of a PDF: answer its text layer too, read within this time after the check. */
      textTimeLimitMs?: number;
    }
  | { id: number; task: 'plantilla'; bytes: Uint8Array }
  | { id: number; task: 'pila'; bytes: Uint8Array; maxLineas: number }
  | {
      id: number;
      task: 'json';
      body: Uint8Array;
      protoAction: PoisonAction;
      constructorAction: PoisonAction;
    };
/** secure-json-parse's answer to a `__proto__` or `constructor` key: the app's setting. */
export type PoisonAction = 'error' | 'remove' | 'ignore';
/** A check's verdict, with the text layer when it was asked for and the check passed. */
export type CheckResult = FileVerdict & { text?: PdfTextResult };
/** A parsed JSON body, or why not: not JSON (or poisoned), or the worker's time limit. */
export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: 'invalid' | 'timeout' };
/** What each task answers: 'text' is the text layer of a PDF (and its scan image, if it is one). */
export type WorkerResults = {
  check: CheckResult;
  text: PdfTextResult;
  json: JsonResult;
  plantilla: LecturaPlantilla | { ok: false; reason: 'timeout' };
  pila: LecturaPila | { ok: false; reason: 'timeout' };
};
export type WorkerResult = WorkerResults[WorkerTask];
/** `heapMb`: this worker's V8 heap after the task (committed MB), for the pool's recycling. */
export type WorkerReply = { id: number; result?: WorkerResult; error?: string; heapMb?: number };

async function run(req: WorkerRequest): Promise<WorkerResult> {
  switch (req.task) {
    case 'plantilla': {
      // eslint-disable-next-line import-x/no-restricted-paths -- the worker thread loads the reader alone, not the module's entry (decision 165)
      const { leerPlantilla } = await import('../modules/empleados/importacion-lectura');
      return leerPlantilla(req.bytes);
    }
    case 'pila': {
      // eslint-disable-next-line import-x/no-restricted-paths -- the worker thread loads the reader alone, not the module's entry (decision 165)
      const { leerPilaEnEsteHilo } = await import('../modules/pila/lectura');
      return leerPilaEnEsteHilo(req.bytes, req.maxLineas, threadId);
    }
    case 'json':
      try {
        const text = Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength).toString('utf8');
        return {
          ok: true,
          value: secureJsonParse.parse(text, null, {
            protoAction: req.protoAction,
            constructorAction: req.constructorAction,
          }),
        };
      } catch {
        return { ok: false, reason: 'invalid' };
      }
    case 'text':
      // The message's bytes are this thread's own copy: pdf.js may take them over.
      return req.ext === 'pdf' ? pdfText(req.bytes, { owned: true }) : { ok: false, reason: 'structure' };
    case 'check':
      if (req.ext === 'pdf' && req.textTimeLimitMs !== undefined)
        return checkWithText(req.bytes, req.textTimeLimitMs);
      // The message's bytes are this thread's own copy, not needed after the check.
      if (req.ext === 'pdf') return checkPdf(req.bytes, { owned: true });
      if (req.ext === 'xls' || req.ext === 'doc' || req.ext === 'ppt') return checkOle(req.bytes, req.ext);
      if (req.ext === 'xlsx' || req.ext === 'docx' || req.ext === 'pptx')
        return checkOoxml(req.bytes, req.ext);
      return { ok: false, reason: 'structure' };
  }
}

async function checkWithText(bytes: Uint8Array, timeLimitMs: number): Promise<CheckResult> {
  let deadline = Infinity;
  const { verdict, after } = await checkPdfThen(bytes, (doc) => {
    deadline = performance.now() + timeLimitMs;
    return docText(doc, deadline).catch((): PdfTextResult => ({ ok: false, reason: 'structure' }));
  });
  if (!verdict.ok) return verdict;
  let text: PdfTextResult = after ?? { ok: false, reason: 'structure' };
  // The check opens documents strictly (stopAtErrors): a damaged content stream it tolerates on
  // page 1 can still fail the text there. Read it leniently then, within the same time.
  if (!text.ok && text.reason === 'structure') text = await pdfText(bytes, { deadline, owned: true });
  return { ...verdict, text };
}

/** The page image of a scan is handed over, not copied (it can be tens of megabytes). */
function transfers(result: WorkerResult): ArrayBuffer[] {
  const text = 'text' in result && typeof result.text === 'object' ? result.text : result;
  return 'scan' in text && text.scan ? [text.scan.data.buffer as ArrayBuffer] : [];
}

const port = parentPort;
if (port) {
  // Started: JSON can come now. The pool sends file checks once pdf.js is loaded (id -1, then id 0;
  // file-check.ts); the bootstrap has already imported its modules (decision 149).
  port.postMessage({ id: -1, result: { ok: true } } satisfies WorkerReply);
  void loadPdfJs().then(() => port.postMessage({ id: 0, result: { ok: true } } satisfies WorkerReply));
  port.on('message', (req: WorkerRequest) => {
    // Bytes in shared memory (a large upload, lib/attachment-text.ts) are copied here, on this
    // thread: from then on they are this thread's own copy, as a message's bytes always are.
    if ('bytes' in req && req.bytes.buffer instanceof SharedArrayBuffer)
      req.bytes = new Uint8Array(req.bytes);
    const heapMb = () => Math.round(getHeapStatistics().total_heap_size / 1048576);
    run(req).then(
      (result) =>
        port.postMessage({ id: req.id, result, heapMb: heapMb() } satisfies WorkerReply, transfers(result)),
      (err: unknown) =>
        port.postMessage({ id: req.id, error: String(err), heapMb: heapMb() } satisfies WorkerReply),
    );
  });
}
