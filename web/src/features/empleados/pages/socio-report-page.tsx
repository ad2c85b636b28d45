import '../socio-report.css';
import { useDeferredValue, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  formatDia,
  MSG,
  SOCIODEMOGRAFICO_COLUMNS,
  SOCIODEMOGRAFICO_DATE_KEYS,
  type SociodemograficoKey,
  type SociodemograficoRow,
} from '@proveedores/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { alerts } from '@/lib/alerts';
import { PATHS } from '@/lib/paths';
import { downloadSocioReportExcel, socioReportQueryOptions } from '../api/socio-report';
import { useSubmit } from '@/lib/use-submit';

const PAGE_SIZE = 10;
const NUMBER = new Intl.NumberFormat('es-CO');
const GLOBAL_FIELDS = SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key);

/**
 * Columns the worker form never asks for: the server fills them from what the portal knows
 * (docs/decisions/099); their headers say where each value comes from.
 */
const SOURCES: Partial<Record<SociodemograficoKey, string>> = {
  fechaingreso: MSG.socioSourceFechaIngreso,
  fecha_inicio: MSG.socioSourceFechaInicio,
  fv_seg_social: MSG.socioSourceVencimientos,
  fv_examenes_medicos: MSG.socioSourceVencimientos,
  fv_cursos_altura: MSG.socioSourceVencimientos,
  fecha_ven_cert_espacios_confina: MSG.socioSourceVencimientos,
};

/**
 * 'No se pudo cargar la informacion.' with 'Ver mas detalles' and 'Cerrar' (docs/contract.md, Error
 * catalogue).
 */
function alertFailure(err: unknown) {
  if (err instanceof ApiError && err.status === 401) return; // the session is already closed
  void alerts.errorWithDetail(errorMessage(err), MSG.couldNotLoad, MSG.seeMoreDetails);
}

/**
 * 'Sociodemografico' (reportesociodemografico): home button; the table only when there are
 * rows, with the 41 columns of SOCIODEMOGRAFICO_COLUMNS (cargo last), 10 per page, first / previous /
 * next / last, a search box and horizontal scroll; 'Descargar EXCEL' saves the server's workbook.
 */
export function SocioReportPage() {
  const query = useQuery(socioReportQueryOptions());
  const [search, setSearch] = useState('');
  // Filtering 5,000 workers over 41 columns: typing stays responsive, the table follows.
  const deferredSearch = useDeferredValue(search);
  const { busy: downloading, run } = useSubmit();
  const rows = query.data ?? [];

  useEffect(() => {
    if (query.error) alertFailure(query.error);
  }, [query.error]);

  const onDownload = () => run(downloadSocioReportExcel, { onError: alertFailure });

  return (
    <section className="page socio-page" aria-labelledby="socio-title">
      <div className="page-header">
        <h1 id="socio-title">{MSG.pageSociodemografico}</h1>
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm" data-testid="socio-home">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      </div>
      <div className="card">
        {query.isPending ? (
          <div className="loading-block" role="status">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
            <span>{MSG.loading}</span>
          </div>
        ) : query.isError ? (
          <p className="muted">{MSG.couldNotLoad}</p>
        ) : rows.length === 0 ? (
          <p className="muted" data-testid="socio-empty">
            {MSG.socioEmpty}
          </p>
        ) : (
          <>
            <div className="list-toolbar">
              <span className="p-input-icon-left list-search">
                <i className="pi pi-search" aria-hidden="true" />
                <InputText
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  placeholder={MSG.listSearch}
                  aria-label={MSG.listSearch}
                  data-testid="socio-search"
                />
              </span>
              <Button
                type="button"
                label={MSG.socioDownloadExcel}
                icon={downloading ? 'pi pi-spin pi-spinner' : 'pi pi-file-excel'}
                size="small"
                disabled={downloading}
                onClick={() => void onDownload()}
                data-testid="socio-excel"
              />
              <span className="muted socio-count">{MSG.socioCount(rows.length)}</span>
            </div>
            <DataTable
              value={rows}
              dataKey="numero_documento"
              paginator
              rows={PAGE_SIZE}
              paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink"
              currentPageReportTemplate={MSG.listPageReport}
              globalFilter={deferredSearch}
              globalFilterFields={GLOBAL_FIELDS}
              scrollable
              showGridlines
              stripedRows
              size="small"
              emptyMessage={MSG.listEmpty}
              tableStyle={{ minWidth: '300rem' }}
              // The scrolling box must be reachable by keyboard (arrow keys scroll it).
              pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': MSG.pageSociodemografico } }}
              data-testid="socio-table"
            >
              {SOCIODEMOGRAFICO_COLUMNS.map((c) => (
                <Column
                  key={c.key}
                  field={c.key}
                  header={
                    SOURCES[c.key] ? (
                      <span title={SOURCES[c.key]} data-testid={`socio-source-${c.key}`}>
                        {c.header} <sup aria-hidden="true">†</sup>
                      </span>
                    ) : (
                      c.header
                    )
                  }
                  body={(row: SociodemograficoRow) => {
                    const v = row[c.key];
                    if (v === null || v === undefined) return '';
                    if (c.key === 'salario' && typeof v === 'number') return NUMBER.format(v);
                    // Dates people read: dd/mm/aaaa (docs/decisions/092).
                    return SOCIODEMOGRAFICO_DATE_KEYS.has(c.key) ? formatDia(String(v)) : String(v);
                  }}
                />
              ))}
            </DataTable>
            <div className="socio-sources" data-testid="socio-sources">
              <h2>
                <sup aria-hidden="true">†</sup> {MSG.socioSourcesTitle}
              </h2>
              <ul>
                <li>{MSG.socioSourceFechaIngreso}</li>
                <li>{MSG.socioSourceFechaInicio}</li>
                <li>{MSG.socioSourceVencimientos}</li>
              </ul>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
