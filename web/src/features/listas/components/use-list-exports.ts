import { useCallback, useState } from 'react';
import { MSG, type TableDescription } from '@proveedores/domain';
import { showToast } from '@/lib/toast';
import { fetchAllRows, LIST_EXPORT_MAX_ROWS } from '../api/list';
import { exportableColumns, exportExcel, exportPdf, type ExportColumn } from './exports';
import type { ExportKind } from './list-toolbar';
import { notifyListError } from './notify-error';

type Row = Record<string, string>;

/**
 * The three exports of the list. Each gathers every row matching the current search, filters and
 * sort (all pages), with the chosen columns; CSV then goes through the table's own exportCSV
 * (<CsvExporter>), Excel and PDF through their on-demand libraries.
 */
export function useListExports(idtabla: string, params: URLSearchParams, desc: TableDescription | undefined) {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [csv, setCsv] = useState<{ rows: Row[]; columns: ExportColumn[] } | null>(null);

  const start = async (kind: ExportKind, columns: ExportColumn[]) => {
    if (!desc || exporting) return;
    setExporting(kind);
    let handedToCsv = false;
    try {
      const search = new URLSearchParams(params);
      search.delete('page');
      search.delete('size');
      const { rows, truncated } = await fetchAllRows(idtabla, search);
      if (truncated) showToast({ severity: 'warn', summary: MSG.listExportTruncated(LIST_EXPORT_MAX_ROWS) });
      const data = exportableColumns(columns, rows);
      if (kind === 'csv') {
        setCsv({ rows, columns: data });
        handedToCsv = true;
      } else if (kind === 'excel') await exportExcel(data, rows, desc.titulo);
      else await exportPdf(data, rows, desc.titulo);
    } catch (err) {
      notifyListError(err);
    } finally {
      if (!handedToCsv) setExporting(null);
    }
  };

  const csvDone = useCallback(() => {
    setCsv(null);
    setExporting(null);
  }, []);

  return { exporting, start, csv, csvDone };
}
