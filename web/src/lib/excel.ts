import { neutralizeFormula } from '@proveedores/domain';
import { saveBlob } from '@/lib/download';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The one Excel writer of the browser: one sheet of text cells saved as an .xlsx the browser
 * downloads, exceljs loaded on demand. Every value is written as a string cell, and a value that
 * starts like a formula gets a leading apostrophe (docs/decisions/161): some readers evaluate such
 * text cells once edited or re-saved as CSV. Header row bold and frozen (with `columnasFijas`
 * columns frozen too), an auto-filter over the header when there are rows. Sheet names lose
 * []:*?/\ and keep 31 characters.
 */
export async function descargarExcel(
  columnas: { header: string; width?: number }[],
  filas: string[][],
  hoja: string,
  archivo: string,
  opts: { columnasFijas?: number } = {},
): Promise<void> {
  const buffer = await libroExcel(columnas, filas, hoja, opts);
  saveBlob(new Blob([buffer], { type: XLSX_MIME }), archivo);
}

/** The workbook's bytes (descargarExcel saves them; tests read them back). */
export async function libroExcel(
  columnas: { header: string; width?: number }[],
  filas: string[][],
  hoja: string,
  opts: { columnasFijas?: number } = {},
): Promise<ArrayBuffer> {
  const mod = await import('exceljs');
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet((hoja.replace(/[[\]:*?/\\]/g, ' ').trim() || 'datos').slice(0, 31));
  ws.columns = columnas.map((c) => ({
    header: c.header,
    width: c.width ?? Math.min(60, Math.max(12, c.header.length + 4)),
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1, ...(opts.columnasFijas ? { xSplit: opts.columnasFijas } : {}) }];
  for (const f of filas) ws.addRow(f.map(neutralizeFormula));
  if (filas.length > 0)
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnas.length } };
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}
