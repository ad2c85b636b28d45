import {
  fechasQuePide,
  FECHAS_VACIAS,
  reglaVigencia,
  type CampoFecha,
  type FechasLeidas,
} from '@proveedores/domain';
import { IMAGE_EXTENSIONS, leerFechasDeArchivo } from '../compliance/document-dates/read-dates';
import type { OcrLog } from '../compliance/document-dates/ocr';
import type { InspectedFile } from './attachment';

/**
 * The dates of an uploaded document (decisions 107, 108): read from the main file to answer the
 * upload (`fechas`) and to pre-fill the upload form. Reading only proposes dates and never fails
 * an upload: a file that cannot be read, a busy OCR queue or a time-out all give nulls. Nothing
 * runs on the event loop (pdf.js in the file-check worker pool, Tesseract in a child process).
 */

/** Past this the upload answers without dates (the reader's own limits are 5 s text, 15 s OCR). */
export const LECTURA_FECHAS_MS = 20_000;

/**
 * The dates a requirement's validity rule needs (decision 105), or null when it has no rule (the
 * catalogue rows the administrator has not given one): then whatever the file states is read.
 */
export function fechasQuePideRequisito(regla: unknown): CampoFecha[] | null {
  if (regla === null || regla === undefined) return null;
  const parsed = reglaVigencia.safeParse(typeof regla === 'string' ? safeJson(regla) : regla);
  if (!parsed.success) return null;
  return fechasQuePide(parsed.data).filter((c): c is CampoFecha => c !== 'periodo' && c !== 'nit');
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** Whether a file of this kind can state dates the reader finds (PDFs and images). */
export const legible = (extension: string) => {
  const ext = extension.toLowerCase().replace(/^\./, '');
  return ext === 'pdf' || IMAGE_EXTENSIONS.has(ext);
};

/**
 * The dates the file states, or nulls. `pide` (from fechasQuePideRequisito): an empty list means
 * the rule needs no date, and the file is not read at all.
 */
export async function fechasDelArchivo(
  file: Pick<InspectedFile, 'bytes' | 'extension' | 'pdfText'>,
  pide: CampoFecha[] | null,
  log?: OcrLog,
): Promise<FechasLeidas> {
  if ((pide !== null && pide.length === 0) || !legible(file.extension)) return { ...FECHAS_VACIAS };
  let timer: NodeJS.Timeout | undefined;
  try {
    const limite = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LECTURA_FECHAS_MS);
    });
    const r = await Promise.race([
      leerFechasDeArchivo(file.bytes, file.extension, { log, pdfText: file.pdfText }),
      limite,
    ]);
    return r ? { ...r.fechas } : { ...FECHAS_VACIAS };
  } catch {
    return { ...FECHAS_VACIAS };
  } finally {
    clearTimeout(timer);
  }
}
