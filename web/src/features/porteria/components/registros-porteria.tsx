import '@/components/staff/porteria-staff.css';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { esMarcaAlerta, formatDia, formatDiaHora, MSG } from '@proveedores/domain';
import type { RegistroDia } from '@proveedores/domain/porteria/staff';
import { ListStatus } from '@/components/upload';
import { toTitleCase } from '@/lib/text';
import { registrosDiaQueryOptions } from '../api/staff';
import { descargarExcel } from '@/lib/excel';
import { useSubmit } from '@/lib/use-submit';

/** The Colombian 'HH:MM' of a record's instant. */
export const horaDe = (at: string) => formatDiaHora(at).split(' ')[1] ?? '';
const marcaTexto = (m: string) => MSG.registrosMarca[m] ?? m;
const tipoTexto = (r: RegistroDia) => (r.tipo === 'entrada' ? MSG.registrosEntrada : MSG.registrosSalida);
const trabajadorTexto = (r: RegistroDia) => (r.nombre ? toTitleCase(r.nombre) : MSG.gateUnknownWorker);
const documentoTexto = (r: RegistroDia) =>
  r.tipodocumento && r.numerodocumento ? `${r.tipodocumento} ${r.numerodocumento}` : '';
const contratistaTexto = (r: RegistroDia) => (r.razonSocial ? `${r.razonSocial} (${r.nit})` : '');
/** 'Apto', or 'No apto' with the reasons the gate showed. */
const verificacionTexto = (r: RegistroDia) =>
  r.apto === null
    ? MSG.registrosSinVerificacion
    : r.apto
      ? MSG.registrosApto
      : [MSG.registrosNoApto, ...r.motivos].join('\n');

/**
 * 'Registros de portería' (decision 131): every entry and exit the gate stored for the project on
 * the chosen Colombian day, newest first, one row per record, with its flags and an Excel export.
 */
export function RegistrosPorteriaPanel({ proyectoid, fecha }: { proyectoid: number; fecha: string }) {
  const query = useQuery(registrosDiaQueryOptions(proyectoid, fecha));
  const rows = query.data?.registros ?? [];
  const { run } = useSubmit();

  const onExcel = () =>
    run(async () => {
      await descargarExcel(
        [
          { header: MSG.registrosColHora, width: 8 },
          { header: MSG.paginaColTrabajador, width: 30 },
          { header: MSG.paginaColDocumento, width: 18 },
          { header: MSG.obraColContratista, width: 34 },
          { header: MSG.registrosColTipo, width: 10 },
          { header: MSG.registrosColVerificacion, width: 50 },
          { header: MSG.registrosColGuardia, width: 24 },
          { header: MSG.registrosColMarcas, width: 30 },
        ],
        rows.map((r) => [
          horaDe(r.at),
          trabajadorTexto(r),
          documentoTexto(r),
          contratistaTexto(r),
          tipoTexto(r),
          verificacionTexto(r),
          toTitleCase(r.guardia),
          [
            ...r.flags.map(marcaTexto),
            ...(r.motivoExcepcion ? [MSG.registrosMotivoExcepcion(r.motivoExcepcion)] : []),
          ].join(', '),
        ]),
        MSG.obraTabRegistros,
        `registros_porteria_${proyectoid}_${fecha}.xlsx`,
      );
    });

  return (
    <div data-testid="registros-porteria">
      <div className="aptitud-toolbar">
        <p className="hint" aria-live="polite" data-testid="registros-resumen">
          {query.data ? MSG.registrosDelDia(rows.length, formatDia(fecha)) : ''}
          {query.data && (query.data.ingresosNoAptos > 0 || query.data.alertas > 0) && (
            <>
              {' · '}
              <span className="registro-resumen-alerta" data-testid="registros-alertas">
                {MSG.registrosResumenAlertas(query.data.ingresosNoAptos, query.data.alertas)}
              </span>
            </>
          )}
        </p>
        <div className="aptitud-actions">
          <Button
            type="button"
            label={MSG.obraExportarExcel}
            icon="pi pi-file-excel"
            size="small"
            disabled={rows.length === 0}
            onClick={() => void onExcel()}
            data-testid="registros-excel"
          />
        </div>
      </div>
      <ListStatus isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <DataTable
          value={rows}
          dataKey="id"
          loading={query.isFetching}
          paginator={rows.length > 50}
          rows={50}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={MSG.listPageReport}
          emptyMessage={MSG.registrosSinFilas}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="aptitud-table stack-table"
          aria-label={MSG.registrosTabla}
          data-testid="registros-table"
          rowClassName={() => 'registro-row'}
        >
          <Column
            header={MSG.registrosColHora}
            body={(r: RegistroDia) => <time dateTime={r.at}>{horaDe(r.at)}</time>}
          />
          <Column
            header={MSG.paginaColTrabajador}
            body={(r: RegistroDia) => <span data-testid="registro-nombre">{trabajadorTexto(r)}</span>}
          />
          <Column
            header={MSG.paginaColDocumento}
            body={(r: RegistroDia) => <span className="aptitud-doc">{documentoTexto(r)}</span>}
          />
          <Column header={MSG.obraColContratista} body={contratistaTexto} />
          <Column
            header={MSG.registrosColTipo}
            body={(r: RegistroDia) => (
              <span className={`registro-tipo registro-tipo--${r.tipo}`} data-testid="registro-tipo">
                <i
                  className={`pi ${r.tipo === 'entrada' ? 'pi-sign-in' : 'pi-sign-out'}`}
                  aria-hidden="true"
                />
                {tipoTexto(r)}
              </span>
            )}
          />
          <Column
            header={MSG.registrosColVerificacion}
            style={{ minWidth: '12rem' }}
            body={(r: RegistroDia) =>
              r.apto === false ? (
                <div className="aptitud-estado" data-testid="registro-verificacion">
                  <span className="aptitud-tag aptitud-tag--no_apto">{MSG.registrosNoApto}</span>
                  {r.motivos.length > 0 && (
                    <ul className="aptitud-motivos">
                      {r.motivos.map((m, i) => (
                        <li key={`${i}-${m}`}>
                          <span>{m}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : (
                <span
                  className={r.apto ? 'aptitud-tag aptitud-tag--apto' : 'aptitud-sin-motivos'}
                  data-testid="registro-verificacion"
                >
                  {r.apto ? MSG.registrosApto : MSG.registrosSinVerificacion}
                </span>
              )
            }
          />
          <Column header={MSG.registrosColGuardia} body={(r: RegistroDia) => toTitleCase(r.guardia)} />
          <Column
            header={MSG.registrosColMarcas}
            body={(r: RegistroDia) =>
              r.flags.length === 0 ? null : (
                <ul className="registro-marcas" data-testid="registro-marcas">
                  {r.flags.map((m) => (
                    <li
                      key={m}
                      className={`registro-marca${esMarcaAlerta(m) ? ' registro-marca--alerta' : ''}`}
                    >
                      {marcaTexto(m)}
                    </li>
                  ))}
                  {r.motivoExcepcion && (
                    <li className="registro-marca registro-marca--alerta" data-testid="registro-excepcion">
                      {MSG.registrosMotivoExcepcion(r.motivoExcepcion)}
                    </li>
                  )}
                </ul>
              )
            }
          />
        </DataTable>
      )}
    </div>
  );
}
