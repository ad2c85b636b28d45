import { saveBlob } from '@/lib/download';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One sheet of text cells saved as an .xlsx the browser downloads, exceljs loaded on demand (the
 * way the list exports do it; that helper lives in another feature, which this one may not import:
 * decision 090). Every value is written as a string: text that looks like a formula stays text.
 */
export async function descargarExcel(
  columnas: { header: string; width?: number }[],
  filas: string[][],
  hoja: string,
  archivo: string,
): Promise<void> {
  const mod = await import('exceljs');
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet((hoja.replace(/[[\]:*?/\\]/g, ' ').trim() || 'datos').slice(0, 31));
  ws.columns = columnas.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 4),
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const f of filas) ws.addRow(f);
  if (filas.length > 0)
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnas.length } };
  const buffer = await wb.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: XLSX_MIME }), archivo);
}
