import '@/components/staff/staff.css';
import './autoevaluaciones.css';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import {
  formatDia,
  puntos0312,
  hoyEnColombia,
  type AutoevaluacionesStaffPantalla,
  HABILITACION_MSG,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { descargarExcel } from '@/lib/excel';
import {
  autoevaluacionesStaffQueryOptions,
  autoevaluacionHistorialQueryOptions,
} from '../api/autoevaluaciones';
import { NotasDatos0312 } from '../components/notas-datos-0312';
import { AdminHeader } from '@/components/staff/page-header';
import { Pill } from '@/components/estado/estado-label';

type Fila = AutoevaluacionesStaffPantalla['autoevaluaciones'][number];
type Vencida = AutoevaluacionesStaffPantalla['vencidas'][number];

const estado = (firmada: boolean) => (
  <Pill tono={firmada ? 'aprobado' : 'vencido'}>
    {firmada ? HABILITACION_MSG.habStaffFirmada : HABILITACION_MSG.habStaffBorrador}
  </Pill>
);

/**
 * Staff screen of the Resolución 0312 self-evaluations (docs/decisions/142): the year's latest
 * evaluation of every company, the companies without one, the overdue plan actions, and one company's
 * scores by year. Revisor and administrador.
 */
export function AutoevaluacionesPage() {
  const anoActual = Number(hoyEnColombia(new Date()).slice(0, 4));
  const [ano, setAno] = useState(anoActual);
  const [empresa, setEmpresa] = useState<{ id: number; nombre: string } | null>(null);
  const query = useQuery(autoevaluacionesStaffQueryOptions(ano));
  const historial = useQuery(autoevaluacionHistorialQueryOptions(empresa?.id ?? null));
  useEffect(() => {
    const err = query.error ?? historial.error;
    if (err) void alerts.errorWithDetail(errorMessage(err));
  }, [query.error, historial.error]);
  const anos = [0, 1, 2, 3].map((n) => ({ value: anoActual - n, label: String(anoActual - n) }));
  const data = query.data;

  const exportar = () =>
    descargarExcel(
      [
        { header: HABILITACION_MSG.habStaffEmpresa, width: 40 },
        { header: 'NIT' },
        { header: HABILITACION_MSG.habStaffPuntaje },
        { header: HABILITACION_MSG.habStaffValoracion, width: 26 },
        { header: HABILITACION_MSG.habStaffLista },
        { header: HABILITACION_MSG.habStaffEstado },
        { header: HABILITACION_MSG.habStaffFecha },
        { header: HABILITACION_MSG.habStaffVersion },
        { header: HABILITACION_MSG.habStaffVencidas },
      ],
      [
        ...(data?.autoevaluaciones ?? []).map((f) => [
          f.razonSocial,
          f.nit,
          puntos0312(f.puntaje),
          f.clasificacion,
          HABILITACION_MSG.habStaffListaValor(f.lista),
          f.firmada ? HABILITACION_MSG.habStaffFirmada : HABILITACION_MSG.habStaffBorrador,
          formatDia(f.firmadaAt ?? f.actualizadaAt),
          String(f.version),
          String(f.accionesVencidas),
        ]),
        ...(data?.sinAutoevaluacion ?? []).map((e) => [
          e.razonSocial,
          e.nit,
          '',
          HABILITACION_MSG.habStaffSinAutoevaluacion,
        ]),
      ],
      HABILITACION_MSG.habStaffHoja,
      `autoevaluaciones-0312-${ano}.xlsx`,
      { columnasFijas: 1 },
    );

  const empresaBoton = (id: number, nombre: string, nit: string) => (
    <span>
      <button
        type="button"
        className="ae-staff-empresa"
        aria-label={HABILITACION_MSG.habStaffVerHistorial(nombre)}
        onClick={() => setEmpresa({ id, nombre })}
        data-testid="ae-staff-empresa"
      >
        {nombre}
      </button>
      <span className="company-link-nit">NIT {nit}</span>
    </span>
  );

  return (
    <section className="page admin-page" aria-labelledby="ae-staff-title">
      <AdminHeader id="ae-staff-title" title={HABILITACION_MSG.habStaffTitulo}>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-file-excel"
          label={HABILITACION_MSG.habStaffExcel}
          disabled={!data}
          onClick={() => void exportar()}
          data-testid="ae-staff-excel"
        />
      </AdminHeader>
      <p className="page-intro">{HABILITACION_MSG.habStaffSubtitulo}</p>
      <div className="card">
        <div className="admin-filters">
          <div className="field">
            <label htmlFor="ae-staff-ano">{HABILITACION_MSG.habStaffAno}</label>
            <Dropdown
              inputId="ae-staff-ano"
              pt={HIDE_NATIVE_SELECT}
              value={ano}
              options={anos}
              ariaLabel={HABILITACION_MSG.habStaffAno}
              onChange={(e) => setAno(e.value as number)}
              data-testid="ae-staff-ano"
            />
          </div>
        </div>
        <DataTable
          value={data?.autoevaluaciones ?? []}
          dataKey="empresaid"
          loading={query.isFetching}
          emptyMessage={HABILITACION_MSG.habStaffVacio}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="stack-table"
          data-testid="ae-staff-tabla"
        >
          <Column
            header={HABILITACION_MSG.habStaffEmpresa}
            body={(f: Fila) => empresaBoton(f.empresaid, f.razonSocial, f.nit)}
          />
          <Column
            header={HABILITACION_MSG.habStaffPuntaje}
            body={(f: Fila) => <strong data-testid="ae-staff-puntaje">{puntos0312(f.puntaje)}</strong>}
          />
          <Column field="clasificacion" header={HABILITACION_MSG.habStaffValoracion} />
          <Column
            header={HABILITACION_MSG.habStaffLista}
            body={(f: Fila) => HABILITACION_MSG.habStaffListaValor(f.lista)}
          />
          <Column header={HABILITACION_MSG.habStaffEstado} body={(f: Fila) => estado(f.firmada)} />
          <Column
            header={HABILITACION_MSG.habStaffFecha}
            body={(f: Fila) => formatDia(f.firmadaAt ?? f.actualizadaAt)}
          />
          <Column field="version" header={HABILITACION_MSG.habStaffVersion} />
          <Column field="accionesVencidas" header={HABILITACION_MSG.habStaffVencidas} />
        </DataTable>
      </div>

      <div className="card">
        <h2>{HABILITACION_MSG.habStaffAccionesTitulo}</h2>
        <DataTable
          value={data?.vencidas ?? []}
          emptyMessage={HABILITACION_MSG.habStaffAccionesVacio}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="stack-table"
          data-testid="ae-staff-vencidas"
        >
          <Column field="razonSocial" header={HABILITACION_MSG.habStaffEmpresa} />
          <Column field="codigo" header={HABILITACION_MSG.habStaffItem} />
          <Column field="actividad" header={HABILITACION_MSG.habStaffActividad} />
          <Column field="responsable" header={HABILITACION_MSG.habStaffResponsable} />
          <Column header={HABILITACION_MSG.habStaffPlazo} body={(v: Vencida) => formatDia(v.plazo)} />
          <Column
            header={HABILITACION_MSG.habStaffDiasVencida}
            body={(v: Vencida) => <span data-testid="ae-staff-dias">{v.diasVencida}</span>}
          />
        </DataTable>
      </div>

      <div className="card">
        <h2>{HABILITACION_MSG.habStaffSinAutoevaluacion}</h2>
        {data && data.sinAutoevaluacion.length === 0 ? (
          <p>{HABILITACION_MSG.habStaffSinAutoevaluacionVacio}</p>
        ) : (
          <ul className="ae-staff-sin" data-testid="ae-staff-sin">
            {(data?.sinAutoevaluacion ?? []).map((e) => (
              <li key={e.empresaid}>{empresaBoton(e.empresaid, e.razonSocial, e.nit)}</li>
            ))}
          </ul>
        )}
      </div>

      <Dialog
        visible={empresa !== null}
        onHide={() => setEmpresa(null)}
        header={empresa ? HABILITACION_MSG.habStaffHistorialDe(empresa.nombre) : ''}
        className="brand-dialog"
        style={{ width: 'min(720px, 96vw)' }}
        draggable={false}
        resizable={false}
      >
        <DataTable
          value={historial.data?.versiones ?? []}
          loading={historial.isFetching}
          emptyMessage={HABILITACION_MSG.habStaffHistorialVacio}
          responsiveLayout="stack"
          breakpoint="640px"
          className="stack-table"
          data-testid="ae-staff-historial"
        >
          <Column field="ano" header={HABILITACION_MSG.habStaffAno} />
          <Column field="version" header={HABILITACION_MSG.habStaffVersion} />
          <Column
            header={HABILITACION_MSG.habStaffPuntaje}
            body={(v: { puntaje: number }) => puntos0312(v.puntaje)}
          />
          <Column field="clasificacion" header={HABILITACION_MSG.habStaffValoracion} />
          <Column
            header={HABILITACION_MSG.habStaffEstado}
            body={(v: { firmada: boolean }) => estado(v.firmada)}
          />
          <Column
            header={HABILITACION_MSG.habStaffFecha}
            body={(v: { fecha: string }) => formatDia(v.fecha)}
          />
          <Column field="accionesVencidas" header={HABILITACION_MSG.habStaffVencidas} />
        </DataTable>
      </Dialog>
      <NotasDatos0312 />
    </section>
  );
}
