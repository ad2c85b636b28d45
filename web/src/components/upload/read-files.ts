import { checkUpload, fileExtension, stripAccents, type AdjuntoPayload } from '@proveedores/domain';

/** A chosen file, checked and read: its name without accents and the attachment payload of the contract. */
export type ReadFile = { name: string; payload: AdjuntoPayload };

export type ReadFiles = { ok: true; files: ReadFile[] } | { ok: false; refusals: string[] };

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      // 'data:<type>;base64,<data>' -> '<data>' (the payload carries plain base64).
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The client-side checks of the contract's validation rules on every chosen file (allowed extension, below 5
 * MB), with the exact messages; then every file is read, and only when ALL are read does the caller start
 * saving. Names lose their accents (nombreArchivo without accents).
 */
export async function readEvidenceFiles(files: File[], extensiones: string): Promise<ReadFiles> {
  const refusals: string[] = [];
  for (const f of files) {
    const check = checkUpload(f.name, f.size, extensiones);
    if (!check.ok) refusals.push(check.message);
  }
  if (refusals.length > 0) return { ok: false, refusals };
  const data = await Promise.all(files.map(readBase64));
  return {
    ok: true,
    files: files.map((f, i) => {
      const nombreArchivo = stripAccents(f.name);
      return {
        name: nombreArchivo,
        payload: { adjunto: data[i], nombreArchivo, extension: fileExtension(nombreArchivo) },
      };
    }),
  };
}

/** The file input's accept attribute for a row's extensiones ('pdf,xlsx' -> '.pdf,.xlsx'). */
export function acceptFor(extensiones: string): string {
  return extensiones
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => `.${e}`)
    .join(',');
}
