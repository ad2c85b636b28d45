import { z } from 'zod';
import { HABILITACION_MSG as M, puntos0312 } from './messages-habilitacion';
import { autoevaluacionesStaffLista, autoevaluacionStaffFila } from './api';

export { puntos0312 };

/**
 * The minimum Resolución 0312 score per contract type (docs/decisions/142). A contract type may carry
 * `puntaje_minimo_0312` (null = off). A company whose evaluation that counts scores below it, or that
 * has none, is 'No habilitado' for that type: its contracts of the type show it and new ones are
 * refused. Legal basis: the contracting company must check its contractors' SG-SST when selecting
 * and evaluating them (Decreto 1072 de 2015 art. 2.2.4.6.28); the minimum standards apply to
 * contractors (Res. 0312 art. 2) and are scored by the art. 27 table; art. 23 lets the contracting
 * company verify them. The minimum itself is the company's own policy, not a figure of the text.
 */

export const BASE_LEGAL_HABILITACION = M.habBaseLegal;

/** One signed version of a company's evaluation (a draft never counts). */
export type EvaluacionFirmada = { ano: number; version: number; puntaje: number };

/**
 * The evaluation that counts on `hoy` (Colombian date YYYY-MM-DD): the latest signed version of the
 * current year, else the latest signed version of the previous year (art. 26: the evaluation of
 * year N is done in its December and governs N+1). Older years do not count: the evaluation is
 * yearly. Drafts must not be passed in; callers pass signed versions only.
 */
export function evaluacionQueCuenta(
  firmadas: readonly EvaluacionFirmada[],
  hoy: string,
): EvaluacionFirmada | null {
  const ano = Number(hoy.slice(0, 4));
  for (const a of [ano, ano - 1]) {
    const delAno = firmadas.filter((f) => f.ano === a);
    if (delAno.length > 0) return delAno.reduce((x, y) => (y.version > x.version ? y : x));
  }
  return null;
}

export const MOTIVOS_HABILITACION = ['sin_minimo', 'cumple', 'sin_autoevaluacion', 'puntaje_bajo'] as const;
export type MotivoHabilitacion = (typeof MOTIVOS_HABILITACION)[number];

export const habilitacionSchema = z.object({
  habilitado: z.boolean(),
  motivo: z.enum(MOTIVOS_HABILITACION),
  /** Why not (Spanish), null when habilitado. */
  mensaje: z.string().nullable(),
  minimo: z.number().nullable(),
  puntaje: z.number().nullable(),
  ano: z.number().int().nullable(),
  baseLegal: z.string(),
});
export type Habilitacion = z.infer<typeof habilitacionSchema>;

/** Two decimals, as the column numeric(5,2) and the art. 27 weights. */
const dos = (n: number) => Math.round(n * 100) / 100;

/**
 * Whether a company may hold contracts of a type: `minimo` is the type's minimum (null = off);
 * `evaluacion` is evaluacionQueCuenta's answer. A score equal to the minimum meets it.
 */
export function habilitacion(minimo: number | null, evaluacion: EvaluacionFirmada | null): Habilitacion {
  const base = {
    baseLegal: BASE_LEGAL_HABILITACION,
    puntaje: evaluacion ? dos(evaluacion.puntaje) : null,
    ano: evaluacion?.ano ?? null,
  };
  if (minimo === null)
    return { ...base, habilitado: true, motivo: 'sin_minimo', mensaje: null, minimo: null };
  const min = dos(minimo);
  if (!evaluacion)
    return {
      ...base,
      habilitado: false,
      motivo: 'sin_autoevaluacion',
      mensaje: M.habSinAutoevaluacion(min),
      minimo: min,
    };
  if (dos(evaluacion.puntaje) < min)
    return {
      ...base,
      habilitado: false,
      motivo: 'puntaje_bajo',
      mensaje: M.habPuntajeBajo(dos(evaluacion.puntaje), min, evaluacion.ano),
      minimo: min,
    };
  return { ...base, habilitado: true, motivo: 'cumple', mensaje: null, minimo: min };
}

/** The refusal of a new contract of `tipo` (Spanish; names the type, the minimum, the score and what to do). */
export function mensajeContratoRechazado(tipo: string, h: Habilitacion): string {
  return M.habContratoRechazado(tipo, h.minimo ?? 0, h.puntaje, h.ano);
}

/**
 * The admin's input for the minimum: empty/null = off; 0-100 with at most two decimals. Accepts a
 * number or null (the master dialog sends null for an empty field).
 */
export const puntajeMinimo0312Input = z
  .number({ error: M.habMinimoInvalido })
  .min(0, M.habMinimoInvalido)
  .max(100, M.habMinimoInvalido)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, M.habMinimoInvalido)
  .nullable();

/** GET /api/revision/autoevaluaciones/{empresaId}: one company's scores by year (every version). */
export const autoevaluacionHistorialParams = z.object({ empresaId: z.coerce.number().int().positive() });
export const autoevaluacionHistorial = z.object({
  empresaId: z.number().int(),
  nit: z.string(),
  razonSocial: z.string(),
  versiones: z.array(
    z.object({
      ano: z.number().int(),
      version: z.number().int(),
      puntaje: z.number(),
      clasificacion: z.string(),
      lista: z.number().int(),
      firmada: z.boolean(),
      fecha: z.string(),
      accionesVencidas: z.number().int(),
    }),
  ),
  /** The evaluation that counts today and what it means for contract types with a minimum. */
  vigente: z.object({ ano: z.number().int(), version: z.number().int(), puntaje: z.number() }).nullable(),
});
export type AutoevaluacionHistorial = z.infer<typeof autoevaluacionHistorial>;

/** One overdue plan action of a company's latest evaluation of the year (staff screen). */
export const accionVencidaStaff = z.object({
  empresaid: z.number().int(),
  razonSocial: z.string(),
  codigo: z.string(),
  actividad: z.string().nullable(),
  responsable: z.string().nullable(),
  plazo: z.string(),
  diasVencida: z.number().int(),
});
export type AccionVencidaStaff = z.infer<typeof accionVencidaStaff>;

/** GET /api/revision/autoevaluaciones?ano=: the staff list (decision 135) with what the staff screen adds (decision 142). */
export const autoevaluacionesStaffPantalla = autoevaluacionesStaffLista.extend({
  autoevaluaciones: z.array(autoevaluacionStaffFila.extend({ version: z.number().int() })),
  sinAutoevaluacion: z.array(
    z.object({ empresaid: z.number().int(), nit: z.string(), razonSocial: z.string() }),
  ),
  vencidas: z.array(accionVencidaStaff),
});
export type AutoevaluacionesStaffPantalla = z.infer<typeof autoevaluacionesStaffPantalla>;
