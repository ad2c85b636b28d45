import '@/components/staff/staff.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  etiquetaClaseRiesgo,
  MSG,
  puntos0312,
  TABLA_MAESTRA_NOMBRES,
  type MaestraAdmin,
  type TablaMaestra,
  HABILITACION_MSG,
} from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { maestraQueryOptions, setMaestraActivo } from '../api/masters';
import { MaestraDialog } from '../components/maestra-dialog';
import { SalariosMinimos } from '../components/salarios-minimos';
import { AdminHeader } from '@/components/staff/page-header';
import { useIsAdmin } from '@/components/staff/use-is-admin';
import { Pill } from '@/components/estado/estado-label';

const TAB_LABELS: Record<TablaMaestra, string> = {
  proyectos: MSG.maestraTabProyectos,
  'tipos-contrato': MSG.maestraTabTiposContrato,
  actividades: MSG.maestraTabActividades,
  regionales: MSG.maestraTabRegionales,
  cargos: MSG.maestraTabCargos,
};
/** The tab of the SMMLV per year (not a master table: keyed by year, docs/decisions/132). */
const SALARIOS = 'salarios-minimos';
const yesNo = (b: boolean | undefined) => (b ? MSG.listYes : MSG.listNo);

/** admin/maestras/{tabla}: projects, contract types, activities (risk flags), regionales, positions. */
export function MastersPage() {
  const { tabla: param } = useParams();
  const [params, setParams] = useSearchParams();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const salarios = param === SALARIOS;
  const tabla = (param ?? 'proyectos') as TablaMaestra;
  const retirados = params.get('retirados') === 'true';
  const query = useQuery({
    ...maestraQueryOptions(tabla, retirados),
    enabled: !salarios && (TABLA_MAESTRA_NOMBRES as string[]).includes(tabla),
  });
  const [editing, setEditing] = useState<{ item: MaestraAdmin | null } | null>(null);

  if (!salarios && !(TABLA_MAESTRA_NOMBRES as string[]).includes(tabla))
    return <Navigate to={PATHS.adminMaestras()} replace />;

  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'maestras'] });
  const toggle = async (item: MaestraAdmin) => {
    if (item.activo) {
      const ok = await alerts.confirm(MSG.maestraRetireConfirm(item.descripcion), {
        title: MSG.maestraRetire,
        confirmText: MSG.maestraRetire,
        cancelText: MSG.adminCancel,
      });
      if (!ok) return;
    }
    try {
      const res = await setMaestraActivo(tabla, item.id, !item.activo);
      showToast({ severity: 'success', summary: MSG.maestrasTitle, detail: res.message });
      void reload();
    } catch (err) {
      void alerts.error(errorMessage(err));
    }
  };

  return (
    <section className="page admin-page" aria-labelledby="masters-title">
      <AdminHeader id="masters-title" title={MSG.maestrasTitle} />
      <p className="page-intro">{MSG.maestrasIntro}</p>
      {!isAdmin && (
        <p className="notice" role="status">
          {MSG.adminReadOnly}
        </p>
      )}
      <nav className="master-tabs" aria-label={MSG.maestrasTitle}>
        {TABLA_MAESTRA_NOMBRES.map((t) => (
          <Link
            key={t}
            to={PATHS.adminMaestras(t)}
            className={`master-tab ${t === tabla ? 'active' : ''}`}
            aria-current={t === tabla ? 'page' : undefined}
            data-testid={`tab-${t}`}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
        <Link
          to={PATHS.adminMaestras(SALARIOS)}
          className={`master-tab ${salarios ? 'active' : ''}`}
          aria-current={salarios ? 'page' : undefined}
          data-testid={`tab-${SALARIOS}`}
        >
          {MSG.maestraTabSalarios}
        </Link>
      </nav>
      {salarios ? (
        <SalariosMinimos isAdmin={isAdmin} />
      ) : (
        <div className="card">
          <div className="master-toolbar">
            <span className="checkbox-field">
              <Checkbox
                inputId="maestra-retirados"
                checked={retirados}
                onChange={(e) => setParams(e.checked ? { retirados: 'true' } : {}, { replace: true })}
              />
              <label htmlFor="maestra-retirados">{MSG.maestraShowRetired}</label>
            </span>
            {isAdmin && (
              <Button
                type="button"
                label={MSG.maestraNew}
                icon="pi pi-plus"
                size="small"
                onClick={() => setEditing({ item: null })}
                data-testid="maestra-new"
              />
            )}
          </div>
          <DataTable
            value={query.data ?? []}
            dataKey="id"
            loading={query.isFetching}
            paginator
            rows={20}
            paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
            currentPageReportTemplate={MSG.listPageReport}
            emptyMessage={MSG.listEmpty}
            responsiveLayout="stack"
            breakpoint="820px"
            stripedRows
            sortField="descripcion"
            sortOrder={1}
            rowClassName={(r: MaestraAdmin) => (r.activo ? '' : 'row-retired')}
            className="stack-table"
            data-testid="maestras-table"
          >
            <Column field="descripcion" header={MSG.colDescripcion} sortable />
            {tabla === 'proyectos' && <Column field="regional" header={MSG.colRegional} sortable />}
            {tabla === 'proyectos' && <Column field="ciudad" header={MSG.colCiudad} sortable />}
            {tabla === 'actividades' && (
              <Column header={MSG.colAlturas} body={(r: MaestraAdmin) => yesNo(r.alturas)} />
            )}
            {tabla === 'actividades' && (
              <Column
                header={MSG.colEspaciosConfinados}
                body={(r: MaestraAdmin) => yesNo(r.espaciosConfinados)}
              />
            )}
            {tabla === 'actividades' && (
              <Column header={MSG.colFlota} body={(r: MaestraAdmin) => yesNo(r.flota)} />
            )}
            {tabla === 'actividades' && (
              <Column
                field="claseRiesgo"
                header={MSG.colClaseRiesgo}
                sortable
                body={(r: MaestraAdmin) => etiquetaClaseRiesgo(r.claseRiesgo)}
              />
            )}
            {tabla === 'tipos-contrato' && (
              <Column
                field="puntajeMinimo0312"
                header={HABILITACION_MSG.habMinimoColumna}
                sortable
                body={(r: MaestraAdmin) =>
                  r.puntajeMinimo0312 == null
                    ? HABILITACION_MSG.habSinMinimo
                    : puntos0312(r.puntajeMinimo0312)
                }
              />
            )}
            <Column field="usos" header={MSG.colUsos} sortable />
            <Column
              header={MSG.colActivo}
              body={(r: MaestraAdmin) => (
                <Pill tono={r.activo ? 'aprobado' : 'rechazado'}>
                  {r.activo ? MSG.requisitoEstadoActivo : MSG.requisitoEstadoRetirado}
                </Pill>
              )}
            />
            {isAdmin && (
              <Column
                header={MSG.colAcciones}
                body={(r: MaestraAdmin) => (
                  <span className="row-actions">
                    <Button
                      type="button"
                      icon="pi pi-pencil"
                      rounded
                      text
                      aria-label={`${MSG.actionEdit}: ${r.descripcion}`}
                      title={MSG.actionEdit}
                      onClick={() => setEditing({ item: r })}
                    />
                    <Button
                      type="button"
                      icon={r.activo ? 'pi pi-ban' : 'pi pi-check-circle'}
                      rounded
                      text
                      severity={r.activo ? 'danger' : undefined}
                      aria-label={`${r.activo ? MSG.maestraRetire : MSG.maestraActivate}: ${r.descripcion}`}
                      title={r.activo ? MSG.maestraRetire : MSG.maestraActivate}
                      onClick={() => void toggle(r)}
                    />
                  </span>
                )}
              />
            )}
          </DataTable>
        </div>
      )}
      {editing && (
        <MaestraDialog
          key={`${tabla}-${editing.item?.id ?? 'new'}`}
          tabla={tabla}
          item={editing.item}
          visible
          onHide={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            showToast({ severity: 'success', summary: MSG.maestrasTitle, detail: message });
            void reload();
          }}
        />
      )}
    </section>
  );
}
