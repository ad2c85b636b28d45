import { inflateSync } from 'node:zlib';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FileVerdict } from './file-check-verdict';

/**
 * PDF structure and active content (docs/decisions/084-upload-content-structure.md). Runs in the
 * file-check worker, never on the server's event loop.
 *
 * 1. A lexical scan of the whole file, the way a PDF parser reads it: comments, literal and hex
 *    strings and stream data are skipped, names are decoded (#xx escapes: /J#53 is /JS). Any name
 *    /JavaScript, /JS, /Launch, /EmbeddedFile, /EmbeddedFiles or /EF refuses the file. Object
 *    streams (/Type /ObjStm, PDF 1.5 compressed objects) are inflated (bounded) and scanned the
 *    same way. Stream data is skipped up to the first 'endstream' after it, so hidden bytes can
 *    only be scanned too much, never too little.
 * 2. pdf.js (pdfjs-dist) must open the document: header, cross-reference (or its reconstruction),
 *    trailer, catalogue, page tree and page 1. It also reports what survives in encrypted
 *    object streams, which the scan cannot read: document JavaScript, attachments, file
 *    attachment annotations and annotation JavaScript.
 */

const FORBIDDEN = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF']);
/** Upper bound of one inflated object stream (they hold dictionaries, rarely over a few MB). */
const MAX_OBJSTM_BYTES = 64 * 1024 * 1024;
/** Pages whose annotations are inspected by pdf.js (the scan already covered every object). */
const MAX_PAGES_INSPECTED = 200;

const isWhite = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isDelim = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

type ScanResult = { forbidden: boolean; opaqueObjectStreams: number };

/** Scans bytes [0, end) of `buf` as PDF syntax; object streams found are scanned recursively. */
function scan(buf: Buffer, depth = 0): ScanResult {
  const result: ScanResult = { forbidden: false, opaqueObjectStreams: 0 };
  const end = buf.length;
  let i = 0;
  let dictDepth = 0;
  let dictStart = -1;
  let lastDict: [number, number] | null = null;
  while (i < end) {
    const c = buf[i];
    if (isWhite(c)) {
      i++;
    } else if (c === 0x25 /* % */) {
      while (i < end && buf[i] !== 10 && buf[i] !== 13) i++;
    } else if (c === 0x28 /* ( */) {
      let nest = 1;
      i++;
      while (i < end && nest > 0) {
        const d = buf[i];
        if (d === 0x5c /* \ */) i += 2;
        else {
          if (d === 0x28) nest++;
          else if (d === 0x29) nest--;
          i++;
        }
      }
    } else if (c === 0x3c /* < */) {
      if (buf[i + 1] === 0x3c) {
        if (dictDepth === 0) dictStart = i;
        dictDepth++;
        i += 2;
      } else {
        const close = buf.indexOf(0x3e, i + 1);
        i = close < 0 ? end : close + 1;
      }
    } else if (c === 0x3e /* > */) {
      if (buf[i + 1] === 0x3e) {
        if (dictDepth > 0 && --dictDepth === 0) lastDict = [dictStart, i + 2];
        i += 2;
      } else i++;
    } else if (c === 0x2f /* / */) {
      let j = i + 1;
      while (j < end && !isWhite(buf[j]) && !isDelim(buf[j])) j++;
      if (FORBIDDEN.has(decodeName(buf.toString('latin1', i + 1, j)))) {
        result.forbidden = true;
        return result;
      }
      i = j;
    } else if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x29) {
      i++;
    } else {
      let j = i;
      while (j < end && !isWhite(buf[j]) && !isDelim(buf[j])) j++;
      if (j - i === 6 && buf.toString('latin1', i, j) === 'stream') {
        let start = j;
        if (buf[start] === 13) start++;
        if (buf[start] === 10) start++;
        const stop = buf.indexOf('endstream', start, 'latin1');
        const dataEnd = stop < 0 ? end : stop;
        if (lastDict && depth === 0) {
          const inner = objectStream(
            buf.toString('latin1', lastDict[0], lastDict[1]),
            buf.subarray(start, dataEnd),
          );
          if (inner === 'opaque') result.opaqueObjectStreams++;
          else if (inner) {
            const r = scan(inner, depth + 1);
            if (r.forbidden) return r;
          }
        }
        lastDict = null;
        i = stop < 0 ? end : stop + 9;
      } else i = Math.max(j, i + 1);
    }
  }
  return result;
}

/**
 * The decoded content of an object stream, 'opaque' when it cannot be decoded here (encrypted,
 * or a filter other than Flate), or null when the stream is not an object stream.
 */
