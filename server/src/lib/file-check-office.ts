import CFB from 'cfb';
import { unzipSync } from 'fflate';
import type { FileVerdict } from './file-check-verdict';

/**
 * Office files (docs/decisions/084-upload-content-structure.md). Runs in the file-check worker.
 * - Excel/Word/PowerPoint 97-2003: an OLE2 compound file whose directory parses and holds the
 *   application's main stream (Excel: 'Workbook' or 'Book' starting with a BOF record), and no
 *   VBA macro storage.
 * - xlsx/docx/pptx: a zip whose central directory parses and holds the main part
 *   (xl/workbook.xml, word/document.xml, ppt/presentation.xml), and no vbaProject.bin. Only the
 *   directory is read: nothing is inflated, so a zip bomb costs nothing.
 */

const OLE_MAIN: Record<string, string[]> = {
  xls: ['workbook', 'book'],
  doc: ['worddocument'],
  ppt: ['powerpoint document'],
};
/** BIFF BOF record types (BIFF8/5, 4, 3, 2): the first record of an Excel workbook stream. */
const BIFF_BOF = new Set([0x0809, 0x0409, 0x0209, 0x0009]);

export function checkOle(bytes: Uint8Array, ext: string): FileVerdict {
  let container: CFB.CFB$Container;
  try {
    container = CFB.parse(bytes, { type: 'buffer' } as CFB.CFB$ParsingOptions);
  } catch {
    return { ok: false, reason: 'structure' };
  }
  const names = container.FileIndex.map((e) => e.name.toLowerCase());
  if (names.some((n) => n === '_vba_project_cur' || n === 'macros' || n === '_vba_project'))
    return { ok: false, reason: 'active' };
  const wanted = OLE_MAIN[ext] ?? [];
  const main = container.FileIndex.find((e) => e.type === 2 && wanted.includes(e.name.toLowerCase()));
  if (!main?.content || main.content.length < 4) return { ok: false, reason: 'structure' };
  if (ext === 'xls') {
    const c = main.content as Uint8Array;
    if (!BIFF_BOF.has(c[0] | (c[1] << 8))) return { ok: false, reason: 'structure' };
  }
  return { ok: true };
}

const ZIP_MAIN: Record<string, string> = {
  xlsx: 'xl/workbook.xml',
  docx: 'word/document.xml',
  pptx: 'ppt/presentation.xml',
};

export function checkOoxml(bytes: Uint8Array, ext: string): FileVerdict {
  const names: string[] = [];
  try {
    // The filter sees every central-directory entry and returns false: nothing is decompressed.
    unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        return false;
      },
    });
  } catch {
    return { ok: false, reason: 'structure' };
  }
  if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return { ok: false, reason: 'active' };
  if (!names.includes(ZIP_MAIN[ext] ?? '') || !names.includes('[Content_Types].xml'))
    return { ok: false, reason: 'structure' };
  return { ok: true };
}
