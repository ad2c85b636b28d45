import { Link } from 'react-router';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import {
  contratoEtiqueta,
  ESTADO,
  formatDia,
  labelEstado,
  MODULOS,
  MSG,
  type CodEstado,
  type CumplimientoDetalleEmpresa,
  type CumplimientoItem,
  type ModuloCodigo,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { formatDateTime } from '@/lib/dates';
import { FileLink } from '@/components/file-link';
import { PATHS } from '@/lib/paths';
import type { ItemsFilter } from '../api/compliance';
import { EstadoLabel } from '@/components/estado/estado-label';

const ESTADOS: CodEstado[] = [
  ESTADO.PENDIENTE,
  ESTADO.RECHAZADO,
  ESTADO.CARGADO,
  ESTADO.APROBADO,
  ESTADO.VENCIDO,
];

/** The items behind the counts, filtered by contract, module and status. */
export function ComplianceItems({
  empresa,
  filter,
  items,
  loading,
  onFilter,
}: {
  empresa: CumplimientoDetalleEmpresa;
  filter: ItemsFilter;
  items: CumplimientoItem[];
  loading: boolean;
  onFilter: (patch: Partial<ItemsFilter>) => void;
}) {
  const contratoOptions = empresa.contratos.map((c) => ({
    value: c.contratoId === null ? 'empresa' : String(c.contratoId),
    // Project - contract type - activity, then the contract's own description (docs/decisions/099).
    label: c.contratoId === null ? MSG.complianceCompanyLevel : `${contratoEtiqueta(c)} (${c.descripcion})`,
  }));
  return (
    <>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="items-contrato">{MSG.colContrato}</label>
          <Dropdown
            inputId="items-contrato"
            pt={HIDE_NATIVE_SELECT}
            value={filter.contrato ?? null}
            options={contratoOptions}
            placeholder={MSG.complianceAllContracts}
            showClear
            onChange={(e) => onFilter({ contrato: (e.value as string | null) ?? undefined })}
            data-testid="items-contrato"
          />
        </div>
        <div className="field">
          <label htmlFor="items-modulo">{MSG.colModulo}</label>
          <Dropdown
            inputId="items-modulo"
            pt={HIDE_NATIVE_SELECT}
            value={filter.modulo ?? null}
            options={MODULOS.map((m) => ({ value: m.codigo, label: m.nombre }))}
            placeholder={MSG.reviewFilterAll}
            showClear
            onChange={(e) => onFilter({ modulo: (e.value as ModuloCodigo | null) ?? undefined })}
            data-testid="items-modulo"
          />
        </div>
        <div className="field">
          <label htmlFor="items-estado">{MSG.colEstado}</label>
          <Dropdown
            inputId="items-estado"
            pt={HIDE_NATIVE_SELECT}
            value={filter.codEstado ?? null}
            options={ESTADOS.map((c) => ({ value: String(c), label: labelEstado(c) }))}
            placeholder={MSG.complianceAllStates}
            showClear
            onChange={(e) => onFilter({ codEstado: (e.value as string | null) ?? undefined })}
            data-testid="items-estado"
          />
        </div>
        <div className="field checkbox-field">
          <Checkbox
            inputId="items-opcionales"
            checked={!!filter.opcionales}
            onChange={(e) => onFilter({ opcionales: !!e.checked })}
          />
          <label htmlFor="items-opcionales">{MSG.complianceIncludeOptional}</label>
        </div>
      </div>
      <DataTable
        value={items}
        loading={loading}
        paginator
        rows={20}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={MSG.listPageReport}
        emptyMessage={MSG.listEmpty}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        className="compliance-items stack-table"
        data-testid="compliance-items"
      >
        <Column
          header={MSG.colModulo}
          body={(i: CumplimientoItem) => MODULOS.find((m) => m.codigo === i.modulo)?.nombre}
        />
        <Column
          header={MSG.colRequisito}
          body={(i: CumplimientoItem) =>
            `${i.requisito.codigo} - ${i.requisito.nombreCorto}${i.requisito.opcional ? '' : ' (*)'}`
          }
        />
        <Column
          header={MSG.colContrato}
          body={(i: CumplimientoItem) =>
            [
              i.contrato && contratoEtiqueta(i.contrato),
              i.periodo?.lapso,
              i.empleado ? `${i.empleado.documento} ${i.empleado.nombre}` : null,
            ]
              .filter(Boolean)
              .join(' · ') || MSG.complianceCompanyLevel
          }
        />
        <Column
          header={MSG.colEstado}
          body={(i: CumplimientoItem) => (
            <span>
              <EstadoLabel codEstado={i.codEstado} estado={i.estado} />
              {i.motivoRechazo && <span className="item-reason">{MSG.rejectionReason(i.motivoRechazo)}</span>}
              {i.renovacion && (
                // The approval in force counts while its renewal awaits review (docs/decisions/164, 170).
                <span className="item-renovacion" data-testid="item-renovacion">
                  {MSG.renovacionPendiente(formatDia(i.vigenciaHasta))}
                </span>
              )}
            </span>
          )}
        />
        <Column
          header={MSG.colFechaCarga}
          body={(i: CumplimientoItem) => (
            <span>
              {formatDateTime(i.cargadoAt)}
              {i.renovacion && (
                <span className="item-renovacion">
                  {MSG.renovacionCargada(formatDateTime(i.renovacion.cargadoAt))}
                </span>
              )}
            </span>
          )}
        />
        <Column header={MSG.colVigencia} body={(i: CumplimientoItem) => formatDia(i.vigenciaHasta)} />
        <Column
          header={MSG.colArchivo}
          body={(i: CumplimientoItem) => (
            <span className="item-actions">
              {i.url && (
                <FileLink url={i.url} className="file-link">
                  <i className="pi pi-file" aria-hidden="true" /> {MSG.fileOpen}
                </FileLink>
              )}
              {(i.renovacion || (i.codEstado === ESTADO.CARGADO && i.entregaId !== null)) && (
                <Link
                  // A pending renewal is what awaits the reviewer, not the approval that counts.
                  to={PATHS.revision({ entrega: String(i.renovacion?.entregaId ?? i.entregaId) })}
                  className="p-button p-button-sm"
                  data-testid="item-review"
                >
                  <i className="pi pi-search" aria-hidden="true" />
                  <span>{MSG.complianceGoReview}</span>
                </Link>
              )}
            </span>
          )}
        />
      </DataTable>
    </>
  );
}
