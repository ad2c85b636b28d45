import './pila-contratista.css';
import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MSG, PILA_WEB_MSG } from '@proveedores/domain';
import { contractLabel } from '@/components/upload';
import type { StoredContract } from '@/lib/session';

// The matrix (a DataTable and the workbook export) loads when first opened (docs/decisions/146).
const MatrizContrato = lazy(async () => ({
  default: (await import('./pila-matriz-contrato')).MatrizContrato,
}));

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
        <Suspense
          fallback={
            <p className="hint" role="status">
              {MSG.loading}
            </p>
          }
        >
          {abierta && <MatrizContrato contratoid={contract.id} titulo={titulo} />}
        </Suspense>
      </Dialog>
    </>
  );
}
