import './pila-contratista.css';
import { lazy, Suspense } from 'react';
import { Dialog } from 'primereact/dialog';
import { formatLapso, MSG, PILA_WEB_MSG } from '@proveedores/domain';

/** Which dialog is open: upload ('conciliar') or read the stored one ('ver') of a period. */
export type PilaDialogoAbierto = { modo: 'conciliar' | 'ver'; ano: number; mes: number };

// The bodies (upload form, result table) load when the dialog first opens (docs/decisions/146).
const body = () => import('./pila-dialog-body');
const ConciliacionGuardada = lazy(async () => ({ default: (await body()).ConciliacionGuardada }));
const SubirPlanilla = lazy(async () => ({ default: (await body()).SubirPlanilla }));

/**
 * The contractor's PILA dialog on item M01 of a period (docs/decisions/128): 'Conciliar planilla
 * PILA' uploads the flat file and shows its reconciliation; 'Ver conciliación' shows the stored one.
 */
export function PilaDialog({
  contratoid,
  abierto,
  onHide,
  onSubido,
}: {
  contratoid: number;
  abierto: PilaDialogoAbierto | null;
  onHide: () => void;
  /** Called once an uploaded file is stored: the opening page refreshes its own lists. */
  onSubido: () => Promise<unknown>;
}) {
  const lapso = abierto ? formatLapso(abierto.ano, abierto.mes) : '';
  const header =
    abierto?.modo === 'ver' ? PILA_WEB_MSG.pilaWebDialogoVer(lapso) : PILA_WEB_MSG.pilaWebDialogo(lapso);
  return (
    <Dialog
      header={header}
      // The content scrolls on a phone: keyboard users reach it (axe scrollable-region-focusable).
      pt={{ content: { tabIndex: 0, role: 'region', 'aria-label': header } }}
      visible={!!abierto}
      onHide={onHide}
      className="brand-dialog evidence-dialog pila-dialog"
      style={{ width: '56rem' }}
      breakpoints={{ '900px': '100vw' }}
      draggable={false}
      resizable={false}
      dismissableMask
      blockScroll
      data-testid="pila-dialog"
    >
      <Suspense
        fallback={
          <p className="hint" role="status">
            {MSG.loading}
          </p>
        }
      >
        {abierto &&
          (abierto.modo === 'ver' ? (
            <ConciliacionGuardada contratoid={contratoid} ano={abierto.ano} mes={abierto.mes} />
          ) : (
            <SubirPlanilla
              key={`${abierto.ano}-${abierto.mes}`}
              contratoid={contratoid}
              ano={abierto.ano}
              mes={abierto.mes}
              onSubido={onSubido}
            />
          ))}
      </Suspense>
    </Dialog>
  );
}
