import { saveBlob } from '@/lib/download';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The one Excel writer of the browser: one sheet of text cells saved as an .xlsx the browser
 * downloads, exceljs loaded on demand. Every value is written as a string: text that looks like a
 * formula stays text. Header row bold and frozen (with `columnasFijas` columns frozen too), an
 * auto-filter over the header when there are rows. Sheet names lose []:*?/\ and keep 31 characters.
 */
export async function descargarExcel(
  columnas: { header: string; width?: number }[],
  filas: string[][],
  hoja: string,
  archivo: string,
  opts: { columnasFijas?: number } = {},
): Promise<void> {
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
  for (const f of filas) ws.addRow(f);
  if (filas.length > 0)
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnas.length } };
  const buffer = await wb.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: XLSX_MIME }), archivo);
}
