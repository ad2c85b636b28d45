import '../lists.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { LIST_EVENT_COLUMN, LIST_FILTER_PREFIX, MSG } from '@proveedores/domain';
import { listQueryOptions } from '../api/list';
import { choiceKey, nextChoice, saveSelection, type ColumnChoice } from '../components/column-storage';
import { CsvExporter } from '../components/csv-exporter';
import { FrameDialog } from '../components/frame-dialog';
import { ListTable } from '../components/list-table';
import { ListToolbar } from '../components/list-toolbar';
import { notifyListError } from '../components/notify-error';
import { useListExports } from '../components/use-list-exports';
import { useListLinks } from '../components/use-list-links';

/**
 * list-dinamico/{idtabla} (docs/contract.md: the dynamic list screen and its states). The address's query
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
  const exports = useListExports(idtabla, params, desc);
  const [filtersShown, setFiltersShown] = useState(() =>
    [...params.keys()].some((k) => k.startsWith(LIST_FILTER_PREFIX)),
  );

  // Chosen columns: restored from session storage when the table or its full column list changes.
  const [choice, setChoice] = useState<ColumnChoice | null>(null);
  useEffect(() => {
    const next = desc && nextChoice(desc, choice);
    if (next) setChoice(next);
  }, [desc, choice]);
  const selected = useMemo(() => choice?.ids ?? [], [choice]);
  const columns = useMemo(
    () => (desc ? desc.columnas.filter((c) => c.id !== LIST_EVENT_COLUMN && selected.includes(c.id)) : []),
    [desc, selected],
  );
  const exportColumns = columns.map((c) => ({ id: c.id, header: c.descripcion, tipo: c.tipo }));

  // Error catalogue: 404 or no connection -> the VPN message; 401 already ended the session; always the body.
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

  const backButton = (
    <Button
      icon="pi pi-arrow-left"
      label={MSG.back}
      outlined
      size="small"
      onClick={() => void navigate(-1)}
    />
  );
  if (!desc) {
    return (
      <section className="page list-page" aria-labelledby="list-title">
        <div className="page-header">
          <h1 id="list-title">{MSG.pageListDinamico}</h1>
          {backButton}
        </div>
        <p className="card muted" data-testid="list-error">
          {MSG.listLoadError}
        </p>
      </section>
    );
  }

  return (
    <section className="page list-page" aria-labelledby="list-title">
      <div className="page-header">
        <div>
          <h1 id="list-title" data-testid="list-title">
            {desc.titulo || MSG.pageListDinamico}
          </h1>
          {desc.subtitulo && <h2 className="list-subtitle">{desc.subtitulo}</h2>}
        </div>
        {backButton}
      </div>
      {desc.parrafo && <p className="list-paragraph">{desc.parrafo}</p>}
      <div className="card list-card">
        <ListToolbar
          desc={desc}
          search={params.get('q') ?? ''}
          onSearch={(q) =>
            update((p) => {
              if (q) p.set('q', q);
              else p.delete('q');
              p.delete('page');
            })
          }
          filtersShown={filtersShown}
          onToggleFilters={() => setFiltersShown((s) => !s)}
          selected={selected}
          onSelectedChange={(ids) => {
            setChoice({ key: choiceKey(desc), ids });
            saveSelection(desc.idtabla, desc.columnas, ids);
          }}
          exporting={exports.exporting}
          onExport={(k) => void exports.start(k, exportColumns)}
          onOpen={links.open}
        />
        <ListTable
          desc={desc}
          columns={columns}
          params={params}
          update={update}
          filtersShown={filtersShown}
          loading={query.isFetching || exports.exporting !== null}
          onOpen={links.open}
        />
      </div>
      {exports.csv && (
        <CsvExporter columns={exports.csv.columns} rows={exports.csv.rows} onDone={exports.csvDone} />
      )}
      <FrameDialog frame={links.frame} onHide={links.closeFrame} />
    </section>
  );
}
