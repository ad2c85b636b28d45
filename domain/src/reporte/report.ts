import { z } from 'zod';
import { MSG } from '../messages';
import { FILTRO_REPORTE, type FiltroReporte } from '../rules/status';

/**
 * Home compliance summary (GET /api/contratista/reporte) and its drill-down
 * (GET /api/contratista/reporte/{modulo}/{filtro}). Meaning of every count: docs/decisions/021.
 */

/** The four evidence modules: code (API paths, history `path`) and display name. */
export const MODULOS = [
  { codigo: 'sg-sst', nombre: 'SG-SST' },
  { codigo: 'sg-personal', nombre: 'Ingreso de Personal' },
  { codigo: 'g-riesgo', nombre: 'Gestión del Riesgo' },
  { codigo: 'g-retenido', nombre: 'Devolución de Retenidos' },
] as const;
export type ModuloCodigo = (typeof MODULOS)[number]['codigo'];
export const MODULO_CODIGOS = MODULOS.map((m) => m.codigo) as [ModuloCodigo, ...ModuloCodigo[]];

export const reporteModulo = z.object({
  /** Module code: sg-sst | sg-personal | g-riesgo | g-retenido (the drill-down's first parameter). */
  modulo: z.enum(MODULO_CODIGOS),
  /** Display name, e.g. 'Gestión del Riesgo'. */
  nombre: z.string(),
  /** Mandatory (not opcional) slots with no submission at all. Drill-down filter -9. */
  faltantes: z.number().int(),
  /** Approved slots whose vigencia ends today or within EXPIRY_WARNING_DAYS. Drill-down filter -5. */
  poxvencer: z.number().int(),
  /** Approved slots whose vigencia already ended (codEstado 9). Drill-down filter -5. */
  vencidos: z.number().int(),
  /** Slots whose newest submission was rejected. Drill-down filter -1. */
  rechazados: z.number().int(),
});
export type ReporteModulo = z.infer<typeof reporteModulo>;

export const reporteEmpresa = z.object({
  nit: z.string(),
  razonsocial: z.string(),
  /** Sum of faltantes + poxvencer + vencidos + rechazados over the modules. */
  total: z.number().int(),
  modulos: z.array(reporteModulo),
});
export type ReporteEmpresa = z.infer<typeof reporteEmpresa>;
export const reporte = z.array(reporteEmpresa);

/**
 * Path parameters of the drill-down: module code and filter code (docs/contract.md, States and transitions).
 */
export const reporteDetalleParams = z.object({
  modulo: z.enum(MODULO_CODIGOS, { error: MSG.reportModuleInvalid }),
  filtro: z
    .enum(['-9', '-5', '-1'], { error: MSG.reportFilterInvalid })
    .transform((v) => Number(v) as FiltroReporte),
});
/** Summary: staff name one company (nit) or page through them; a contractor's nit must be their own. */
export const reporteQuery = z.object({
  nit: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** Staff choose the company (nit); for a contractor it must be absent or their own. */
export const reporteDetalleQuery = z.object({ nit: z.string().trim().max(20).optional() });

/** A drill-down row: keys are present only when they apply. */
export const reporteDetalleRow = z.object({
  /** Project of the contract (every module but sg-sst, which is company-level). */
  proyecto: z.string().optional(),
  /**
   * Contract type and activity of the contract (with proyecto they name it: two contracts on one
   * project are told apart; docs/decisions/099). Present whenever proyecto is.
   */
  tipocontrato: z.string().optional(),
  actividad: z.string().optional(),
  /** Period of g-riesgo, e.g. 'Noviembre 2026' (formatLapso). */
  lapso: z.string().optional(),
  /** Requirement short name. */
  documento: z.string(),
  /** sg-personal: the worker's document, e.g. 'CC 1020304050'. */
  empleado: z.string().optional(),
  /** sg-personal: the worker's full name. */
  nombre: z.string().optional(),
  /** Filter -5: end of validity, YYYY-MM-DD. */
  vigencia: z.string().optional(),
  /** Filter -1: the reviewer's reason. */
  motivorechazo: z.string().optional(),
});
export type ReporteDetalleRow = z.infer<typeof reporteDetalleRow>;

/**
 * The three counts the home shows per module, with their labels and drill-down filters.
 * The middle count covers both expired and about-to-expire items (filter -5 returns both), so its
 * label is 'Vencidos o por vencer', the same words as its summary card.
 */
export function conteosInicio(
  m: ReporteModulo,
): Array<{ etiqueta: string; cantidad: number; filtro: FiltroReporte }> {
  return [
    { etiqueta: MSG.homePendingLabel, cantidad: m.faltantes, filtro: FILTRO_REPORTE.PENDIENTE },
    { etiqueta: MSG.homeExpiredLabel, cantidad: m.vencidos + m.poxvencer, filtro: FILTRO_REPORTE.VENCIDO },
    { etiqueta: MSG.homeRejectedLabel, cantidad: m.rechazados, filtro: FILTRO_REPORTE.RECHAZADO },
  ];
}

/**
 * How people read a contract everywhere (drill-downs, compliance, review): 'project - contract type
 * - activity', the label of the contract selector (docs/decisions/099). Missing parts are left out.
 */
export function contratoEtiqueta(c: {
  proyecto?: string | null;
  tipoContrato?: string | null;
  actividad?: string | null;
}): string {
  return [c.proyecto, c.tipoContrato, c.actividad].filter((s) => s && s.trim()).join(' - ');
}
