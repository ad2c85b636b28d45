import './pila-contratista.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { PILA_WEB_MSG } from '@proveedores/domain';
import { PilaMatrizConsulta, PilaPeriodosTabla } from '@/components/pila/pila-periodos';
import { contractLabel } from '@/components/upload';
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
      <PilaPeriodosTabla periodos={periodos} etiqueta={titulo} onVer={onVer} />
    </section>
  );
}

function MatrizContrato({ contratoid, titulo }: { contratoid: number; titulo: string }) {
  const matriz = useQuery(pilaMatrizQueryOptions(contratoid));
  return <PilaMatrizConsulta matriz={matriz} titulo={titulo} contratoId={contratoid} />;
}

/** 'Matriz PILA' on 'Gestión del Riesgo': a button opening the chosen contract's months x workers matrix. */
export function PilaMatrizBoton({ contract }: { contract: StoredContract }) {
  const [abierta, setAbierta] = useState(false);
  const titulo = PILA_WEB_MSG.pilaWebMatrizTitulo(contractLabel(contract));
  return (
    <>
      <div className="pila-matriz-accion">
        <Button
          type="button"
          icon="pi pi-table"
          label={PILA_WEB_MSG.pilaWebMatriz}
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
