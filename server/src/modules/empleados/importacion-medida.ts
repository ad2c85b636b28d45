import {
  MAX_CELDAS_HOJA,
  MAX_FILAS_HOJA,
  MAX_FILAS_IMPORTACION,
  PLANTILLA_HOJA,
  IMPORTACION_MSG,
} from '@proveedores/domain';
import { entryText, readEntry, zipEntries, type ZipEntry } from './importacion-zip';

/**
 * The size of a roster-import file, measured before a single cell is read (docs/decisions/137):
 * the template sheet's declared dimension (<dimension ref="A1:AI2001"/>), then its rows and cells
 * counted tag by tag while it is inflated a slice at a time, and the inflated size of the sheet and
 * of its shared texts. The first limit passed stops the scan and refuses the file, so a sheet that
 * claims or holds a million rows costs the few kilobytes read up to that point. Runs in the
 * file-check worker; what passes is then read by exceljs's streaming reader.
 */

/** Inflated bytes of the sheet: 5,000 rows of 35 columns of long texts stay well inside. */
export const MAX_HOJA_BYTES = 64 * 1024 * 1024;
/** Inflated bytes of the shared texts (every distinct text of every sheet, the hidden lists included). */
export const MAX_TEXTOS_BYTES = 32 * 1024 * 1024;
/** Inflated bytes of every part together, as the zip's directory declares them. */
export const MAX_ZIP_BYTES = 160 * 1024 * 1024;
/** Merged ranges kept for their messages (one error each). */
const MAX_COMBINADAS = 200;
/** The workbook and relationship parts are a few kilobytes. */
const MAX_PARTE_PEQUENA = 1024 * 1024;

export type Medida =
  { ok: true; combinadas: string[] } | { ok: false; error: { fila: number | null; mensaje: string } };

const refuse = (mensaje: string, fila: number | null = null): Medida => ({
  ok: false,
  error: { fila, mensaje },
});

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The zip path of the sheet named `hoja` (workbook.xml, then its relationships), or null. */
function sheetPath(
  bytes: Uint8Array,
  entries: Map<string, ZipEntry>,
  hoja: string,
): string | null | 'damaged' {
  const workbook = entryText(bytes, entries.get('xl/workbook.xml'), MAX_PARTE_PEQUENA);
  const rels = entryText(bytes, entries.get('xl/_rels/workbook.xml.rels'), MAX_PARTE_PEQUENA);
  if (workbook === null || rels === null) return 'damaged';
  const sheet = (workbook.match(/<(?:\w+:)?sheet\s[^>]*>/g) ?? []).find((t) => attr(t, 'name') === hoja);
  if (!sheet) return null;
  const rid = attr(sheet, 'r:id');
  const rel = (rels.match(/<(?:\w+:)?Relationship\s[^>]*>/g) ?? []).find((t) => attr(t, 'Id') === rid);
  const target = rel ? attr(rel, 'Target') : undefined;
  if (!target) return 'damaged';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Inflated size of an entry, counted up to `max` (true when within). */
function inflatesWithin(bytes: Uint8Array, entry: ZipEntry | undefined, max: number): boolean {
  if (!entry) return true;
  let total = 0;
  const ok = readEntry(bytes, entry, (chunk) => (total += chunk.length) <= max);
  return ok && total <= max;
}

const TAG = /<(?:\w+:)?(dimension|row|c|mergeCell)[\s/>]/g;

export function medirPlantilla(bytes: Uint8Array): Medida {
  const entries = zipEntries(bytes);
  if (!entries) return refuse(IMPORTACION_MSG.importUnreadable);
  let declarado = 0;
  for (const e of entries.values()) declarado += e.size;
  if (declarado > MAX_ZIP_BYTES) return refuse(IMPORTACION_MSG.importTooLargeUnzipped);
  const ruta = sheetPath(bytes, entries, PLANTILLA_HOJA);
  if (ruta === 'damaged') return refuse(IMPORTACION_MSG.importUnreadable);
  const hoja = ruta === null ? undefined : entries.get(ruta);
  if (!hoja) return refuse(IMPORTACION_MSG.importNoSheet(PLANTILLA_HOJA));
  if (!inflatesWithin(bytes, entries.get('xl/sharedStrings.xml'), MAX_TEXTOS_BYTES))
    return refuse(IMPORTACION_MSG.importTooLargeUnzipped);

  const tooManyRows = (filas: number, masDe: boolean) =>
    refuse(
      IMPORTACION_MSG.importSheetTooLarge(
        PLANTILLA_HOJA,
        filas,
        MAX_FILAS_HOJA,
        MAX_FILAS_IMPORTACION,
        masDe,
      ),
    );
  let result: Medida | null = null;
  let filas = 0;
  let celdas = 0;
  let inflado = 0;
  let resto = '';
  const combinadas: string[] = [];
  const ok = readEntry(bytes, hoja, (chunk) => {
    inflado += chunk.length;
    if (inflado > MAX_HOJA_BYTES) {
      result = refuse(IMPORTACION_MSG.importTooLargeUnzipped);
      return false;
    }
    // Tags are ASCII: latin1 maps each byte to one character, so no character is split. A tag cut
    // by the chunk's end waits for the next chunk (text between tags is never carried over).
    let text = resto + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    const lt = text.lastIndexOf('<');
    if (lt >= 0 && text.indexOf('>', lt) < 0) {
      resto = text.slice(lt);
      text = text.slice(0, lt);
      if (resto.length > 64 * 1024) {
        result = refuse(IMPORTACION_MSG.importUnreadable);
        return false;
      }
    } else resto = '';
    TAG.lastIndex = 0;
    for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
      const name = m[1];
      if (name === 'c') {
        if (++celdas > MAX_CELDAS_HOJA) {
          result = refuse(IMPORTACION_MSG.importSheetTooManyCells(PLANTILLA_HOJA, MAX_CELDAS_HOJA));
          return false;
        }
      } else if (name === 'row') {
        if (++filas > MAX_FILAS_HOJA) {
          result = tooManyRows(MAX_FILAS_HOJA, true);
          return false;
        }
      } else {
        const tag = text.slice(m.index, text.indexOf('>', m.index) + 1);
        const ref = attr(tag, 'ref') ?? '';
        if (name === 'dimension') {
          // The last row of the used range Excel declares ('A1:AI1000000' -> 1,000,000).
          const last = Number(/(\d+)$/.exec(ref)?.[1] ?? 0);
          if (last > MAX_FILAS_HOJA) {
            result = tooManyRows(last, false);
            return false;
          }
        } else if (combinadas.length < MAX_COMBINADAS && ref) combinadas.push(ref);
      }
    }
  });
  if (result) return result;
  if (!ok) return refuse(IMPORTACION_MSG.importUnreadable);
  return { ok: true, combinadas };
}
