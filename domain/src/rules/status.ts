import { MSG } from '../messages';

/** Evidence status codes of section 4 (codEstado / estadoflujo). */
export const ESTADO = {
  PENDIENTE: -2,
  RECHAZADO: -1,
  CARGADO: 0,
  APROBADO: 1,
  VENCIDO: 9,
} as const;
export type CodEstado = (typeof ESTADO)[keyof typeof ESTADO];

/** Report drill-down filter codes of section 4 (pending to upload, expired, rejected). */
export const FILTRO_REPORTE = { PENDIENTE: -9, VENCIDO: -5, RECHAZADO: -1 } as const;
export type FiltroReporte = (typeof FILTRO_REPORTE)[keyof typeof FILTRO_REPORTE];

const LABELS: Record<CodEstado, string> = {
  [-2]: MSG.estadoPendiente,
  [-1]: MSG.estadoRechazado,
  [0]: MSG.estadoCargado,
  [1]: MSG.estadoAprobado,
  [9]: MSG.estadoVencido,
};

export function labelEstado(code: CodEstado): string {
  return LABELS[code];
}
