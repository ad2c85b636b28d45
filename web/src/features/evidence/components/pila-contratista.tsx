import './pila-contratista.css';
import '@/components/stack-table.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { formatLapso, MSG, type PilaPeriodo } from '@proveedores/domain';
import { PilaMatrizTabla } from '@/components/pila/pila-matriz';
import { PilaVeredictoTag } from '@/components/pila/pila-resultado';
import { contractLabel } from '@/components/upload';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import type { StoredContract } from '@/lib/session';
import { pilaMatrizQueryOptions, pilaPeriodosQueryOptions } from '../api/pila';

/**
 * Under R03 ('PILA de todos los períodos de ejecución') in 'Retenidos': the contract's reconciled
 * periods (GET /api/contratista/pila/periodos, docs/decisions/128) with a link to each result.
 */
export function PilaPeriodosR03({
  contratoid,
  titulo,
  onVer,
}: {
  contratoid: number;
  titulo: string;
  onVer: (p: { ano: number; mes: number }) => void;
}) {
  const periodos = useQuery(pilaPeriodosQueryOptions(contratoid));
  return (
    <section className="pila-r03" aria-labelledby="pila-r03-titulo" data-testid="pila-r03">
      <h2 id="pila-r03-titulo" className="pila-titulo">
        {titulo}
      </h2>
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
        aria-label={titulo}
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
        <Column
          header={<span className="sr-only">{MSG.colAccion}</span>}
          body={(p: PilaPeriodo) => (
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-eye"
              label={MSG.pilaWebVer}
              aria-label={MSG.pilaWebVerPeriodo(formatLapso(p.ano, p.mes))}
              onClick={() => onVer({ ano: p.ano, mes: p.mes })}
              data-testid="pila-ver-periodo"
            />
          )}
        />
      </DataTable>
    </section>
  );
}

function MatrizContrato({ contratoid, titulo }: { contratoid: number; titulo: string }) {
  const query = useQuery(pilaMatrizQueryOptions(contratoid));
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
    <PilaMatrizTabla matriz={query.data} titulo={titulo} archivo={MSG.pilaStaffArchivoMatriz(contratoid)} />
  );
}

/** 'Matriz PILA' on 'Gestión del Riesgo': a button opening the chosen contract's months x workers matrix. */
export function PilaMatrizBoton({ contract }: { contract: StoredContract }) {
  const [abierta, setAbierta] = useState(false);
  const titulo = MSG.pilaWebMatrizTitulo(contractLabel(contract));
  return (
    <>
      <div className="pila-matriz-accion">
        <Button
          type="button"
          icon="pi pi-table"
          label={MSG.pilaWebMatriz}
          outlined
          size="small"
          onClick={() => setAbierta(true)}
          data-testid="pila-abrir-matriz"
        />
      </div>
      <Dialog
        header={titulo}
        // The content scrolls on a phone: keyboard users reach it (axe scrollable-region-focusable).
        pt={{ content: { tabIndex: 0, role: 'region', 'aria-label': titulo } }}
        visible={abierta}
        onHide={() => setAbierta(false)}
        className="brand-dialog evidence-dialog pila-dialog"
        style={{ width: '64rem' }}
        breakpoints={{ '1000px': '100vw' }}
        draggable={false}
        resizable={false}
        dismissableMask
        blockScroll
        data-testid="pila-matriz-dialog"
      >
        {abierta && <MatrizContrato contratoid={contract.id} titulo={titulo} />}
      </Dialog>
    </>
  );
}
