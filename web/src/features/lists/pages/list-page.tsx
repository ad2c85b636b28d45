import '../lists.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ContextMenu } from 'primereact/contextmenu';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_EVENT_COLUMN,
  LIST_FILTER_PREFIX,
  LIST_PAGE_SIZES,
  MSG,
} from '@proveedores/domain';
import { showToast } from '@/lib/toast';
import { fetchAllRows, LIST_EXPORT_MAX_ROWS, listQueryOptions } from '../api/list';
import { fullColumnList, restoreSelection, saveSelection } from '../components/column-storage';
import { CsvExporter } from '../components/csv-exporter';
import { DebouncedInput } from '../components/debounced-input';
import { exportExcel, exportPdf, type ExportColumn } from '../components/exports';
import { FrameDialog } from '../components/frame-dialog';
import { primeIcon } from '../components/icons';
import { ListCell } from '../components/list-cell';
import { ListToolbar, type ExportKind } from '../components/list-toolbar';
import { notifyListError } from '../components/notify-error';
import { LIST_PAGINATOR } from '../components/paginator';
import { useListLinks, withEvento } from '../components/use-list-links';
import { useTableHeight } from '../components/use-table-height';

type Row = Record<string, string>;

/**
 * list-dinamico/{idtabla} (section 2 Dynamic list screen, section 4 List screen). The address's query
 * string goes to GET /api/contratista/Listadinamico/{idtabla} as it is, and paging, sorting, search
 * and column filters are written back into it (page, size, sort, order, q, f_<column>), so the
 * server pages, sorts and filters, and a reload shows the same page.
 */
