import '../aptitud.css';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  formatDia,
  formatDiaHora,
  MSG,
  ultimoDiaApto,
  type AptitudObra,
  hoyEnColombia,
} from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { ListStatus } from '@/components/upload';
import { alerts } from '@/lib/alerts';
import { PATHS } from '@/lib/paths';
import { toTitleCase } from '@/lib/text';
import {
  aptitudKeys,
  aptitudObraQueryOptions,
  proyectosQueryOptions,
  revocarAutorizacion,
} from '../api/aptitud';
import { AptitudTag } from '../components/aptitud-tag';
import {
  contarObra,
  contratosDe,
  estadoAptitud,
  filtrarObra,
  type FiltroObra,
} from '../components/aptitud-view';
import { AutorizacionDialog } from '../components/autorizacion-dialog';
import { CredencialesPanel } from '@/features/credenciales';
import { descargarExcel } from '@/lib/excel';
import { HorasHombrePanel, RegistrosPorteriaPanel } from '@/features/porteria';
import { useSubmit } from '@/lib/use-submit';

const FILTROS: { value: FiltroObra; label: string }[] = [
  { value: 'todos', label: MSG.obraFiltroTodos },
  { value: 'aptos', label: MSG.obraFiltroAptos },
  { value: 'no_aptos', label: MSG.obraFiltroNoAptos },
  { value: 'dentro', label: MSG.obraFiltroDentro },
];

const estadoTexto = (r: AptitudObra) => {
  const e = estadoAptitud(r);
  return e === 'apto' ? MSG.paginaApto : e === 'no_apto' ? MSG.paginaNoApto : MSG.paginaAutorizado;
};

/**
 * 'Personal en obra' (staff, decision 125): for a project and a day, every contractor's worker with
 * its fitness, reasons, end, whether inside now and the last gate record; filters, counts, Excel; a
 * temporary authorization for a worker who is not apto, and its revocation. Further tabs: man-hours,
 * the day's gate records and the credentials (decision 131).
 */
