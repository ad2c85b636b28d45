import { MSG } from '../messages';
import { estadoDeFin } from './validity';

/**
 * Evidence status codes of the contract (codEstado / estadoflujo), plus REEMPLAZADO (docs/decisions/093):
 * a submission that was awaiting review when a newer one of the same slot arrived. It is history,
 * never work: only submissions (history tree leaves, history list rows) can carry it, never a slot.
 */
export const ESTADO = {
  PENDIENTE: -2,
  RECHAZADO: -1,
  CARGADO: 0,
  APROBADO: 1,
  REEMPLAZADO: 2,
  VENCIDO: 9,
} as const;
export type CodEstado = (typeof ESTADO)[keyof typeof ESTADO];

/** Report drill-down filter codes of the contract (pending to upload, expired, rejected). */
export const FILTRO_REPORTE = { PENDIENTE: -9, VENCIDO: -5, RECHAZADO: -1 } as const;
export type FiltroReporte = (typeof FILTRO_REPORTE)[keyof typeof FILTRO_REPORTE];

const LABELS: Record<CodEstado, string> = {
  [-2]: MSG.estadoPendiente,
  [-1]: MSG.estadoRechazado,
  [0]: MSG.estadoCargado,
  [1]: MSG.estadoAprobado,
  [2]: MSG.estadoReemplazado,
  [9]: MSG.estadoVencido,
};

export function labelEstado(code: CodEstado): string {
  return LABELS[code];
}

/**
 * Status of ONE submission (not of a slot), docs/decisions/093: approved past its validity is 9;
 * awaiting review while a newer submission of the same slot exists is REEMPLAZADO (2); otherwise
 * the stored estado (0, 1, -1). A replaced approval or rejection keeps its decision: that is its
 * history. The SQL twin is `codEntregaSql` (server/src/compliance/status-sql.ts, decision 110).
 */
export function codEntrega(e: {
  estado: number;
  vigencia: string | null;
  reemplazada: boolean;
  /** Today in Colombia, YYYY-MM-DD. */
  hoy: string;
}): number {
  if (e.estado === ESTADO.APROBADO && e.vigencia !== null && e.vigencia < e.hoy) return ESTADO.VENCIDO;
  if (e.estado === ESTADO.CARGADO && e.reemplazada) return ESTADO.REEMPLAZADO;
  return e.estado;
}

/**
 * Where an approval stands against the expiry warning window (docs/decisions/094), the rule the
 * home summary counts as 'Vencidos o por vencer' (vencido + por vencer), through `estadoDeFin` of
 * rules/validity.ts (decision 105): approved and its validity ended -> 'vencido'; ends within
 * `warningDays` from today -> 'por_vencer'; valid beyond that -> 'vigente'; anything else (or an
 * approval without end) -> null.
 */
export type AlertaVigencia = 'vigente' | 'por_vencer' | 'vencido' | null;

export function alertaVigencia(e: {
  codEstado: number;
  vigencia: string | null;
  /** Today in Colombia, YYYY-MM-DD. */
  hoy: string;
  warningDays: number;
}): AlertaVigencia {
  if (e.codEstado === ESTADO.VENCIDO) return 'vencido';
  if (e.codEstado !== ESTADO.APROBADO || !e.vigencia) return null;
  return estadoDeFin(e.vigencia, e.hoy, e.warningDays);
}