function objectStream(dict: string, data: Buffer): Buffer | 'opaque' | null {
  const d = dict.replace(/\/[^\s()<>[\]{}/%]+/g, (n) => decodeName(n));
  if (!/\/Type\s*\/ObjStm\b/.test(d)) return null;
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(d)?.[1].replace(/[[\]\s]/g, '') ?? '';
  if (filter === '') return data;
  if (filter !== '/FlateDecode' && filter !== '/Fl') return 'opaque';
  let out: Buffer;
  try {
    out = inflateSync(data, { maxOutputLength: MAX_OBJSTM_BYTES });
  } catch {
    return 'opaque';
  }
  const predictor = Number(/\/Predictor\s+(\d+)/.exec(d)?.[1] ?? 1);
  if (predictor >= 10) {
    const columns = Number(/\/Columns\s+(\d+)/.exec(d)?.[1] ?? 1);
    return unpng(out, columns);
  }
  return predictor === 1 ? out : 'opaque';
}

/** Undoes PNG row predictors (1 byte per pixel, as PDF object streams use them). */
function unpng(data: Buffer, columns: number): Buffer | 'opaque' {
  const row = columns + 1;
  if (columns < 1 || data.length % row !== 0) return 'opaque';
  const rows = data.length / row;
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * row];
    for (let x = 0; x < columns; x++) {
      const raw = data[r * row + 1 + x];
      const left = x > 0 ? out[r * columns + x - 1] : 0;
      const up = r > 0 ? out[(r - 1) * columns + x] : 0;
      const ul = r > 0 && x > 0 ? out[(r - 1) * columns + x - 1] : 0;
      let v: number;
      if (type === 0) v = raw;
      else if (type === 1) v = raw + left;
      else if (type === 2) v = raw + up;
      else if (type === 3) v = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - ul;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - ul);
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : ul);
      } else return 'opaque';
      out[r * columns + x] = v & 0xff;
    }
  }
  return out;
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js, loaded once per worker (its own 'worker' then runs in this same thread). */
export function loadPdfJs(): Promise<PdfJs> {
  return (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
}

/** Annotation type of file attachments in pdf.js (AnnotationType.FILEATTACHMENT). */
const FILE_ATTACHMENT = 17;

/**
 * `owned`: the caller will not use `bytes` again (the worker's own copy of a message), so pdf.js may
 * take them over instead of getting a copy: 5 MB less to allocate and collect per upload
 * (docs/decisions/149).
 */
export function checkPdf(bytes: Uint8Array, opts: { owned?: boolean } = {}): Promise<FileVerdict> {
  return checkPdfThen(bytes, undefined, opts).then((r) => r.verdict);
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * The check, and when it passes, `then` on the same open document (one parse for the check and,
 * for example, the text layer: decision 115). `then` must not throw; if it does, `after` is absent.
 */
export async function checkPdfThen<T>(
  bytes: Uint8Array,
  then?: (doc: PdfDocument) => Promise<T>,
  opts: { owned?: boolean } = {},
): Promise<{ verdict: FileVerdict; after?: T }> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.toString('latin1', 0, 5) !== '%PDF-') return { verdict: { ok: false, reason: 'structure' } };
  if (scan(buf).forbidden) return { verdict: { ok: false, reason: 'active' } };

  const { getDocument } = await loadPdfJs();
  // pdf.js may take ownership of (detach) the array it is given: hand it a copy unless it is ours
  // to give (the scan above is done with it).
  const whole =
    !Buffer.isBuffer(bytes) && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const task = getDocument({
    data: opts.owned && whole ? bytes : new Uint8Array(buf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    let doc: PdfDocument;
    let verdict: FileVerdict;
    try {
      doc = await task.promise;
      verdict = await inspect(doc);
    } catch {
      return { verdict: { ok: false, reason: 'structure' } };
    }
    if (!verdict.ok || !then) return { verdict };
    try {
      return { verdict, after: await then(doc) };
    } catch {
      return { verdict };
    }
  } finally {
    await task.destroy().catch(() => {});
  }
}

/** Pages, document and page JavaScript, attachments and annotation actions of an open document. */
async function inspect(doc: PdfDocument): Promise<FileVerdict> {
  if (doc.numPages < 1) return { ok: false, reason: 'structure' };
  const first = await doc.getPage(1);
  const [attachments, jsActions] = await Promise.all([doc.getAttachments(), doc.getJSActions()]);
  if (attachments && Object.keys(attachments).length > 0) return { ok: false, reason: 'active' };
  if (jsActions && Object.keys(jsActions).length > 0) return { ok: false, reason: 'active' };
  for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES_INSPECTED); n++) {
    const page = n === 1 ? first : await doc.getPage(n);
    const pageJs = await page.getJSActions();
    if (pageJs && Object.keys(pageJs).length > 0) return { ok: false, reason: 'active' };
    for (const a of (await page.getAnnotations()) as Array<{
      annotationType?: number;
      actions?: Record<string, unknown>;
    }>) {
      if (a.annotationType === FILE_ATTACHMENT) return { ok: false, reason: 'active' };
      if (a.actions && Object.keys(a.actions).length > 0) return { ok: false, reason: 'active' };
    }
  }
  return { ok: true };
}

/** The lexical scan alone (tests). */
export const scanPdfForActiveContent = (bytes: Buffer) => scan(bytes);
