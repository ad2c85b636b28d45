import { MAX_UPLOAD_BYTES, FOTOS_MSG, ZONA_COLOMBIA } from '@proveedores/domain';

/**
 * Photos from the site become one PDF in the browser (docs/decisions/140): one A4 page per photo,
 * in the order given, each photo turned as the camera says (EXIF orientation), reduced and encoded
 * as JPEG so the whole PDF stays under the upload cap (5 MB). jsPDF is loaded on demand (route
 * budgets); it embeds the JPEG bytes as they are (no second encoding).
 *
 * The heavy parts are off the main thread already: createImageBitmap decodes and canvas.toBlob
 * encodes asynchronously; the main thread only scales one photo at a time and yields between photos.
 */

/** Reductions tried for each photo, best first: long side (px) and JPEG quality. */
export const STEPS: readonly { long: number; quality: number }[] = [
  { long: 2000, quality: 0.72 },
  { long: 1600, quality: 0.65 },
  { long: 1280, quality: 0.6 },
  { long: 1024, quality: 0.55 },
  { long: 800, quality: 0.5 },
];

/** Bytes kept aside for the PDF's own structure (a few hundred bytes a page, generous). */
const PDF_OVERHEAD = 64 * 1024;

/** Bytes each photo's JPEG may take so that n of them, plus the PDF structure, stay under the cap. */
export function photoBudget(n: number, cap = MAX_UPLOAD_BYTES): number {
  return Math.floor((cap - 1 - PDF_OVERHEAD) / Math.max(1, n));
}

/** A size reduced so its long side is at most `long` (never enlarged). */
export function fitWithin(width: number, height: number, long: number): { width: number; height: number } {
  const k = Math.min(1, long / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

const A4 = { short: 210, long: 297 };
const MARGIN_MM = 10;

/**
 * Where a photo goes on its page: A4 turned like the photo (portrait for tall ones), the photo as
 * large as fits inside 10 mm margins, centred. Millimetres.
 */
export function pageLayout(
  width: number,
  height: number,
): { orientation: 'portrait' | 'landscape'; x: number; y: number; w: number; h: number } {
  const orientation = width > height ? 'landscape' : 'portrait';
  const pageW = orientation === 'landscape' ? A4.long : A4.short;
  const pageH = orientation === 'landscape' ? A4.short : A4.long;
  const k = Math.min((pageW - 2 * MARGIN_MM) / width, (pageH - 2 * MARGIN_MM) / height);
  const w = width * k;
  const h = height * k;
  return { orientation, x: (pageW - w) / 2, y: (pageH - h) / 2, w, h };
}

const stamp = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_COLOMBIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'fotos-YYYYMMDD-HHMM.pdf' in Colombian time (decision 117: no machine time zone). */
export function pdfFileName(now: Date = new Date()): string {
  const p = Object.fromEntries(stamp.formatToParts(now).map((x) => [x.type, x.value]));
  return `fotos-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.pdf`;
}

const IMAGE_NAME = /\.(jpe?g|png|heic|heif|webp|gif|bmp|avif)$/i;

/** A file the camera or the gallery gives as a photo (by type, or by name when the type is empty). */
export function isPhoto(file: File): boolean {
  return file.type.startsWith('image/') || (!file.type && IMAGE_NAME.test(file.name));
}

/** A refusal whose message is the Spanish text to show. */
export class PhotosPdfError extends Error {}

type Encoded = { bytes: Uint8Array; width: number; height: number };

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/jpeg', quality),
  );
}

/** Lets the page paint (progress) and respond between photos. */
const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));

/** One photo decoded (turned by its EXIF orientation), then reduced step by step until it fits. */
async function encodePhoto(file: File, index: number, budget: number): Promise<Encoded> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotosPdfError(FOTOS_MSG.fotosIlegible(FOTOS_MSG.fotosPagina(index + 1)));
  }
  try {
    const canvas = document.createElement('canvas');
    let last: Encoded | null = null;
    for (const step of STEPS) {
      const size = fitWithin(bitmap.width, bitmap.height, step.long);
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await canvasBlob(canvas, step.quality);
      last = { bytes: new Uint8Array(await blob.arrayBuffer()), ...size };
      if (blob.size <= budget) return last;
    }
    canvas.width = 0;
    canvas.height = 0;
    return last as Encoded;
  } finally {
    bitmap.close();
  }
}

/**
 * The photos, in order, as one PDF File below the upload cap. Reports progress after each photo.
 * Throws PhotosPdfError (Spanish message) for a file that is not a photo, a photo this browser cannot
 * decode (HEIC outside Safari), or photos that cannot fit under the cap even at the smallest step.
 */
export async function photosToPdf(
  files: File[],
  onProgress?: (done: number, total: number) => void,
  now: Date = new Date(),
): Promise<File> {
  const notPhoto = files.find((f) => !isPhoto(f));
  if (notPhoto) throw new PhotosPdfError(FOTOS_MSG.fotosNoImagen(notPhoto.name));
  const budget = photoBudget(files.length);
  const encoded: Encoded[] = [];
  let total = 0;
  for (const [i, file] of files.entries()) {
    onProgress?.(i, files.length);
    await yieldToPage();
    const e = await encodePhoto(file, i, budget);
    total += e.bytes.byteLength;
    if (total + PDF_OVERHEAD >= MAX_UPLOAD_BYTES)
      throw new PhotosPdfError(FOTOS_MSG.fotosMuyGrande(files.length));
    encoded.push(e);
  }
  onProgress?.(files.length, files.length);
  const { jsPDF } = await import('jspdf');
  const name = pdfFileName(now);
  let doc: InstanceType<typeof jsPDF> | null = null;
  for (const e of encoded) {
    const l = pageLayout(e.width, e.height);
    if (!doc) doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: l.orientation, compress: true });
    else doc.addPage('a4', l.orientation);
    doc.addImage(e.bytes, 'JPEG', l.x, l.y, l.w, l.h, undefined, 'NONE');
  }
  if (!doc) throw new PhotosPdfError(FOTOS_MSG.fotosMuyGrande(0));
  doc.setProperties({ title: name });
  const bytes = doc.output('arraybuffer');
  if (bytes.byteLength >= MAX_UPLOAD_BYTES) throw new PhotosPdfError(FOTOS_MSG.fotosMuyGrande(files.length));
  return new File([bytes], name, { type: 'application/pdf', lastModified: now.getTime() });
}
