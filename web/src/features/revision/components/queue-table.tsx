import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { contratoEtiqueta, MSG, type EntregaRevision, type ReviewQueue } from '@proveedores/domain';
import { formatDateTime } from '@/lib/dates';

export const QUEUE_PAGE_SIZES = [10, 20, 50];

const PAGINATOR = 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport';

function detalle(e: EntregaRevision): string {
  const parts: string[] = [];
  if (e.contrato) parts.push(contratoEtiqueta(e.contrato));
  if (e.periodo) parts.push(e.periodo.lapso);
  if (e.empleado) parts.push(`${e.empleado.numeroDocumento} ${e.empleado.nombre}`);
  return parts.join(' · ');
}

/** The queue page: oldest first; a row (or its 'Revisar' button) opens the review panel. */
export function QueueTable({
  data,
  loading,
  onPage,
  onOpen,
}: {
  data: ReviewQueue | undefined;
  loading: boolean;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (id: number) => void;
}) {
  const pageSize = data?.pageSize ?? 20;
  return (
    <DataTable
      value={data?.items ?? []}
      dataKey="id"
      lazy
      paginator
      first={((data?.page ?? 1) - 1) * pageSize}
      rows={pageSize}
      totalRecords={data?.total ?? 0}
      onPage={(e: DataTablePageEvent) => onPage((e.page ?? 0) + 1, e.rows)}
      paginatorTemplate={PAGINATOR}
      currentPageReportTemplate={MSG.listPageReport}
      loading={loading}
      emptyMessage={MSG.reviewQueueEmpty}
      // On a phone the table scrolls sideways inside its wrapper: keyboard users must reach it.
      pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': MSG.reviewTitle } }}
      responsiveLayout="stack"
      breakpoint="820px"
      rowHover
      stripedRows
      onRowClick={(e) => onOpen((e.data as EntregaRevision).id)}
      rowClassName={() => 'review-row'}
      className="review-queue-table stack-table"
      data-testid="review-queue"
    >
      <Column header={MSG.colFechaCarga} body={(e: EntregaRevision) => formatDateTime(e.cargadoAt)} />
      <Column
        header={MSG.colEmpresa}
        body={(e: EntregaRevision) => (
          <span>
            {e.empresa.razonSocial}
            <br />
            <span className="hint">NIT {e.empresa.nit}</span>
          </span>
        )}
      />
      <Column header={MSG.colModulo} body={(e: EntregaRevision) => e.moduloNombre} />
      <Column
        header={MSG.colRequisito}
        body={(e: EntregaRevision) => (
          <span data-testid="queue-requisito">
            {e.requisito.codigo} - {e.requisito.nombreCorto}
          </span>
        )}
      />
      <Column header={MSG.colContrato} body={(e: EntregaRevision) => detalle(e) || '—'} />
      <Column
        header={MSG.colArchivo}
        body={(e: EntregaRevision) =>
          e.archivo ? (
            <span className="review-file-cell">
              <i className="pi pi-file" aria-hidden="true" /> {e.archivo.nombre}
            </span>
          ) : (
            <span className="hint">
              <i className="pi pi-comment" aria-hidden="true" /> {MSG.colComentario}
            </span>
          )
        }
      />
      <Column
        header={MSG.colAccion}
        body={(e: EntregaRevision) => (
          <Button
            type="button"
            label={MSG.reviewOpen}
            icon="pi pi-search"
            size="small"
            aria-label={MSG.reviewOpenItem(`${e.requisito.nombreCorto} - ${e.empresa.razonSocial}`)}
            onClick={(ev) => {
              ev.stopPropagation();
              onOpen(e.id);
            }}
            data-testid="queue-open"
          />
        )}
      />
    </DataTable>
  );
}
