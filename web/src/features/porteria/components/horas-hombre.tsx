import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatLapso, MSG, type HorasHombreFila } from '@proveedores/domain';
import { ListStatus } from '@/components/upload';
import { horasHombreObraQueryOptions } from '../api/staff';
import { descargarExcel } from '@/lib/excel';
import { useSubmit } from '@/lib/use-submit';

/** The month of an ISO day, and its name ('Noviembre 2026'). */
export function mesDe(iso: string): { ano: number; mes: number; nombre: string } {
  const [ano, mes] = iso.split('-').map(Number) as [number, number];
  return { ano, mes, nombre: formatLapso(ano, mes) };
}

const horasTexto = (h: number) => h.toLocaleString('es-CO', { maximumFractionDigits: 2 });

/** Man-hours of the month per contractor at the project (gate records; decision 123), with Excel. */
export function HorasHombrePanel({ proyectoid, fecha }: { proyectoid: number; fecha: string }) {
  const { ano, mes, nombre } = mesDe(fecha);
  const query = useQuery(horasHombreObraQueryOptions(proyectoid, ano, mes));
  const rows = query.data ?? [];
  const total = rows.reduce((s, r) => s + r.horas, 0);
  const { run } = useSubmit();

  const onExcel = () =>
    run(async () => {
      await descargarExcel(
        [
          { header: MSG.obraColContratista, width: 34 },
          { header: 'NIT', width: 14 },
          { header: MSG.obraHorasMes, width: 10 },
          { header: MSG.obraHorasColTrabajadores, width: 14 },
          { header: MSG.obraHorasColDias, width: 16 },
          { header: MSG.obraHorasColSinSalida, width: 16 },
          { header: MSG.obraHorasColHoras, width: 14 },
        ],
        rows.map((r) => [
          r.razonSocial,
          r.nit,
          `${r.ano}-${String(r.mes).padStart(2, '0')}`,
          String(r.trabajadores),
          String(r.dias),
          String(r.diasSinSalida),
          horasTexto(r.horas),
        ]),
        MSG.obraTabHorasHombre,
        `horas_hombre_${proyectoid}_${ano}-${String(mes).padStart(2, '0')}.xlsx`,
      );
    });

  return (
    <div data-testid="horas-hombre">
      <div className="aptitud-toolbar">
        <p className="hint">{MSG.obraHorasMesDe(nombre)}</p>
        <div className="aptitud-actions">
          <Button
            type="button"
            label={MSG.obraExportarExcel}
            icon="pi pi-file-excel"
            size="small"
            disabled={rows.length === 0}
            onClick={() => void onExcel()}
            data-testid="horas-excel"
          />
        </div>
      </div>
      <ListStatus isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <DataTable
          value={rows}
          dataKey="nit"
          emptyMessage={MSG.obraHorasSinDatos}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="aptitud-table stack-table"
          aria-label={MSG.obraHorasTabla}
          data-testid="horas-table"
          rowClassName={() => 'horas-row'}
        >
          <Column
            header={MSG.obraColContratista}
            body={(r: HorasHombreFila) => `${r.razonSocial} (${r.nit})`}
          />
          <Column header={MSG.obraHorasColTrabajadores} field="trabajadores" />
          <Column header={MSG.obraHorasColDias} field="dias" />
          <Column header={MSG.obraHorasColSinSalida} field="diasSinSalida" />
          <Column
            header={MSG.obraHorasColHoras}
            body={(r: HorasHombreFila) => <span data-testid="horas-valor">{horasTexto(r.horas)}</span>}
            footer={rows.length > 1 ? `${MSG.obraHorasTotal}: ${horasTexto(total)}` : undefined}
          />
        </DataTable>
      )}
    </div>
  );
}
