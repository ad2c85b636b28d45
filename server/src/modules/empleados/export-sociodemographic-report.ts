import ExcelJS from 'exceljs';
import { SOCIODEMOGRAFICO_COLUMNS, SOCIODEMOGRAFICO_DATE_KEYS } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { audit, type AuditActor } from '../../lib/audit';
import { listSociodemographicRows } from './get-sociodemographic-report';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** ISO date -> a real Excel date (UTC midnight, so no time-zone shift). */
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The socio-demographic report as a real .xlsx generated on the server: one header row with the 41
 * Spanish headers, one row per worker; dates as dates, salary as a number, documents as text.
 * Every export is audited with its row count (Ley 1581 de 2012).
 */
export async function exportSociodemographicReport(opts: { db: Db; empresaId: number; actor: AuditActor }) {
  const rows = await listSociodemographicRows(opts.db, opts.empresaId);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'proveedores';
  wb.created = new Date();
  const ws = wb.addWorksheet('Sociodemografico', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = SOCIODEMOGRAFICO_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, Math.min(40, c.header.length + 4)),
    style: SOCIODEMOGRAFICO_DATE_KEYS.has(c.key)
      ? { numFmt: 'yyyy-mm-dd' }
      : c.key === 'salario'
        ? { numFmt: '#,##0' }
        : c.key === 'numero_documento'
          ? { numFmt: '@' }
          : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, string | number | Date | null> = {};
    for (const { key } of SOCIODEMOGRAFICO_COLUMNS) {
      const v = row[key];
      values[key] = typeof v === 'string' && SOCIODEMOGRAFICO_DATE_KEYS.has(key) ? toDate(v) : v;
    }
    ws.addRow(values);
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SOCIODEMOGRAFICO_COLUMNS.length } };
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await audit(opts.db, opts.actor, { evento: 'reporte.exported', datos: { reporte: 'sociodemografico.xlsx', filas: rows.length } });
  return { buffer, filas: rows.length };
}
