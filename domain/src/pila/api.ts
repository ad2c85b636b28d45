import { z } from 'zod';
import { adjuntoPayload, anoSchema, intId, mesSchema } from '../evidencias/evidence';

/**
 * The PILA API's inputs and answers (docs/decisions/128). Paths and field names are a contract:
 * PUT /api/contratista/pila?contratoid=&ano=&mes= with `{adjunto}` (the evidence uploads'
 * attachment shape, extension txt; a pdf is kept as evidence without reconciliation) and
 * GET /api/contratista/pila?contratoid=&ano=&mes= (the latest reconciliation of the period).
 */
export const pilaQuery = z.object({ contratoid: intId, ano: anoSchema, mes: mesSchema });
export type PilaQuery = z.infer<typeof pilaQuery>;

export const pilaPutBody = z.strictObject({
  adjunto: adjuntoPayload,
  detalle: z.string().max(1000).nullish(),
});
export type PilaPutBody = z.infer<typeof pilaPutBody>;

const persona = z.object({ tipodocumento: z.string(), numerodocumento: z.string(), nombre: z.string() });

export const pilaHallazgo = z.object({
  severidad: z.enum(['error', 'advertencia']),
  mensaje: z.string(),
  tipodocumento: z.string().optional(),
  numerodocumento: z.string().optional(),
  linea: z.number().int().optional(),
  campo: z.number().int().optional(),
  regla: z.string(),
});

/** The reconciliation as stored and answered (PilaConciliacion of tipos.ts). */
export const pilaConciliacion = z.object({
  veredicto: z.enum(['Conciliada', 'Con advertencias', 'Con errores']),
  ano: z.number().int(),
  mes: z.number().int(),
  esperados: z.number().int(),
  encontrados: z.number().int(),
  faltantes: z.array(persona),
  sobrantes: z.array(persona),
  hallazgos: z.array(pilaHallazgo),
  numeroPlanilla: z.string().nullable(),
  fechaPago: z.string().nullable(),
  fechaLimite: z.string().nullable(),
  pagados: z.array(z.string()),
});

/**
 * PUT answer: the reconciliation (absent for a pdf, kept without one) and the stored submission;
 * for a flat file, how many P08 it approved and why it approved no others (docs/decisions/162).
 */
export const pilaPutRespuesta = pilaConciliacion.partial().extend({
  message: z.string(),
  idEntrega: z.number().int(),
  conciliada: z.boolean(),
  p08Aprobados: z.number().int().optional(),
  avisosP08: z.array(z.string()).optional(),
});
export type PilaPutRespuesta = z.infer<typeof pilaPutRespuesta>;

/** GET answer: the latest reconciliation of the period with its submission. */
export const pilaGetRespuesta = pilaConciliacion.extend({
  idEntrega: z.number().int(),
  nombreArchivo: z.string().nullable(),
  cargadoAt: z.string(),
});
export type PilaGetRespuesta = z.infer<typeof pilaGetRespuesta>;

/** GET .../pila/periodos?contratoid=: the contract's reconciled periods (shown in R03). */
export const pilaPeriodo = z.object({
  ano: z.number().int(),
  mes: z.number().int(),
  veredicto: z.enum(['Conciliada', 'Con advertencias', 'Con errores']),
  esperados: z.number().int(),
  encontrados: z.number().int(),
  errores: z.number().int(),
  advertencias: z.number().int(),
  idEntrega: z.number().int(),
  cargadoAt: z.string(),
});
export type PilaPeriodo = z.infer<typeof pilaPeriodo>;

export const ESTADOS_MATRIZ_PILA = ['pagado', 'faltante', 'no_requerido'] as const;

/** GET .../pila/matriz?contratoid=: months x workers of the contract. */
export const pilaMatriz = z.object({
  periodos: z.array(z.object({ ano: z.number().int(), mes: z.number().int() })),
  trabajadores: z.array(persona.extend({ estados: z.array(z.enum(ESTADOS_MATRIZ_PILA)) })),
});
export type PilaMatriz = z.infer<typeof pilaMatriz>;

export const pilaContratoQuery = z.object({ contratoid: intId });
export const pilaEntregaParams = z.object({ id: intId });
