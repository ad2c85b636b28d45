import { z } from 'zod';
import {
  accionesVencidas,
  ADVERTENCIA_LEGAL_0312,
  autoevaluacionRespuesta,
  calificar,
  ESTANDARES_0312,
  ESTADOS_ACCION_PLAN,
  itemCalificado,
  listaAplicable,
  noCumplidos,
  plazosPorClasificacion,
  hoyEnColombia,
  validarPlan,
  VALORACIONES_0312,
  type AccionPlan0312,
  type EstadoAccionPlan,
  type RespuestaItem0312,
} from '@proveedores/domain';

/**
 * The scored answer of GET and PUT /api/contratista/autoevaluacion/{ano} (docs/decisions/135):
 * autoevaluacionRespuesta (domain/src/autoevaluacion/api.ts) plus what the page and the PDF show
 * beside it: the version and its state, each item's cycle, standard and name with the approved
 * evidence that may support it, the band's criterion and action (art. 28) and the legal warning.
 * The table's data notes (`sinVerificar`: a name or list membership not confirmed in a second
 * source, decision 133) are for staff and are not answered to the contractor (decision 163).
 */
export const sugerenciaEvidencia = z.object({
  /** The approved submission of the catalogue item. */
  entregaId: z.number().int(),
  requisito: z.string(),
  nombre: z.string(),
  /** Where the link comes from: the catalogue item's base_legal text. */
  fuente: z.string(),
});
export type SugerenciaEvidencia = z.infer<typeof sugerenciaEvidencia>;

export const autoevaluacionRespuestaServidor = autoevaluacionRespuesta.extend({
  /** 0 = nothing saved yet for the year (defaults shown). */
  version: z.number().int(),
  estado: z.enum(['borrador', 'firmada']),
  /** The E05 submission a signed version produced. */
  entregaId: z.number().int().nullable(),
  items: z.array(
    itemCalificado.extend({
      ciclo: z.string(),
      estandar: z.string(),
      subestandar: z.string(),
      nombre: z.string(),
      sugerencias: z.array(sugerenciaEvidencia),
    }),
  ),
  valoracion: z.object({
    criterio: z.string(),
    accion: z.string(),
    requierePlan: z.boolean(),
    planInmediato: z.boolean(),
    baseLegal: z.string(),
  }),
  advertenciaLegal: z.string(),
});
export type AutoevaluacionRespuestaServidor = z.infer<typeof autoevaluacionRespuestaServidor>;

/** What a row stores (and what the PUT body is, once validated). */
export type RespuestaGuardada = {
  codigo: string;
  respuesta: RespuestaItem0312['respuesta'];
  justificacion?: string | null;
};
export type AccionGuardada = {
  codigo: string;
  actividad?: string | null;
  responsable?: string | null;
  plazo?: string | null;
  recursos?: string | null;
  estado?: EstadoAccionPlan;
};

export type Evaluacion = {
  ano: number;
  version: number;
  trabajadores: number;
  claseRiesgo: number;
  respuestas: RespuestaGuardada[];
  plan: AccionGuardada[];
  estado: 'borrador' | 'firmada';
  firma: {
    representante: { nombre: string; documento: string };
    responsable: { nombre: string; documento: string };
    firmadaAt: string;
  } | null;
  entregaId: number | null;
  actualizadaAt: string;
};

const texto = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

export const normalizarPlan = (plan: readonly AccionGuardada[]): AccionPlan0312[] =>
  plan.map((a) => ({
    codigo: a.codigo,
    actividad: texto(a.actividad),
    responsable: texto(a.responsable),
    plazo: texto(a.plazo),
    recursos: texto(a.recursos),
    estado:
      a.estado && (ESTADOS_ACCION_PLAN as readonly string[]).includes(a.estado) ? a.estado : 'pendiente',
  }));

/** The domain rules over one evaluation: list, art. 27 score, art. 28 band, plan checks. */
export function calificarEvaluacion(
  e: Pick<Evaluacion, 'trabajadores' | 'claseRiesgo' | 'respuestas' | 'plan'>,
) {
  const lista = listaAplicable({ trabajadores: e.trabajadores, claseRiesgo: e.claseRiesgo });
  const calificacion = calificar({ lista, respuestas: e.respuestas });
  const plan = normalizarPlan(e.plan);
  const errores = [...calificacion.errores, ...validarPlan(noCumplidos(calificacion), plan)];
  return { ...calificacion, errores, plan };
}

/**
 * The answer for one evaluation. `hoy`: Colombia's date, used for the plan's overdue actions and, for
 * a draft, as the evaluation's date of the art. 28 due dates (a signed one uses its signing date).
 */
export function respuestaDe(
  e: Evaluacion,
  hoy: string,
  sugerencias: ReadonlyMap<string, SugerenciaEvidencia[]>,
): AutoevaluacionRespuestaServidor {
  const c = calificarEvaluacion(e);
  const porCodigo = new Map(ESTANDARES_0312.map((s) => [s.codigo, s]));
  const justificaciones = new Map(e.respuestas.map((r) => [r.codigo, texto(r.justificacion)]));
  const vencidas = new Set(accionesVencidas(c.plan, hoy));
  const fecha = e.firma ? hoyEnColombia(new Date(e.firma.firmadaAt)) : hoy;
  const v = VALORACIONES_0312[c.clasificacion];
  return {
    ano: e.ano,
    version: e.version,
    estado: e.estado,
    entregaId: e.entregaId,
    trabajadores: e.trabajadores,
    claseRiesgo: e.claseRiesgo,
    lista: c.lista,
    puntaje: c.puntaje,
    porcentajeLista: c.porcentajeLista,
    pisoLista: c.pisoLista,
    clasificacion: c.clasificacion,
    items: c.items.map((i) => {
      const s = porCodigo.get(i.codigo)!;
      return {
        ...i,
        justificacion: i.fueraDeLista ? null : (justificaciones.get(i.codigo) ?? null),
        ciclo: s.ciclo,
        estandar: s.estandar,
        subestandar: s.subestandar,
        nombre: s.item,
        sugerencias: sugerencias.get(i.codigo) ?? [],
      };
    }),
    errores: c.errores,
    plan: c.plan.map((a) => ({
      codigo: a.codigo,
      actividad: a.actividad ?? null,
      responsable: a.responsable ?? null,
      plazo: a.plazo ?? null,
      recursos: a.recursos ?? null,
      estado: a.estado,
      vencida: vencidas.has(a),
    })),
    plazos: plazosPorClasificacion(c.clasificacion, fecha),
    firma: e.firma,
    actualizadaAt: e.actualizadaAt,
    valoracion: {
      criterio: v.criterio,
      accion: v.accion,
      requierePlan: v.requierePlan,
      planInmediato: v.planInmediato,
      baseLegal: v.baseLegal,
    },
    advertenciaLegal: ADVERTENCIA_LEGAL_0312,
  };
}
