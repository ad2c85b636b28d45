import { useMemo, useRef, useState } from 'react';
import { Column } from 'primereact/column';
import { ContextMenu } from 'primereact/contextmenu';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_EVENT_COLUMN,
  LIST_FILTER_PREFIX,
  LIST_PAGE_SIZES,
  MSG,
  type ListColumna,
  type TableDescription,
} from '@proveedores/domain';
import { DebouncedInput } from './debounced-input';
import { primeIcon } from './icons';
import { ListCell } from './list-cell';
import { LIST_PAGINATOR } from './paginator';
import { useTableHeight } from './use-table-height';
import { withEvento } from './use-list-links';

type Row = Record<string, string>;

type Props = {
  desc: TableDescription;
  /** The chosen columns (without evento), in the table's order. */
  columns: ListColumna[];
  params: URLSearchParams;
  /** Changes the address's query string (replace); the list reloads from it. */
  update: (change: (p: URLSearchParams) => void) => void;
  filtersShown: boolean;
  loading: boolean;
  onOpen: (url: string, title: string) => void;
};

const setParam = (p: URLSearchParams, key: string, value: string | null) =>
  value ? p.set(key, value) : p.delete(key);

/**
 * The lazy table of the list: the server pages, sorts and filters; paginator with
 * 'Monstrando {first} a {last} de {totalRecords} registros', 10 rows by default (10, 20, 25, 50);
 * scroll height from the window (useTableHeight); resizable, sortable columns; optional filter row;
 * right-click context menu whose links get the row's evento.
 */
export function ListTable({ desc, columns, params, update, filtersShown, loading, onOpen }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const scrollHeight = useTableHeight(box, true);
  const contextMenu = useRef<ContextMenu>(null);
  const contextRow = useRef<Row | null>(null);
  const [contextSelection, setContextSelection] = useState<Row | null>(null);

  const filterValues = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of params)
      if (k.startsWith(LIST_FILTER_PREFIX)) out[k.slice(LIST_FILTER_PREFIX.length)] = v;
    return out;
  }, [params]);
  const filterMeta: DataTableFilterMeta = useMemo(() => {
    const meta: DataTableFilterMeta = {};
    for (const c of desc.columnas) meta[c.id] = { value: filterValues[c.id] ?? null, matchMode: 'contains' };
    return meta;
  }, [desc, filterValues]);

  // What the address asks for shows at once (the answer may still be on its way); else what came back.
  const size = Number(params.get('size')) || desc.size || LIST_DEFAULT_PAGE_SIZE;
  const page = Number(params.get('page')) || desc.page;
  const sortField = params.get('sort') || desc.sort;
  const sortOrder = (params.get('order') || (params.get('sort') ? 'asc' : desc.order)) === 'desc' ? -1 : 1;

  return (
    <div ref={box} className="list-table-box">
      <DataTable
        value={desc.datos}
        dataKey={LIST_EVENT_COLUMN}
        lazy
        paginator
        first={(page - 1) * size}
        rows={size}
        totalRecords={desc.total}
        rowsPerPageOptions={desc.pageSizes.length ? desc.pageSizes : [...LIST_PAGE_SIZES]}
        paginatorTemplate={LIST_PAGINATOR}
        currentPageReportTemplate={MSG.listPageReport}
        onPage={(e) =>
          update((p) => {
            setParam(p, 'page', e.page !== undefined && e.page > 0 ? String(e.page + 1) : null);
            setParam(p, 'size', e.rows !== LIST_DEFAULT_PAGE_SIZE ? String(e.rows) : null);
          })
        }
        sortField={sortField}
        sortOrder={sortOrder}
        onSort={(e) =>
          update((p) => {
            setParam(p, 'sort', e.sortField);
            p.set('order', e.sortOrder === -1 ? 'desc' : 'asc');
            p.delete('page');
          })
        }
        filters={filterMeta}
        filterDisplay={filtersShown ? 'row' : undefined}
        loading={loading}
        scrollable
        scrollHeight={`${scrollHeight}px`}
        resizableColumns
        columnResizeMode="expand"
        showGridlines
        stripedRows
        size="small"
        emptyMessage={MSG.listEmpty}
        contextMenuSelection={contextSelection ?? undefined}
        onContextMenuSelectionChange={(e) => {
          contextRow.current = e.value as Row;
          setContextSelection(e.value as Row);
        }}
        onContextMenu={(e) => {
          if (desc.contextoMenu.length > 0) contextMenu.current?.show(e.originalEvent);
        }}
        tableStyle={{ minWidth: `${Math.max(columns.length * 9, 30)}rem` }}
        // The scrolling box must be reachable by keyboard (arrow keys scroll it).
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': desc.titulo || MSG.pageListDinamico } }}
        data-testid="list-table"
      >
        {columns.map((c) => (
          <Column
            key={c.id}
            field={c.id}
            header={c.descripcion}
            sortable={c.ordenable}
            body={(row: Row) => <ListCell value={row[c.id] ?? ''} onOpen={onOpen} />}
            filter={filtersShown && c.filtrable}
            showFilterMenu={false}
            filterElement={() => (
              <DebouncedInput
                value={filterValues[c.id] ?? ''}
                onChange={(v) =>
                  update((p) => {
                    setParam(p, `${LIST_FILTER_PREFIX}${c.id}`, v);
                    p.delete('page');
                  })
                }
                placeholder={c.descripcion}
                aria-label={MSG.listFilterBy(c.descripcion)}
                className="list-filter-input"
              />
            )}
            style={{ minWidth: '8rem' }}
          />
        ))}
      </DataTable>
      {desc.contextoMenu.length > 0 && (
        <ContextMenu
          ref={contextMenu}
          model={desc.contextoMenu.map((m) => ({
            label: m.label,
            icon: m.icon ? primeIcon(m.icon) : undefined,
            command: () => {
              const row = contextRow.current;
              if (row) onOpen(withEvento(m.url, row[LIST_EVENT_COLUMN]), m.label);
            },
          }))}
          onHide={() => setContextSelection(null)}
        />
      )}
    </div>
  );
}
