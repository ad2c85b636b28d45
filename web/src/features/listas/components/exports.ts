import {
  LINK_ACTIONS,
  neutralizeFormula,
  parseLinkCell,
  classifyCell,
  type ListColumna,
} from '@proveedores/domain';
import { saveBlob } from '@/lib/download';
import { descargarExcel } from '@/lib/excel';
import { cellText } from './list-cell-model';

/**
 * Browser exports (docs/contract.md, Calls): Excel saved as datostabla_export_{timestamp}.xlsx (exceljs) and
 * PDF saved as datostabla.pdf (jspdf + jspdf-autotable). Both libraries are loaded on demand so they stay out
 * of the initial bundle. Cells are exported as plain text (a link's text, never its target).
 */
export type ExportColumn = { id: string; header: string; tipo?: ListColumna['tipo'] };

/** A cell that is only an action button (Editar, Copiar, Eliminar, Preguntas, Roles). */
function isActionCell(value: string | undefined): boolean {
  if (!value || classifyCell(value) !== 'link') return false;
  return (LINK_ACTIONS as readonly string[]).includes(parseLinkCell(value).action.trim().toLowerCase());
}

/**
 * The columns an export carries (docs/decisions/099): never an action column, whether the server
 * marks it (tipo 'accion') or every filled cell of the column is an action button (tables that do not
 * mark theirs). An export is data, not buttons.
 */
export function exportableColumns(columns: ExportColumn[], rows: Record<string, string>[]): ExportColumn[] {
  return columns.filter((c) => {
    if (c.tipo === 'accion') return false;
    const filled = rows.map((r) => r[c.id]).filter((v) => v);
    return filled.length === 0 || !filled.every(isActionCell);
  });
}

/**
 * A CSV cell reads as on screen, in Excel and in the PDF (decision 168, superseding 092's ISO CSV):
 * people open it in a Colombian Excel, so a date stays 'dd/mm/aaaa' ('dd/mm/aaaa HH:MM'), as the
 * server wrote it (server/src/modules/listas/dates-sql.ts, the SQL twin of formatDia/formatDiaHora).
 */
export function csvText(value: string | undefined): string {
  return cellText(value);
}

export const excelFileName = (now = Date.now()) => `datostabla_export_${now}.xlsx`;
export const PDF_FILE_NAME = 'datostabla.pdf';
export const CSV_FILE_NAME = 'datostabla';

function matrix(columns: ExportColumn[], rows: Record<string, string>[]): string[][] {
  return rows.map((r) => columns.map((c) => cellText(r[c.id])));
}

export async function exportExcel(columns: ExportColumn[], rows: Record<string, string>[], sheet: string) {
  await descargarExcel(
    columns.map((c) => ({ header: c.header })),
    matrix(columns, rows),
    sheet,
    excelFileName(),
  );
}

export async function exportPdf(columns: ExportColumn[], rows: Record<string, string>[], title: string) {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({
    orientation: columns.length > 5 ? 'landscape' : 'portrait',
    unit: 'pt',
    format: 'a4',
  });
  if (title) {
    doc.setFontSize(12);
    doc.text(title, 40, 32);
  }
  autoTable(doc, {
    head: [columns.map((c) => c.header)],
    body: matrix(columns, rows),
    startY: title ? 44 : 32,
    styles: { fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [20, 81, 96], textColor: 255 },
    alternateRowStyles: { fillColor: [243, 246, 245] },
    margin: { left: 24, right: 24 },
  });
  saveBlob(doc.output('blob'), PDF_FILE_NAME);
}

/**
 * CSV cells for the table's own exportCSV (its exportFunction output is written as is): text that a
 * spreadsheet would run as a formula gets the apostrophe of the one shared rule (docs/decisions/161),
 * then quotes are doubled and line breaks kept inside the cell.
 */
export function csvCell(text: string): string {
  return neutralizeFormula(text).replace(/"/g, '""').replace(/\n/g, '\u2028');
}
