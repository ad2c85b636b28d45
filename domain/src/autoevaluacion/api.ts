import { z } from 'zod';
import { anoSchema } from '../evidencias/evidence';
import { AUTOEVALUACION_MSG as M } from './messages';
import { esFechaIso } from '../calendario';
import { ESTANDARES_0312, esCodigo0312 } from './estandares';
import { CLASIFICACIONES_0312, ESTADOS_ACCION_PLAN, LISTAS_0312, RESPUESTAS_0312 } from './tipos';

/**
 * The self-evaluation API's inputs and answers (Resolución 0312 de 2019; docs/decisions/133). Paths
 * and field names are a contract:
 * - PUT  /api/contratista/autoevaluacion/{ano}          body autoevaluacionPutBody, answer autoevaluacionRespuesta
 * - GET  /api/contratista/autoevaluacion/{ano}          answer autoevaluacionRespuesta
 * - POST /api/contratista/autoevaluacion/{ano}/firmar   body autoevaluacionFirmaBody
 * - GET  /api/revision/autoevaluaciones?ano=            answer autoevaluacionesStaffLista
 * The answer is scored by calificar/validarPlan (reglas.ts) on the server; the browser may run the same
 * functions to show the score while the form is filled.
 */

export const autoevaluacionParams = z.object({ ano: anoSchema });
export const autoevaluacionesStaffQuery = z.object({ ano: anoSchema });

const MAX_TEXTO = 2000;
const MAX_NOMBRE = 200;

const codigo = z
  .string()
  .trim()
  .max(10)
  .refine(esCodigo0312, { error: (issue) => M.autoevaluacionCodigoDesconocido(String(issue.input)) });
const texto = (max: number) => z.string().trim().max(max).nullish();

/** One answer; the justification is required by calificar for 'no_aplica' on a list item. */
export const autoevaluacionItemBody = z.strictObject({
  codigo,
  respuesta: z.enum(RESPUESTAS_0312, M.autoevaluacionRespuestaInvalida),
  justificacion: texto(MAX_TEXTO),
});

/**
 * One action of the improvement plan. Empty fields are accepted (a draft is saved as typed);
 * validarPlan says what a 'no_cumple' item's action still lacks.
 */
export const accionPlanBody = z.strictObject({
  codigo,
  actividad: texto(MAX_TEXTO),
  responsable: texto(MAX_NOMBRE),
  plazo: z
    .string()
    .trim()
    .refine((v) => v === '' || esFechaIso(v), M.autoevaluacionPlazoInvalido)
    .nullish(),
  recursos: texto(MAX_TEXTO),
  estado: z.enum(ESTADOS_ACCION_PLAN, M.autoevaluacionEstadoInvalido).default('pendiente'),
});

export const autoevaluacionPutBody = z
  .strictObject({
    trabajadores: z
      .number(M.autoevaluacionTrabajadores)
      .int(M.autoevaluacionTrabajadores)
      .min(1, M.autoevaluacionTrabajadores)
      .max(1_000_000, M.autoevaluacionTrabajadores),
    claseRiesgo: z
      .number(M.autoevaluacionClaseRiesgo)
      .int(M.autoevaluacionClaseRiesgo)
      .min(1, M.autoevaluacionClaseRiesgo)
      .max(5, M.autoevaluacionClaseRiesgo),
    items: z.array(autoevaluacionItemBody).max(ESTANDARES_0312.length),
    plan: z.array(accionPlanBody).max(500).optional(),
  })
  .superRefine((body, ctx) => {
    const vistos = new Set<string>();
    body.items.forEach((item, i) => {
      if (vistos.has(item.codigo))
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'codigo'],
          message: M.autoevaluacionCodigoRepetido(item.codigo),
        });
      vistos.add(item.codigo);
    });
  });
export type AutoevaluacionPutBody = z.infer<typeof autoevaluacionPutBody>;

const lista = z.union([z.literal(LISTAS_0312[0]), z.literal(LISTAS_0312[1]), z.literal(LISTAS_0312[2])]);
const clasificacion = z.enum(CLASIFICACIONES_0312);
const errorAutoevaluacion = z.object({
  codigo: z.string().nullable(),
  regla: z.string(),
  mensaje: z.string(),
});

export const itemCalificado = z.object({
  codigo: z.string(),
  peso: z.number(),
  respuesta: z.enum(RESPUESTAS_0312).nullable(),
  puntos: z.number(),
  fueraDeLista: z.boolean(),
  justificacion: z.string().nullable(),
});

