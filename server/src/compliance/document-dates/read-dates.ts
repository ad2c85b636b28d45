import { MAX_UPLOAD_BYTES } from '@proveedores/domain';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, readPdfText, type GreyImage, type PdfTextResult } from '../../lib/file-check';
import { ocr, type OcrLog } from './ocr';
import { leerFechas, type FechasDocumento } from './parse-dates';

/**
 * The dates a document states, read from the uploaded file (decision 107), to pre-fill the upload
 * form and show the reviewer: the PDF text layer first (pdf.js in the file-check worker pool, with
 * its time and size limits), then OCR with Tesseract for images and for PDFs whose first page has no
 * text (the page's scan image, decoded by pdf.js). Nothing blocks the event loop: pdf.js runs in a
 * worker thread, sharp on libuv's pool, Tesseract in a child process. When Tesseract is missing,
 * only text layers are read (said once in the log).
 *
 * Never throws for a bad file: the answer says where the dates came from, or why none were read.
 */

export type FuenteFechas = 'texto' | 'ocr' | 'ninguna';
export type NotaLectura =
  | null
  /** The PDF has no text layer and no scan image on page 1. */
  | 'sin_texto'
  /** A scan or image, and Tesseract is not installed. */
  | 'sin_tesseract'
  /** Reading took longer than its limit. */
  | 'tiempo'
  /** Too many pages waiting for OCR. */
  | 'ocupado'
  /** The file could not be parsed or decoded. */
  | 'ilegible'
  /** Larger than an upload may be. */
  | 'tamano'
  /** A kind of file whose dates are not read (spreadsheets, Office documents). */
  | 'tipo';

export type LecturaFechas = { fechas: FechasDocumento; fuente: FuenteFechas; nota: NotaLectura };

export const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff']);
/** OCR works on pages between these long sides (px): 2480 is A4 at 300 dpi. */
const OCR_MIN_SIDE = 1600;
const OCR_MAX_SIDE = 2480;
const SHARP_TIMEOUT_S = 10;

const NINGUNA = (nota: NotaLectura): LecturaFechas => ({
  fechas: { expedicion: null, vencimiento: null, proximoExamen: null },
  fuente: 'ninguna',
  nota,
});

const algunaFecha = (f: FechasDocumento) =>
  f.expedicion !== null || f.vencimiento !== null || f.proximoExamen !== null;

export type LeerFechasOptions = {
  log?: OcrLog;
  tesseractBin?: string;
  /**
   * The PDF's text layer as the upload's structure check already read it (checkFileStructure with
   * `pdfText`, decision 115): the file is not sent to the worker a second time.
   */
  pdfText?: PdfTextResult;
};

export async function leerFechasDeArchivo(
  bytes: Uint8Array,
  extension: string,
  opts: LeerFechasOptions = {},
): Promise<LecturaFechas> {
  const ext = extension.toLowerCase().replace(/^\./, '');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return NINGUNA('tamano');
  if (ext === 'pdf') {
    const r = opts.pdfText ?? (await readPdfText(bytes));
    if (!r.ok) return NINGUNA(r.reason === 'timeout' ? 'tiempo' : 'ilegible');
    const fechas = leerFechas(r.text);
    if (algunaFecha(fechas) || !r.scan)
      return { fechas, fuente: 'texto', nota: r.text.trim() ? null : 'sin_texto' };
    return ocrDe(await paginaDeEscaneo(r.scan), opts);
  }
  if (IMAGE_EXTENSIONS.has(ext)) {
    const page = await paginaDeImagen(bytes);
    return page ? ocrDe(page, opts) : NINGUNA('ilegible');
  }
  return NINGUNA('tipo');
}

async function ocrDe(page: Buffer | null, opts: LeerFechasOptions): Promise<LecturaFechas> {
  if (!page) return NINGUNA('ilegible');
  const r = await ocr(page, { log: opts.log, bin: opts.tesseractBin });
  if (!r.ok)
    return NINGUNA(
      r.reason === 'sin_tesseract' ? 'sin_tesseract' : r.reason === 'error' ? 'ilegible' : r.reason,
    );
  return { fechas: leerFechas(r.text), fuente: 'ocr', nota: null };
}

/** Size for OCR: small pages enlarged, huge ones reduced (Tesseract's time grows with the pixels). */
function ocrResize(width: number, height: number): { width: number; height: number } | null {
  const long = Math.max(width, height);
  const target = long < OCR_MIN_SIDE ? OCR_MIN_SIDE : long > OCR_MAX_SIDE ? OCR_MAX_SIDE : long;
  if (target === long) return null;
  const k = target / long;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

async function paginaDeEscaneo(scan: GreyImage): Promise<Buffer | null> {
  try {
    let img = sharp(scan.data, { raw: { width: scan.width, height: scan.height, channels: 1 } });
    const size = ocrResize(scan.width, scan.height);
    if (size) img = img.resize(size.width, size.height, { fit: 'fill' });
    return await img.png({ compressionLevel: 1 }).timeout({ seconds: SHARP_TIMEOUT_S }).toBuffer();
  } catch {
    return null;
  }
}

async function paginaDeImagen(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    const meta = await input.metadata();
    // EXIF orientation of phone photos: 5-8 swap width and height.
    const turned = (meta.orientation ?? 1) >= 5;
    const w = (turned ? meta.height : meta.width) ?? 0;
    const h = (turned ? meta.width : meta.height) ?? 0;
    let img = input.rotate().greyscale();
    const size = ocrResize(w, h);
    if (size) img = img.resize(size.width, size.height, { fit: 'fill' });
    return await img.png({ compressionLevel: 1 }).timeout({ seconds: SHARP_TIMEOUT_S }).toBuffer();
  } catch {
    return null;
  }
}