export function ObraPage() {
  const hoy = hoyEnColombia(new Date());
  const [proyectoid, setProyectoid] = useState<number | null>(null);
  const [fecha, setFecha] = useState<string>(hoy);
  const [contratoid, setContratoid] = useState<number | null>(null);
  const [filtro, setFiltro] = useState<FiltroObra>('todos');
  const [texto, setTexto] = useState('');
  const [autorizar, setAutorizar] = useState<AptitudObra | null>(null);
  const queryClient = useQueryClient();
  const { run } = useSubmit();

  const proyectos = useQuery(proyectosQueryOptions());
  const list = useQuery({ ...aptitudObraQueryOptions(proyectoid ?? 0, fecha), enabled: proyectoid !== null });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const contratos = useMemo(() => contratosDe(rows), [rows]);
  const visibles = useMemo(
    () => filtrarObra(rows, { filtro, texto, contratoid }),
    [rows, filtro, texto, contratoid],
  );
  const cuentas = contarObra(filtrarObra(rows, { filtro: 'todos', texto: '', contratoid }));
  const proyecto = proyectos.data?.find((p) => p.id === proyectoid);

  const reload = () => void queryClient.invalidateQueries({ queryKey: aptitudKeys.all });

  const onRevocar = async (r: AptitudObra) => {
    if (!r.autorizacion) return;
    if (!(await alerts.confirm(MSG.obraRevocarConfirmar(toTitleCase(r.nombre))))) return;
    const id = r.autorizacion.id;
    const done = await run(() => revocarAutorizacion(id), { ok: MSG.obraRevocada });
    if (done) reload();
  };

  const onExcel = () =>
    run(async () => {
      await descargarExcel(
        [
          { header: MSG.obraColContratista, width: 30 },
          { header: MSG.paginaColTrabajador, width: 30 },
          { header: MSG.paginaColDocumento, width: 18 },
          { header: MSG.paginaColEstado, width: 22 },
          { header: MSG.paginaColMotivos, width: 60 },
          { header: MSG.paginaColVence, width: 12 },
          { header: MSG.obraColDentro, width: 10 },
          { header: MSG.obraColUltimoRegistro, width: 18 },
        ],
        visibles.map((r) => [
          `${r.razonSocial} (${r.nit})`,
          toTitleCase(r.nombre),
          `${r.tipodocumento} ${r.numerodocumento}`,
          estadoTexto(r),
          [...r.motivos, ...r.renovaciones].join('\n'),
          formatDia(ultimoDiaApto(r.vence)),
          r.dentro ? MSG.obraDentroSi : MSG.obraDentroNo,
          formatDiaHora(r.ultimoRegistro),
        ]),
        MSG.obraTitulo,
        `personal_en_obra_${proyectoid ?? ''}_${fecha}.xlsx`,
      );
    });

  return (
    <section className="page admin-page obra-page" aria-labelledby="obra-title" data-testid="obra-page">
      <div className="page-header">
        <h1 id="obra-title">{MSG.obraTitulo}</h1>
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm go-home">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      </div>
      <p className="page-intro">{MSG.obraIntro}</p>
      <div className="aptitud-toolbar" role="search">
        <div className="field">
          <label htmlFor="obra-proyecto">{MSG.obraProyecto}</label>
          <Dropdown
            inputId="obra-proyecto"
            pt={HIDE_NATIVE_SELECT}
            value={proyectoid}
            options={(proyectos.data ?? []).map((p) => ({ value: p.id, label: p.descripcion }))}
            placeholder={MSG.obraElijaProyecto}
            ariaLabel={MSG.obraProyecto}
            onChange={(e) => {
              setProyectoid((e.value as number | null) ?? null);
              setContratoid(null);
            }}
            data-testid="obra-proyecto"
          />
        </div>
        <div className="field">
          <label htmlFor="obra-fecha">{MSG.paginaFecha}</label>
          <DayInput
            inputId="obra-fecha"
            value={fecha}
            onChange={(v) => setFecha(v ?? hoy)}
            testId="obra-fecha"
          />
        </div>
        <div className="field">
          <label htmlFor="obra-contrato">{MSG.obraContrato}</label>
          <Dropdown
            inputId="obra-contrato"
            pt={HIDE_NATIVE_SELECT}
            value={contratoid}
            options={contratos}
            placeholder={MSG.obraTodosContratos}
            ariaLabel={MSG.obraContrato}
            showClear
            disabled={contratos.length === 0}
            onChange={(e) => setContratoid((e.value as number | null) ?? null)}
            data-testid="obra-contrato"
          />
        </div>
        <div className="field">
          <label htmlFor="obra-filtro">{MSG.obraFiltroEstado}</label>
          <Dropdown
            inputId="obra-filtro"
            pt={HIDE_NATIVE_SELECT}
            value={filtro}
            options={FILTROS}
            ariaLabel={MSG.obraFiltroEstado}
            onChange={(e) => setFiltro((e.value as FiltroObra | null) ?? 'todos')}
            data-testid="obra-filtro"
          />
        </div>
        <div className="field">
          <label htmlFor="obra-buscar">{MSG.paginaBuscar}</label>
          <InputText
            id="obra-buscar"
            value={texto}
            placeholder={MSG.paginaBuscarPlaceholder}
            onChange={(e) => setTexto(e.target.value)}
            data-testid="obra-buscar"
          />
        </div>
      </div>
      {proyectoid !== null && (
        <TabView className="obra-tabs">
          <TabPanel header={MSG.obraTabPersonal}>
            <div className="aptitud-toolbar obra-resumen">
              <ul
                className="aptitud-cuentas"
                data-testid="obra-cuentas"
                aria-live="polite"
                aria-label={proyecto?.descripcion}
              >
                <li className="cuenta-apto" data-testid="cuenta-aptos">
                  <span>{MSG.obraCuentaAptos}</span>
                  <strong>{cuentas.aptos}</strong>
                </li>
                <li className="cuenta-no-apto" data-testid="cuenta-no-aptos">
                  <span>{MSG.obraCuentaNoAptos}</span>
                  <strong>{cuentas.noAptos}</strong>
                </li>
                <li data-testid="cuenta-dentro">
                  <span>{MSG.obraCuentaDentro}</span>
                  <strong>{cuentas.dentro}</strong>
                </li>
              </ul>
              <div className="aptitud-actions">
                <Button
                  type="button"
                  label={MSG.obraExportarExcel}
                  icon="pi pi-file-excel"
                  size="small"
                  disabled={!list.data}
                  onClick={() => void onExcel()}
                  data-testid="obra-excel"
                />
              </div>
            </div>
            <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
            {list.data && (
              <DataTable
                value={visibles}
                dataKey="empleadoId"
                loading={list.isFetching}
                paginator
                rows={25}
                paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
                currentPageReportTemplate={MSG.listPageReport}
                emptyMessage={MSG.obraSinFilas}
                responsiveLayout="stack"
                breakpoint="820px"
                stripedRows
                className="aptitud-table stack-table"
                data-testid="obra-table"
                aria-label={MSG.obraTabla}
                rowClassName={() => 'obra-row'}
              >
                <Column header={MSG.obraColContratista} body={(r: AptitudObra) => r.razonSocial} />
                <Column
                  header={MSG.paginaColTrabajador}
                  body={(r: AptitudObra) => <span data-testid="obra-nombre">{toTitleCase(r.nombre)}</span>}
                />
                <Column
                  header={MSG.paginaColDocumento}
                  body={(r: AptitudObra) => (
                    <span className="aptitud-doc">{`${r.tipodocumento} ${r.numerodocumento}`}</span>
                  )}
                />
                <Column
                  header={MSG.paginaColEstado}
                  style={{ minWidth: '11rem' }}
                  body={(r: AptitudObra) => (
                    <div className="obra-estado">
                      <AptitudTag row={r} />
                      {r.autorizacion ? (
                        <Button
                          type="button"
                          label={MSG.obraRevocar}
                          icon="pi pi-ban"
                          size="small"
                          severity="danger"
                          outlined
                          onClick={() => void onRevocar(r)}
                          data-testid="obra-revocar"
                        />
                      ) : !r.apto ? (
                        <Button
                          type="button"
                          label={MSG.obraAutorizar}
                          icon="pi pi-clock"
                          size="small"
                          outlined
                          onClick={() => setAutorizar(r)}
                          data-testid="obra-autorizar"
                        />
                      ) : null}
                    </div>
                  )}
                />
                <Column
                  header={MSG.paginaColMotivos}
                  style={{ minWidth: '15rem' }}
                  body={(r: AptitudObra) =>
                    r.motivos.length === 0 && r.renovaciones.length === 0 ? (
                      <span className="aptitud-sin-motivos">{MSG.paginaSinMotivos}</span>
                    ) : (
                      <ul className="aptitud-motivos" data-testid="obra-motivos">
                        {r.motivos.map((m, i) => (
                          <li key={`${i}-${m}`}>
                            <span>{m}</span>
                          </li>
                        ))}
                        {/* Approvals in force whose renewal awaits review (docs/decisions/170). */}
                        {r.renovaciones.map((m) => (
                          <li
                            key={`renovacion-${m}`}
                            className="aptitud-renovacion"
                            data-testid="obra-renovacion"
                          >
                            <span>{m}</span>
                          </li>
                        ))}
                      </ul>
                    )
                  }
                />
                <Column
                  header={MSG.paginaColVence}
                  body={(r: AptitudObra) => formatDia(ultimoDiaApto(r.vence))}
                />
                <Column
                  header={MSG.obraColDentro}
                  body={(r: AptitudObra) => (
                    <span data-testid="obra-dentro">{r.dentro ? MSG.obraDentroSi : MSG.obraDentroNo}</span>
                  )}
                />
                <Column
                  header={MSG.obraColUltimoRegistro}
                  body={(r: AptitudObra) => formatDiaHora(r.ultimoRegistro)}
                />
              </DataTable>
            )}
          </TabPanel>
          <TabPanel header={MSG.obraTabHorasHombre}>
            <HorasHombrePanel proyectoid={proyectoid} fecha={fecha} />
          </TabPanel>
          <TabPanel header={MSG.obraTabRegistros}>
            <RegistrosPorteriaPanel proyectoid={proyectoid} fecha={fecha} />
          </TabPanel>
          <TabPanel header={MSG.obraTabCredenciales}>
            <CredencialesPanel proyectoid={proyectoid} contratoid={contratoid} />
          </TabPanel>
        </TabView>
      )}
      <AutorizacionDialog worker={autorizar} hoy={hoy} onHide={() => setAutorizar(null)} onSaved={reload} />
    </section>
  );
}

export default ObraPage;
