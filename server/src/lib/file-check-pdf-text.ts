import { loadPdfJs } from './file-check-pdf';

/**
 * The text layer of a PDF, for reading the dates a certificate states (decision 107). Runs in the
 * file-check worker (file-check-worker.ts), never on the server's event loop, under the pool's time
 * limit. Limits: the first PDF_TEXT_MAX_PAGES pages and PDF_TEXT_MAX_CHARS characters (a
 * certificate's dates are on its first page); when page 1 has no text (a scan), the largest image
 * drawn on it, decoded by pdf.js and turned into 8-bit grey, for OCR outside the worker.
 */
export const PDF_TEXT_MAX_PAGES = 3;
export const PDF_TEXT_MAX_CHARS = 200_000;
/** Fewer letters or digits than this on page 1 and the page is taken for a scan. */
export const PDF_TEXT_MIN_CHARS = 20;
/** The largest scan image handed to OCR: an A4 page at 400 dpi is 15.5 megapixels. */
export const PDF_SCAN_MAX_PIXELS = 40_000_000;

export type GreyImage = { width: number; height: number; data: Uint8Array };

export type PdfTextResult =
  | { ok: true; text: string; pages: number; scan: GreyImage | null }
  | { ok: false; reason: 'structure' | 'timeout' };

/** pdf.js ImageKind: 1 bit grey, 8-bit RGB, 8-bit RGBA. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

type PdfImage = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

function toGrey(img: PdfImage): GreyImage | null {
  const { width, height, data, kind } = img;
  if (!data || width < 1 || height < 1 || width * height > PDF_SCAN_MAX_PIXELS) return null;
  const out = new Uint8Array(width * height);
  if (kind === RGB_24BPP || kind === RGBA_32BPP) {
    const step = kind === RGB_24BPP ? 3 : 4;
    for (let i = 0, j = 0; i < out.length; i++, j += step)
      out[i] = (data[j] * 77 + data[j + 1] * 150 + data[j + 2] * 29) >> 8;
    return { width, height, data: out };
  }
  if (kind === GRAYSCALE_1BPP) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        out[y * width + x] = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
    return { width, height, data: out };
  }
  return null;
}

type PdfJs = Awaited<ReturnType<typeof loadPdfJs>>;
/** An open pdf.js document (the structure check's, or one opened here). */
export type PdfDoc = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * The text of an open document, within the page and character limits above, and its scan image
 * when page 1 has no text. `deadline` (performance.now() ms): past it, between pages, the read
 * stops with { ok: false, reason: 'timeout' } (at once when it has passed), so a check that also reads the text keeps the text's
 * own time limit (the pool's limit stays the hard stop). Throws what pdf.js throws.
 */
export async function docText(doc: PdfDoc, deadline = Infinity): Promise<PdfTextResult> {
  const pdfjs = await loadPdfJs();
  const late = () => performance.now() >= deadline;
  const parts: string[] = [];
  let length = 0;
  let firstPageChars = 0;
  const pages = Math.min(doc.numPages, PDF_TEXT_MAX_PAGES);
  for (let n = 1; n <= pages && length < PDF_TEXT_MAX_CHARS; n++) {
    if (late()) return { ok: false, reason: 'timeout' };
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const piece = item.str + (item.hasEOL ? '\n' : ' ');
      parts.push(piece);
      length += piece.length;
      if (n === 1) firstPageChars += piece.replace(/[^\p{L}\p{N}]/gu, '').length;
    }
    parts.push('\n');
  }
  const text = parts.join('').slice(0, PDF_TEXT_MAX_CHARS);
  let scan: GreyImage | null = null;
  if (firstPageChars < PDF_TEXT_MIN_CHARS) {
    if (late()) return { ok: false, reason: 'timeout' };
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    let best: { name: string; area: number } | null = null;
    ops.fnArray.forEach((fn, i) => {
      if (fn !== pdfjs.OPS.paintImageXObject) return;
      const [name, w, h] = ops.argsArray[i] as [string, number, number];
      if (typeof name === 'string' && (!best || w * h > best.area)) best = { name, area: w * h };
    });
    const chosen = best as { name: string; area: number } | null;
    if (chosen && chosen.area <= PDF_SCAN_MAX_PIXELS) {
      // Images used on several pages live in the document's common objects ('g_' names).
      const store = chosen.name.startsWith('g_') ? page.commonObjs : page.objs;
      const img = await new Promise<PdfImage>((resolve) => store.get(chosen.name, resolve));
      scan = toGrey(img);
    }
  }
  return { ok: true, text, pages: doc.numPages, scan };
}

/**
 * Opens the PDF leniently (no stopAtErrors: a damaged content stream still gives what it can) and
 * reads its text. `owned`: the caller will not use `bytes` again, so pdf.js may take them over
 * (detach) instead of getting a copy: the worker's own copy of a message saves 5 MB per read.
 */
export async function pdfText(
  bytes: Uint8Array,
  opts: { deadline?: number; owned?: boolean } = {},
): Promise<PdfTextResult> {
  const pdfjs = await loadPdfJs();
  const whole =
    !Buffer.isBuffer(bytes) && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const task = pdfjs.getDocument({
    data: opts.owned && whole ? bytes : new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    verbosity: 0,
  });
  try {
    return await docText(await task.promise, opts.deadline);
  } catch {
    return { ok: false, reason: 'structure' };
  } finally {
    await task.destroy().catch(() => {});
  }
}
