import type { ReactNode } from 'react';
import { ESTADO, labelEstado, MSG, type CodEstado } from '@proveedores/domain';
import './estado.css';

/** The tones a status pill can take: one per status code, plus 'inactivo' for a retired master row. */
export type Tono = 'pendiente' | 'rechazado' | 'cargado' | 'aprobado' | 'reemplazado' | 'vencido';

const TONO: Record<CodEstado, Tono> = {
  [ESTADO.PENDIENTE]: 'pendiente',
  [ESTADO.RECHAZADO]: 'rechazado',
  [ESTADO.CARGADO]: 'cargado',
  [ESTADO.APROBADO]: 'aprobado',
  [ESTADO.REEMPLAZADO]: 'reemplazado',
  [ESTADO.VENCIDO]: 'vencido',
};
const isCodEstado = (code: number): code is CodEstado => Object.hasOwn(TONO, code);

/**
 * A pill in a status's colours: the one look of every status in the portal (contractor lists,
 * staff screens, history). For a state that is not a submission's (a company enabled, a row retired,
 * a self-evaluation signed), pick the tone that means the same.
 */
export function Pill({
  tono,
  children,
  title,
  testId,
}: {
  tono: Tono;
  children: ReactNode;
  title?: string;
  testId?: string;
}) {
  return (
    <span className={`estado estado--${tono}`} title={title} data-testid={testId}>
      {children}
    </span>
  );
}

/**
 * The status of a submission or slot by its code (the contract's states and transitions), with
 * the server's label when it has one (it may say more: 'Vigente (cargado en el contrato ...)') or
 * the domain's; a replaced submission explains itself on hover (docs/decisions/093). Unknown codes
 * show nothing.
 */
export function EstadoLabel({
  codEstado,
  estado,
  testId = 'estado',
}: {
  codEstado: number;
  estado?: string;
  testId?: string;
}) {
  if (!isCodEstado(codEstado)) return estado ? <span data-testid={testId}>{estado}</span> : null;
  return (
    <Pill
      tono={TONO[codEstado]}
      title={codEstado === ESTADO.REEMPLAZADO ? MSG.estadoReemplazadoHint : undefined}
      testId={testId}
    >
      {estado ?? labelEstado(codEstado)}
    </Pill>
  );
}
