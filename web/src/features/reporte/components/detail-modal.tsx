import { useQueries } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { contratoEtiqueta, formatDia, MSG, type ReporteDetalleRow } from '@proveedores/domain';
import { errorMessage } from '@/lib/api-client';
import { reporteDetalleQueryOptions } from '../api/home';
import type { DetailTarget } from './summary-model';

type Row = ReporteDetalleRow & { modulo?: string; estado?: string; contrato?: string };
type Key = keyof Row;

/**
 * Column order and headers (the home's drill-down: proyecto, lapso, documento, empleado, nombre, vigencia,
 * motivo de rechazo). The project column names the whole contract, 'project - contract type -
 * activity', so two contracts on one project are told apart (docs/decisions/099).
 */
const COLUMNS: Array<{ key: Key; header: string }> = [
  { key: 'modulo', header: MSG.colModulo },
  { key: 'estado', header: MSG.colEstado },
  { key: 'contrato', header: MSG.colContrato },
  { key: 'lapso', header: MSG.colLapso },
  { key: 'documento', header: MSG.colDocumento },
  { key: 'empleado', header: MSG.colEmpleado },
  { key: 'nombre', header: MSG.colNombre },
  { key: 'vigencia', header: MSG.colVigenciaReporte },
  { key: 'motivorechazo', header: MSG.colMotivoRechazo },
];

const PAGE = 10;

/**
 * The detail modal of the home: the rows behind one count, or behind several (a company's detail
 * icon, a summary card), which then get the module and status as their first columns. Only the
 * columns present are shown; for one count every row has the same keys, so the header is that of
 * the first row. 'Cerrar' closes it.
 */
export function DetailModal({ target, onHide }: { target: DetailTarget | null; onHide: () => void }) {
  const items = target?.items ?? [];
  const multi = items.length > 1;
  const results = useQueries({
    queries: items.map((i) =>
      reporteDetalleQueryOptions({ modulo: i.modulo, filtro: i.filtro, nit: target?.nit }),
    ),
  });
  const pending = results.some((r) => r.isPending);
  const failed = results.find((r) => r.isError);

  const rows: Row[] = results.flatMap((r, idx) =>
    (r.data ?? []).map((detail) => {
      const row: Row =
        detail.proyecto === undefined
          ? detail
          : {
              contrato: contratoEtiqueta({
                proyecto: detail.proyecto,
                tipoContrato: detail.tipocontrato,
                actividad: detail.actividad,
              }),
              ...detail,
            };
      return multi ? { modulo: items[idx].nombre, estado: items[idx].etiqueta, ...row } : row;
    }),
  );
  const present = new Set<string>(multi ? rows.flatMap((r) => Object.keys(r)) : Object.keys(rows[0] ?? {}));
  const columns = COLUMNS.filter((c) => present.has(c.key));
  const total = items.reduce((n, i) => n + i.cantidad, 0);

  return (
    <Dialog
      header={target ? `${target.titulo} (${total})` : ''}
      visible={!!target}
      onHide={onHide}
      className="brand-dialog home-detail-modal"
      style={{ width: '60rem' }}
      breakpoints={{ '960px': '94vw', '640px': '100vw' }}
      draggable={false}
      resizable={false}
      footer={<Button type="button" label={MSG.close} onClick={onHide} data-testid="detail-close" />}
    >
      {pending ? (
        <p role="status" className="home-loading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {MSG.loading}
        </p>
      ) : failed ? (
        <p className="field-error" role="alert">
          {errorMessage(failed.error)}
        </p>
      ) : (
        <DataTable
          value={rows}
          size="small"
          stripedRows
          paginator={rows.length > PAGE}
          rows={PAGE}
          paginatorTemplate="FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink"
          currentPageReportTemplate="{first} - {last} de {totalRecords}"
          responsiveLayout="stack"
          breakpoint="640px"
          emptyMessage={MSG.homeDetailEmpty}
          data-testid="detail-table"
          tableStyle={{ minWidth: '100%' }}
        >
          {columns.map((c) => (
            <Column
              key={c.key}
              field={c.key}
              header={c.header}
              body={c.key === 'vigencia' ? (r: Row) => formatDia(r.vigencia) : undefined}
            />
          ))}
        </DataTable>
      )}
    </Dialog>
  );
}
