import '../admin.css';
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
  MSG,
  puntos0312,
  todayInColombia,
  type AutoevaluacionesStaffPantalla,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { descargarExcel } from '@/lib/excel';
import {
  autoevaluacionesStaffQueryOptions,
  autoevaluacionHistorialQueryOptions,
} from '../api/autoevaluaciones';
import { AdminHeader } from '../components/page-header';

type Fila = AutoevaluacionesStaffPantalla['autoevaluaciones'][number];
type Vencida = AutoevaluacionesStaffPantalla['vencidas'][number];

const estado = (firmada: boolean) => (
  <span className={`staff-estado ${firmada ? 'aprobado' : 'vencido'}`}>
    {firmada ? MSG.habStaffFirmada : MSG.habStaffBorrador}
  </span>
);

/**
 * Staff screen of the Resolución 0312 self-evaluations (docs/decisions/142): the year's latest
 * evaluation of every company, the companies without one, the overdue plan actions, and one company's
 * scores by year. Revisor and administrador.
 */
export function AutoevaluacionesPage() {
  const anoActual = Number(todayInColombia(new Date()).slice(0, 4));
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
        { header: MSG.habStaffEmpresa, width: 40 },
        { header: 'NIT' },
        { header: MSG.habStaffPuntaje },
        { header: MSG.habStaffValoracion, width: 26 },
        { header: MSG.habStaffLista },
        { header: MSG.habStaffEstado },
        { header: MSG.habStaffFecha },
        { header: MSG.habStaffVersion },
        { header: MSG.habStaffVencidas },
      ],
      [
        ...(data?.autoevaluaciones ?? []).map((f) => [
          f.razonSocial,
          f.nit,
          puntos0312(f.puntaje),
          f.clasificacion,
          MSG.habStaffListaValor(f.lista),
          f.firmada ? MSG.habStaffFirmada : MSG.habStaffBorrador,
          formatDia(f.firmadaAt ?? f.actualizadaAt),
          String(f.version),
          String(f.accionesVencidas),
        ]),
        ...(data?.sinAutoevaluacion ?? []).map((e) => [
          e.razonSocial,
          e.nit,
          '',
          MSG.habStaffSinAutoevaluacion,
        ]),
      ],
      MSG.habStaffHoja,
      `autoevaluaciones-0312-${ano}.xlsx`,
      { columnasFijas: 1 },
    );

  const empresaBoton = (id: number, nombre: string, nit: string) => (
    <span>
      <button
        type="button"
        className="ae-staff-empresa"
        aria-label={MSG.habStaffVerHistorial(nombre)}
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
      <AdminHeader id="ae-staff-title" title={MSG.habStaffTitulo}>
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-file-excel"
          label={MSG.habStaffExcel}
          disabled={!data}
          onClick={() => void exportar()}
          data-testid="ae-staff-excel"
        />
      </AdminHeader>
      <p className="page-intro">{MSG.habStaffSubtitulo}</p>
      <div className="card">
        <div className="admin-filters">
          <div className="field">
            <label htmlFor="ae-staff-ano">{MSG.habStaffAno}</label>
            <Dropdown
              inputId="ae-staff-ano"
              pt={HIDE_NATIVE_SELECT}
              value={ano}
              options={anos}
              ariaLabel={MSG.habStaffAno}
              onChange={(e) => setAno(e.value as number)}
              data-testid="ae-staff-ano"
            />
          </div>
        </div>
        <DataTable
          value={data?.autoevaluaciones ?? []}
          dataKey="empresaid"
          loading={query.isFetching}
          emptyMessage={MSG.habStaffVacio}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="stack-table"
          data-testid="ae-staff-tabla"
        >
          <Column
            header={MSG.habStaffEmpresa}
            body={(f: Fila) => empresaBoton(f.empresaid, f.razonSocial, f.nit)}
          />
          <Column
            header={MSG.habStaffPuntaje}
            body={(f: Fila) => <strong data-testid="ae-staff-puntaje">{puntos0312(f.puntaje)}</strong>}
          />
          <Column field="clasificacion" header={MSG.habStaffValoracion} />
          <Column header={MSG.habStaffLista} body={(f: Fila) => MSG.habStaffListaValor(f.lista)} />
          <Column header={MSG.habStaffEstado} body={(f: Fila) => estado(f.firmada)} />
          <Column header={MSG.habStaffFecha} body={(f: Fila) => formatDia(f.firmadaAt ?? f.actualizadaAt)} />
          <Column field="version" header={MSG.habStaffVersion} />
          <Column field="accionesVencidas" header={MSG.habStaffVencidas} />
        </DataTable>
      </div>

      <div className="card">
        <h2>{MSG.habStaffAccionesTitulo}</h2>
        <DataTable
          value={data?.vencidas ?? []}
          emptyMessage={MSG.habStaffAccionesVacio}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="stack-table"
          data-testid="ae-staff-vencidas"
        >
          <Column field="razonSocial" header={MSG.habStaffEmpresa} />
          <Column field="codigo" header={MSG.habStaffItem} />
          <Column field="actividad" header={MSG.habStaffActividad} />
          <Column field="responsable" header={MSG.habStaffResponsable} />
          <Column header={MSG.habStaffPlazo} body={(v: Vencida) => formatDia(v.plazo)} />
          <Column
            header={MSG.habStaffDiasVencida}
            body={(v: Vencida) => <span data-testid="ae-staff-dias">{v.diasVencida}</span>}
          />
        </DataTable>
      </div>

      <div className="card">
        <h2>{MSG.habStaffSinAutoevaluacion}</h2>
        {data && data.sinAutoevaluacion.length === 0 ? (
          <p>{MSG.habStaffSinAutoevaluacionVacio}</p>
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
        header={empresa ? MSG.habStaffHistorialDe(empresa.nombre) : ''}
        className="brand-dialog"
        style={{ width: 'min(720px, 96vw)' }}
        draggable={false}
        resizable={false}
      >
        <DataTable
          value={historial.data?.versiones ?? []}
          loading={historial.isFetching}
          emptyMessage={MSG.habStaffHistorialVacio}
          responsiveLayout="stack"
          breakpoint="640px"
          className="stack-table"
          data-testid="ae-staff-historial"
        >
          <Column field="ano" header={MSG.habStaffAno} />
          <Column field="version" header={MSG.habStaffVersion} />
          <Column header={MSG.habStaffPuntaje} body={(v: { puntaje: number }) => puntos0312(v.puntaje)} />
          <Column field="clasificacion" header={MSG.habStaffValoracion} />
          <Column header={MSG.habStaffEstado} body={(v: { firmada: boolean }) => estado(v.firmada)} />
          <Column header={MSG.habStaffFecha} body={(v: { fecha: string }) => formatDia(v.fecha)} />
          <Column field="accionesVencidas" header={MSG.habStaffVencidas} />
        </DataTable>
      </Dialog>
    </section>
  );
}
