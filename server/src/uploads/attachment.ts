import { fileTypeFromBuffer } from 'file-type';
import { checkUpload, fileExtension, MSG, stripAccents, type AdjuntoPayload } from '@proveedores/domain';
import { AppError } from '../errors';
import { attachmentTextOf } from '../lib/attachment-text';
import { checkFileStructure, type PdfTextResult } from '../lib/file-check';

/**
 * The server's checks of an attachment, cheapest first and before anything is stored:
 * display name cleaned, extension rule and size (the contract's messages; size from the base64 length,
 * before decoding), strict base64, then the content must be what the extension says: magic bytes,
 * then its structure, parsed off the event loop (docs/decisions/084-upload-content-structure.md).
 */
export type InspectedFile = {
  bytes: Buffer;
  nombre: string;
  extension: string;
  mime: string;
  /** A PDF's text layer, read by the structure check when asked (decision 115). */
  pdfText?: PdfTextResult;
};

/** What the content of each allowed extension must be detected as (file-type names). */
const CONTENT: Record<string, { detected: string[]; mime?: string }> = {
  pdf: { detected: ['pdf', 'ai'], mime: 'application/pdf' },
  jpg: { detected: ['jpg'] },
  jpeg: { detected: ['jpg'] },
  png: { detected: ['png'] },
  gif: { detected: ['gif'] },
  webp: { detected: ['webp'] },
  tif: { detected: ['tif'] },
  tiff: { detected: ['tif'] },
  xlsx: { detected: ['xlsx'] },
  xls: { detected: ['cfb'], mime: 'application/vnd.ms-excel' },
  docx: { detected: ['docx'] },
  doc: { detected: ['cfb'], mime: 'application/msword' },
  pptx: { detected: ['pptx'] },
  ppt: { detected: ['cfb'], mime: 'application/vnd.ms-powerpoint' },
};

/** Longest display name kept (base part), plus the extension. */
export const MAX_DISPLAY_NAME = 120;

/**
 * Display name: accents stripped, last path part only, no control, bidi or markup characters,
 * no leading dots, capped, and always ending in '.' + the declared extension. The stored name
 * is the content hash; this one is only ever shown (as text) and sent in Content-Disposition.
 */
export function cleanFileName(raw: string, extension: string): string {
  let name = stripAccents(raw.normalize('NFC'));
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>"'`&:*?|{}$%;=]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const ext = extension || fileExtension(name);
  let base = ext && fileExtension(name) === ext ? name.slice(0, -(ext.length + 1)) : name;
  base = base.replace(/[.\s]+$/, '');
  if ([...base].length > MAX_DISPLAY_NAME) base = [...base].slice(0, MAX_DISPLAY_NAME).join('').trim();
  if (!base) base = 'archivo';
  return ext ? `${base}.${ext}` : base;
}

export async function inspectAttachment(
  a: AdjuntoPayload,
  extensiones: string,
  opts: { pdfText?: boolean } = {},
): Promise<InspectedFile> {
  const declared = (a.extension ?? '').trim().replace(/^\./, '').toLowerCase();
  const extension = declared || fileExtension(stripAccents(a.nombreArchivo));
  const nombre = cleanFileName(a.nombreArchivo, /^[a-z0-9]{1,10}$/.test(extension) ? extension : '');

  // The text: read now, or already read while a large body was parsed (decision 159).
  const text = attachmentTextOf(a.adjunto);
  if (text.badDataUrl) throw new AppError('bad_request', MSG.invalidFileData(nombre));

  // Extension rule and size (the contract's validation rules), the size known from the length alone.
  const refusal = checkUpload(nombre, text.size, extensiones);
  if (!refusal.ok) throw new AppError('bad_request', refusal.message);

  // Strict base64 (lib/base64.ts), decoded when the text was read.
  const bytes = text.bytes;
  if (!bytes) throw new AppError('bad_request', MSG.invalidFileData(nombre));

  const ext = fileExtension(nombre);
  if (ext === 'txt') {
    // Plain text (the PILA flat file, docs/decisions/128): no known binary signature and no control
    // characters but tab, CR and LF. Only requirements or routes that allow 'txt' get here.
    if ((await fileTypeFromBuffer(bytes)) || !esTextoPlano(bytes))
      throw new AppError('bad_request', MSG.fileContentMismatch(nombre));
    return { bytes, nombre, extension: ext, mime: 'text/plain' };
  }
  const rule = CONTENT[ext];
  const detected = await fileTypeFromBuffer(bytes);
  if (!rule || !detected || !rule.detected.includes(detected.ext)) {
    throw new AppError('bad_request', MSG.fileContentMismatch(nombre));
  }
  const verdict = await checkFileStructure(bytes, ext, opts);
  if (!verdict.ok) {
    const message =
      verdict.reason === 'active'
        ? MSG.fileActiveContent(nombre)
        : verdict.reason === 'timeout'
          ? MSG.fileCheckTimeout(nombre)
          : MSG.fileContentMismatch(nombre);
    throw new AppError('bad_request', message);
  }
  return { bytes, nombre, extension: ext, mime: rule.mime ?? detected.mime, pdfText: verdict.text };
}

/**
 * Text in an 8-bit or UTF-8 encoding: no control bytes other than tab, LF and CR. An indexed loop:
 * the iterator of `for...of` cost 120-260 ms on the event loop for a 2 MB PILA file on the 2-core
 * machine (docs/decisions/165).
 */
export function esTextoPlano(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  }
  return true;
}