export function ListPage() {
  const { idtabla = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useQuery(listQueryOptions(idtabla, location.search));
  const desc = query.data;
  const links = useListLinks();
  const contextMenu = useRef<ContextMenu>(null);
  const contextRow = useRef<Row | null>(null);
  const [contextSelection, setContextSelection] = useState<Row | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const scrollHeight = useTableHeight(tableBox, desc !== undefined);
  const [filtersShown, setFiltersShown] = useState(() =>
    [...params.keys()].some((k) => k.startsWith(LIST_FILTER_PREFIX)),
  );
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [csvRows, setCsvRows] = useState<Row[] | null>(null);

  // Chosen columns: restored from session storage when the full column list is unchanged.
  const columnsKey = desc ? fullColumnList(desc.columnas) : '';
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (desc) setSelected(restoreSelection(idtabla, desc.columnas));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the column list changes
  }, [idtabla, columnsKey]);

  // Section 8: 404 or no connection -> the VPN message; 401 already ended the session; always the body.
  useEffect(() => {
    if (query.error) notifyListError(query.error);
  }, [query.error, query.errorUpdatedAt]);

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setParam = (p: URLSearchParams, key: string, value: string | null) =>
    value ? p.set(key, value) : p.delete(key);

  const columns = useMemo(
    () => (desc ? desc.columnas.filter((c) => c.id !== LIST_EVENT_COLUMN && selected.includes(c.id)) : []),
    [desc, selected],
  );
  const exportColumns: ExportColumn[] = columns.map((c) => ({ id: c.id, header: c.descripcion }));
  const filterValues = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of params)
      if (k.startsWith(LIST_FILTER_PREFIX)) out[k.slice(LIST_FILTER_PREFIX.length)] = v;
    return out;
  }, [params]);
  const filterMeta: DataTableFilterMeta = useMemo(() => {
    const meta: DataTableFilterMeta = {};
    for (const c of desc?.columnas ?? [])
      meta[c.id] = { value: filterValues[c.id] ?? null, matchMode: 'contains' };
    return meta;
  }, [desc, filterValues]);

  const onExport = async (kind: ExportKind) => {
    if (!desc) return;
    setExporting(kind);
    let handedToCsv = false;
    try {
      const search = new URLSearchParams(params);
      search.delete('page');
      search.delete('size');
      const { rows, truncated } = await fetchAllRows(idtabla, search);
      if (truncated) showToast({ severity: 'warn', summary: MSG.listExportTruncated(LIST_EXPORT_MAX_ROWS) });
      if (kind === 'csv') {
        setCsvRows(rows);
        handedToCsv = true;
      } else if (kind === 'excel') await exportExcel(exportColumns, rows, desc.titulo);
      else await exportPdf(exportColumns, rows, desc.titulo);
    } catch (err) {
      notifyListError(err);
    } finally {
      if (!handedToCsv) setExporting(null);
    }
  };
  const onCsvDone = useCallback(() => {
    setCsvRows(null);
    setExporting(null);
  }, []);

  if (query.isPending) {
    return (
      <section className="page list-page" aria-labelledby="list-title">
        <h1 id="list-title" className="sr-only">
          {MSG.pageListDinamico}
        </h1>
        <div className="loading-block" role="status" data-testid="list-loading">
          <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
          <span>{MSG.loading}</span>
        </div>
      </section>
    );
  }

  if (!desc) {
    return (
      <section className="page list-page" aria-labelledby="list-title">
        <div className="page-header">
          <h1 id="list-title">{MSG.pageListDinamico}</h1>
          <Button
            icon="pi pi-arrow-left"
            label={MSG.back}
            outlined
            size="small"
            onClick={() => void navigate(-1)}
          />
        </div>
        <p className="card muted" data-testid="list-error">
          {MSG.listLoadError}
        </p>
      </section>
    );
  }

  const size = desc.size || LIST_DEFAULT_PAGE_SIZE;
  return (
    <section className="page list-page" aria-labelledby="list-title">
      <div className="page-header">
        <div>
          <h1 id="list-title" data-testid="list-title">
            {desc.titulo || MSG.pageListDinamico}
          </h1>
          {desc.subtitulo && <h2 className="list-subtitle">{desc.subtitulo}</h2>}
        </div>
        <Button
          icon="pi pi-arrow-left"
          label={MSG.back}
          outlined
          size="small"
          onClick={() => void navigate(-1)}
        />
      </div>
      {desc.parrafo && <p className="list-paragraph">{desc.parrafo}</p>}
      <div className="card list-card">
        <ListToolbar
          desc={desc}
          search={params.get('q') ?? ''}
          onSearch={(q) =>
            update((p) => {
              setParam(p, 'q', q);
              p.delete('page');
            })
          }
          filtersShown={filtersShown}
          onToggleFilters={() => setFiltersShown((s) => !s)}
          selected={selected}
          onSelectedChange={(ids) => {
            setSelected(ids);
            saveSelection(idtabla, desc.columnas, ids);
          }}
          exporting={exporting}
          onExport={(k) => void onExport(k)}
          onOpen={links.open}
        />
        <div ref={tableBox} className="list-table-box">
          <DataTable
            value={desc.datos}
            dataKey={LIST_EVENT_COLUMN}
            lazy
            paginator
            first={(desc.page - 1) * size}
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
            sortField={desc.sort}
            sortOrder={desc.order === 'asc' ? 1 : -1}
            onSort={(e) =>
              update((p) => {
                setParam(p, 'sort', e.sortField);
                p.set('order', e.sortOrder === -1 ? 'desc' : 'asc');
                p.delete('page');
              })
            }
            filters={filterMeta}
            filterDisplay={filtersShown ? 'row' : undefined}
            loading={query.isFetching || exporting !== null}
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
            pt={{
              wrapper: { tabIndex: 0, role: 'region', 'aria-label': desc.titulo || MSG.pageListDinamico },
            }}
            data-testid="list-table"
          >
            {columns.map((c) => (
              <Column
                key={c.id}
                field={c.id}
                header={c.descripcion}
                sortable={c.ordenable}
                body={(row: Row) => <ListCell value={row[c.id] ?? ''} onOpen={links.open} />}
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
        </div>
      </div>
      {desc.contextoMenu.length > 0 && (
        <ContextMenu
          ref={contextMenu}
          model={desc.contextoMenu.map((m) => ({
            label: m.label,
            icon: m.icon ? primeIcon(m.icon) : undefined,
            command: () => {
              const row = contextRow.current;
              if (row) links.open(withEvento(m.url, row[LIST_EVENT_COLUMN]), m.label);
            },
          }))}
          onHide={() => setContextSelection(null)}
        />
      )}
      {csvRows && <CsvExporter columns={exportColumns} rows={csvRows} onDone={onCsvDone} />}
      <FrameDialog frame={links.frame} onHide={links.closeFrame} />
    </section>
  );
}
