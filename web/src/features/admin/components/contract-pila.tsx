import '@/components/stack-table.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  contratoEtiqueta,
  formatLapso,
  MSG,
  type CumplimientoDetalleEmpresa,
  type PilaPeriodo,
} from '@proveedores/domain';
import { PilaMatrizTabla } from '@/components/pila/pila-matriz';
import { PilaVeredictoTag } from '@/components/pila/pila-resultado';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { pilaMatrizQueryOptions, pilaPeriodosQueryOptions } from '../api/pila';

type Contrato = CumplimientoDetalleEmpresa['contratos'][number];

function MatrizContrato({ contratoId, titulo }: { contratoId: number; titulo: string }) {
  const query = useQuery(pilaMatrizQueryOptions(contratoId));
  if (query.isPending)
    return (
      <p className="hint" role="status">
        {MSG.loading}
      </p>
    );
  if (query.isError)
    return (
      <p className="notice" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  return (
    <PilaMatrizTabla matriz={query.data} titulo={titulo} archivo={MSG.pilaStaffArchivoMatriz(contratoId)} />
  );
}

/**
 * A contract's PILA for the staff (docs/decisions/128): its reconciled periods (verdict, expected and
 * found workers, errors and warnings) and, on demand, the months x workers matrix with its Excel.
 */
export function ContractPila({ contrato }: { contrato: Contrato & { contratoId: number } }) {
  const [matriz, setMatriz] = useState(false);
  const periodos = useQuery(pilaPeriodosQueryOptions(contrato.contratoId));
  const etiqueta = contratoEtiqueta(contrato);
  const titulo = MSG.pilaStaffMatrizTitulo(etiqueta);
  const matrizId = `pila-matriz-${contrato.contratoId}`;
  return (
    <article className="contract-card" data-testid={`contract-pila-${contrato.contratoId}`}>
      <header className="contract-card-header">
        <div>
          <h3>{etiqueta}</h3>
          <p className="hint">{contrato.descripcion}</p>
        </div>
        <Button
          type="button"
          icon={`pi ${matriz ? 'pi-chevron-up' : 'pi-table'}`}
          label={MSG.pilaStaffVerMatriz}
          outlined
          size="small"
          aria-expanded={matriz}
          aria-controls={matrizId}
          onClick={() => setMatriz((v) => !v)}
          data-testid="pila-ver-matriz"
        />
      </header>
      {periodos.isError && (
        <p className="notice" role="alert">
          {errorMessage(periodos.error)}
        </p>
      )}
      <DataTable
        value={periodos.data ?? []}
        loading={periodos.isPending}
        emptyMessage={MSG.pilaStaffSinPeriodos}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        size="small"
        className="stack-table"
        aria-label={MSG.pilaStaffPeriodos}
        data-testid="pila-periodos"
      >
        <Column header={MSG.pilaStaffColPeriodo} body={(p: PilaPeriodo) => formatLapso(p.ano, p.mes)} />
        <Column
          header={MSG.pilaStaffVeredicto}
          body={(p: PilaPeriodo) => <PilaVeredictoTag veredicto={p.veredicto} />}
        />
        <Column header={MSG.pilaStaffEsperados} field="esperados" />
        <Column header={MSG.pilaStaffEncontrados} field="encontrados" />
        <Column header={MSG.pilaStaffColErrores} field="errores" />
        <Column header={MSG.pilaStaffColAdvertencias} field="advertencias" />
        <Column header={MSG.pilaStaffColCargada} body={(p: PilaPeriodo) => formatDateTime(p.cargadoAt)} />
      </DataTable>
      <div id={matrizId} hidden={!matriz}>
        {matriz && (
          <>
            <h4 className="pila-matriz-titulo">{titulo}</h4>
            <MatrizContrato contratoId={contrato.contratoId} titulo={titulo} />
          </>
        )}
      </div>
    </article>
  );
}
