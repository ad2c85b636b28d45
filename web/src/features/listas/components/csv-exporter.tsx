import { useEffect, useRef } from 'react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { csvCell, csvText, CSV_FILE_NAME, type ExportColumn } from './exports';

type Row = Record<string, string>;

/**
 * CSV export with the table's own function (docs/contract.md, Calls): PrimeReact's exportCSV writes the rows
 * of its `value`, so every row of the list (all pages) is given to a hidden table that renders one row and
 * exports them all once mounted.
 */
export function CsvExporter({
  columns,
  rows,
  onDone,
}: {
  columns: ExportColumn[];
  rows: Row[];
  onDone: () => void;
}) {
  const table = useRef<DataTable<Row[]>>(null);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    table.current?.exportCSV();
    onDone();
  }, [onDone]);
  return (
    <div hidden aria-hidden="true">
      <DataTable
        ref={table}
        value={rows}
        paginator
        rows={1}
        exportFilename={CSV_FILE_NAME}
        exportFunction={(e) => {
          const value = typeof e.data === 'string' ? e.data : String(e.data ?? '');
          return csvCell(csvText(value));
        }}
      >
        {columns.map((c) => (
          <Column key={c.id} field={c.id} header={c.header} />
        ))}
      </DataTable>
    </div>
  );
}