/** A signer's name and identity document (the company's registered signers, firmantes.ts). */
export const firmantePersona = z.strictObject({
  nombre: z
    .string(M.autoevaluacionFirmaNombre)
    .trim()
    .min(3, M.autoevaluacionFirmaNombre)
    .max(MAX_NOMBRE, M.autoevaluacionFirmaNombre),
  documento: z
    .string(M.autoevaluacionFirmaDocumento)
    .trim()
    .min(3, M.autoevaluacionFirmaDocumento)
    .max(20, M.autoevaluacionFirmaDocumento)
    .regex(/^[0-9A-Za-z.-]+$/, M.autoevaluacionFirmaDocumento),
});

/**
 * POST .../firmar: the employer or contracting party's legal representative and the person responsible
 * for the SG-SST sign, accepting ADVERTENCIA_LEGAL_0312 (Resolución 0312 de 2019 art. 27). Who they
 * are is the company's registry (firmantes.ts), never what the request says (docs/decisions/163): a
 * body that still names them is refused with a message saying where they are registered.
 */
export const autoevaluacionFirmaBody = z.strictObject({
  representante: z.undefined(M.autoevaluacionFirmantesNoSeEscriben).optional(),
  responsable: z.undefined(M.autoevaluacionFirmantesNoSeEscriben).optional(),
  acepto: z.literal(true, M.autoevaluacionFirmaAcepto),
});
export type AutoevaluacionFirmaBody = z.infer<typeof autoevaluacionFirmaBody>;

/** The legal warning of the form, shown next to the signature (Ley 599 de 2000 arts. 287, 288, 291, 294). */
export const ADVERTENCIA_LEGAL_0312 = M.autoevaluacionAdvertenciaLegal;

const firma = z.object({
  representante: z.object({ nombre: z.string(), documento: z.string() }),
  responsable: z.object({ nombre: z.string(), documento: z.string() }),
  firmadaAt: z.string(),
});

/** PUT and GET answer: the stored evaluation scored, its plan and what keeps it from being complete. */
export const autoevaluacionRespuesta = z.object({
  ano: z.number().int(),
  trabajadores: z.number().int(),
  claseRiesgo: z.number().int(),
  lista,
  puntaje: z.number(),
  porcentajeLista: z.number(),
  pisoLista: z.number(),
  clasificacion,
  items: z.array(itemCalificado),
  /** calificar's and validarPlan's errors; empty = complete (may be signed). */
  errores: z.array(errorAutoevaluacion),
  plan: z.array(
    z.object({
      codigo: z.string(),
      actividad: z.string().nullable(),
      responsable: z.string().nullable(),
      plazo: z.string().nullable(),
      recursos: z.string().nullable(),
      estado: z.enum(ESTADOS_ACCION_PLAN),
      vencida: z.boolean(),
    }),
  ),
  plazos: z.object({
    planInmediato: z.string().nullable(),
    reporteArl: z.string().nullable(),
    avancesJulio: z.string().nullable(),
    inicioPlanAnual: z.string(),
  }),
  firma: firma.nullable(),
  actualizadaAt: z.string(),
});
export type AutoevaluacionRespuesta = z.infer<typeof autoevaluacionRespuesta>;

/** GET /api/revision/autoevaluaciones?ano=: one row per provider company with an evaluation that year. */
export const autoevaluacionStaffFila = z.object({
  empresaid: z.number().int(),
  nit: z.string(),
  razonSocial: z.string(),
  ano: z.number().int(),
  trabajadores: z.number().int(),
  claseRiesgo: z.number().int(),
  lista,
  puntaje: z.number(),
  porcentajeLista: z.number(),
  clasificacion,
  completa: z.boolean(),
  firmada: z.boolean(),
  firmadaAt: z.string().nullable(),
  actualizadaAt: z.string(),
  noCumplidos: z.number().int(),
  accionesPlan: z.number().int(),
  /** Actions not 'cumplida' whose deadline is before Colombia's today (accionesVencidas). */
  accionesVencidas: z.number().int(),
  /** Progress report to the ARL due (art. 28), when the result requires one. */
  reporteArl: z.string().nullable(),
});
export type AutoevaluacionStaffFila = z.infer<typeof autoevaluacionStaffFila>;
export const autoevaluacionesStaffLista = z.object({ autoevaluaciones: z.array(autoevaluacionStaffFila) });
