import '@/components/stack-table.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  formatLapso,
  MSG,
  type PilaMatriz,
  type PilaPeriodo,
  PILA_STAFF_MSG,
  PILA_WEB_MSG,
} from '@proveedores/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { PilaMatrizTabla } from './pila-matriz';
import { PilaVeredictoTag } from './pila-resultado';

/**
 * A contract's reconciled PILA periods (docs/decisions/128), for the contractor (under R03) and the
 * staff (compliance view): period, verdict, expected and found workers, errors, warnings, upload
 * time, and a link to each result when `onVer` is given. Data from the caller's query.
 */
export function PilaPeriodosTabla({
  periodos,
  etiqueta,
  onVer,
}: {
  periodos: UseQueryResult<PilaPeriodo[]>;
  etiqueta: string;
  onVer?: (p: { ano: number; mes: number }) => void;
}) {
  return (
    <>
      {periodos.isError && (
        <p className="notice" role="alert">
          {errorMessage(periodos.error)}
        </p>
      )}
      <DataTable
        value={periodos.data ?? []}
        loading={periodos.isPending}
        emptyMessage={PILA_STAFF_MSG.pilaStaffSinPeriodos}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        size="small"
        className="stack-table"
        aria-label={etiqueta}
        data-testid="pila-periodos"
      >
        <Column
          header={PILA_STAFF_MSG.pilaStaffColPeriodo}
          body={(p: PilaPeriodo) => formatLapso(p.ano, p.mes)}
        />
        <Column
          header={PILA_STAFF_MSG.pilaStaffVeredicto}
          body={(p: PilaPeriodo) => <PilaVeredictoTag veredicto={p.veredicto} />}
        />
        <Column header={PILA_STAFF_MSG.pilaStaffEsperados} field="esperados" />
        <Column header={PILA_STAFF_MSG.pilaStaffEncontrados} field="encontrados" />
        <Column header={PILA_STAFF_MSG.pilaStaffColErrores} field="errores" />
        <Column header={PILA_STAFF_MSG.pilaStaffColAdvertencias} field="advertencias" />
        <Column
          header={PILA_STAFF_MSG.pilaStaffColCargada}
          body={(p: PilaPeriodo) => formatDateTime(p.cargadoAt)}
        />
        {onVer && (
          <Column
            header={<span className="sr-only">{MSG.colAccion}</span>}
            body={(p: PilaPeriodo) => (
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-eye"
                label={PILA_WEB_MSG.pilaWebVer}
                aria-label={PILA_WEB_MSG.pilaWebVerPeriodo(formatLapso(p.ano, p.mes))}
                onClick={() => onVer({ ano: p.ano, mes: p.mes })}
                data-testid="pila-ver-periodo"
              />
            )}
          />
        )}
      </DataTable>
    </>
  );
}

/** The months x workers matrix of the caller's query, with its loading and error states. */
export function PilaMatrizConsulta({
  matriz,
  titulo,
  contratoId,
}: {
  matriz: UseQueryResult<PilaMatriz>;
  titulo: string;
  contratoId: number;
}) {
  if (matriz.isPending)
    return (
      <p className="hint" role="status">
        {MSG.loading}
      </p>
    );
  if (matriz.isError)
    return (
      <p className="notice" role="alert">
        {errorMessage(matriz.error)}
      </p>
    );
  return (
    <PilaMatrizTabla
      matriz={matriz.data}
      titulo={titulo}
      archivo={PILA_STAFF_MSG.pilaStaffArchivoMatriz(contratoId)}
    />
  );
}
