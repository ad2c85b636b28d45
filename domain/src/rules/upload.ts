import { MSG } from '../messages';

/**
 * Files of this many bytes or more are refused (docs/contract.md, Validation rules; Business constants and
 * limits).
 */
export const MAX_UPLOAD_BYTES = 5_242_880;

/** Text after the last dot, lower case; '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The contract's extension rule (docs/contract.md, Validation rules): 'pdf' allows only pdf; 'xlsx,xls'
 * allows only xls or xlsx; otherwise the extension must appear as a substring of the allowed text.
 */
export function isExtensionAllowed(fileName: string, extensiones: string): boolean {
  const ext = fileExtension(fileName);
  if (!ext) return false;
  const allowed = extensiones.toLowerCase().replace(/\s+/g, '');
  if (allowed === 'pdf') return ext === 'pdf';
  if (allowed === 'xlsx,xls') return ext === 'xls' || ext === 'xlsx';
  // Substring rule of the specification, made safe: compare whole items so 'p' never matches 'pdf'.
  return allowed.split(',').includes(ext);
}

/** Accents removed (the contract: nombreArchivo without accents). */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export type UploadRefusal = { ok: false; message: string } | { ok: true };

/** The client-side checks of the contract's validation rules, shared with the server. */
export function checkUpload(fileName: string, size: number, extensiones: string): UploadRefusal {
  if (!isExtensionAllowed(fileName, extensiones)) {
    return { ok: false, message: MSG.invalidExtension(extensiones, fileName) };
  }
  if (size >= MAX_UPLOAD_BYTES) return { ok: false, message: MSG.fileTooLarge(fileName) };
  return { ok: true };
}
