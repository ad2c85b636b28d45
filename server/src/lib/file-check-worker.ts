import { parentPort } from 'node:worker_threads';
import { checkOle, checkOoxml } from './file-check-office';
import { checkPdf, loadPdfJs } from './file-check-pdf';
import { pdfText, type PdfTextResult } from './file-check-pdf-text';
import type { FileVerdict } from './file-check-verdict';

/**
 * The file-check worker thread (docs/decisions/084-upload-content-structure.md): CPU-bound parsing
 * of uploaded files, away from the server's event loop. One message in, one answer out:
 * { id, task, bytes, ext } -> { id, result } or { id, error }. A new task (for example reading
 * the dates printed in a PDF) is one more case below; pdf.js is already loaded here.
 */
export type WorkerTask = 'check' | 'text';
export type WorkerRequest = { id: number; task: WorkerTask; ext: string; bytes: Uint8Array };
/** What each task answers: 'text' is the text layer of a PDF (and its scan image, if it is one). */
export type WorkerResults = { check: FileVerdict; text: PdfTextResult };
export type WorkerResult = WorkerResults[WorkerTask];
export type WorkerReply = { id: number; result?: WorkerResult; error?: string };

async function run(req: WorkerRequest): Promise<WorkerResult> {
  switch (req.task) {
    case 'text':
      return req.ext === 'pdf' ? pdfText(req.bytes) : { ok: false, reason: 'structure' };
    case 'check':
      if (req.ext === 'pdf') return checkPdf(req.bytes);
      if (req.ext === 'xls' || req.ext === 'doc' || req.ext === 'ppt') return checkOle(req.bytes, req.ext);
      if (req.ext === 'xlsx' || req.ext === 'docx' || req.ext === 'pptx')
        return checkOoxml(req.bytes, req.ext);
      return { ok: false, reason: 'structure' };
  }
}

const port = parentPort;
if (port) {
  // Warm up: loading pdf.js takes a moment; do it before the first upload needs it.
  void loadPdfJs().then(() => port.postMessage({ id: 0, result: { ok: true } } satisfies WorkerReply));
  port.on('message', (req: WorkerRequest) => {
    run(req).then(
      (result) =>
        // A scan image is handed over, not copied (it can be tens of megabytes).
        port.postMessage(
          { id: req.id, result } satisfies WorkerReply,
          'scan' in result && result.scan ? [result.scan.data.buffer as ArrayBuffer] : [],
        ),
      (err: unknown) => port.postMessage({ id: req.id, error: String(err) } satisfies WorkerReply),
    );
  });
}
