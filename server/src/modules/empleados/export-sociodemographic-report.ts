import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import pLimit from 'p-limit';
import {
  neutralizeCellValue,
  SOCIODEMOGRAFICO_COLUMNS,
  SOCIODEMOGRAFICO_DATE_KEYS,
} from '@proveedores/domain';
import type { Db } from '../../db/client';
import { audit, type AuditActor } from '../../lib/audit';
import { listSociodemographicRows } from './get-sociodemographic-report';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Building a workbook is CPU work: one export at a time per process, and the event loop is given
 * back every hundred rows so other requests keep being served meanwhile (docs/decisions/045).
 */
const exportsInProcess = pLimit(1);
const ROWS_PER_SLICE = 100;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** ISO date -> a real Excel date (UTC midnight, so no time-zone shift). */
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

const COLUMNS = SOCIODEMOGRAFICO_COLUMNS.map((c) => ({
  header: c.header,
  key: c.key,
  width: Math.max(12, Math.min(40, c.header.length + 4)),
  style: SOCIODEMOGRAFICO_DATE_KEYS.has(c.key)
    ? { numFmt: 'dd/mm/yyyy' } // real dates, read dd/mm/aaaa (docs/decisions/092)
    : c.key === 'salario'
      ? { numFmt: '#,##0' }
      : c.key === 'numero_documento'
        ? { numFmt: '@' }
        : {},
}));

/**
 * The socio-demographic report as a real .xlsx generated on the server: one header row with the 41
 * Spanish headers, one row per worker; dates as dates, salary as a number, documents as text.
 * Strings are written as text cells, never as formulas, and a text that starts like a formula gets
 * a leading apostrophe (docs/decisions/161); numbers stay numeric cells. Every export is audited
 * with its row count (Ley 1581 de 2012).
 */
export async function exportSociodemographicReport(opts: { db: Db; empresaId: number; actor: AuditActor }) {
  return exportsInProcess(async () => {
    const rows = await listSociodemographicRows(opts.db, opts.empresaId);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    wb.creator = 'proveedores';
    wb.created = new Date();
    const ws = wb.addWorksheet('Sociodemografico', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = COLUMNS;
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.commit();
    for (const [i, row] of rows.entries()) {
      const values: Record<string, string | number | Date | null> = {};
      for (const { key } of SOCIODEMOGRAFICO_COLUMNS) {
        const v = row[key];
        values[key] =
          typeof v === 'string' && SOCIODEMOGRAFICO_DATE_KEYS.has(key) ? toDate(v) : neutralizeCellValue(v);
      }
      ws.addRow(values).commit();
      if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await yieldToEventLoop();
    }
    ws.commit();
    await wb.commit();
    await done;
    const buffer = Buffer.concat(chunks);
    await audit(opts.db, opts.actor, {
      evento: 'reporte.exported',
      datos: { reporte: 'sociodemografico.xlsx', filas: rows.length },
    });
    return { buffer, filas: rows.length };
  });
}
