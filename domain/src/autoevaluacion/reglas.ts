import { AUTOEVALUACION_MSG as M } from './messages';
import { esFechaIso, fechaIso, sumarMeses } from '../calendario';
import { ESTANDARES_0312, esCodigo0312 } from './estandares';
import type {
  AccionPlan0312,
  Calificacion0312,
  Clasificacion0312,
  ErrorAutoevaluacion,
  Estandar0312,
  ItemCalificado0312,
  Lista0312,
  Plazos0312,
  RespuestaItem0312,
} from './tipos';

/**
 * The scoring rules of the yearly self-evaluation (Resolución 0312 de 2019 arts. 2-28; reference in
 * docs/res-0312.md, choices in docs/decisions/133), pure so that the server and the browser score
 * alike. Points are counted in hundredths (every weight is a multiple of 0.25), so sums carry no
 * binary-fraction drift; results have 2 decimals.
 */

const RES = 'Resolución 0312 de 2019 (Ministerio del Trabajo)';

export type Regla0312 = { id: string; descripcion: string; baseLegal: string; sinVerificar?: true };

/** Every rule as data with its legal basis; each error names the rule it comes from. */
export const REGLAS_0312 = {
  'lista.7': {
    descripcion: '10 o menos trabajadores y riesgo I, II o III: los 7 estándares del art. 3.',
    baseLegal: `${RES} art. 3 (Capítulo I)`,
  },
  'lista.21': {
    descripcion:
      '11 a 50 trabajadores (50 incluido) y riesgo I, II o III: los 21 estándares del art. 9 (el art. 27 dice "menos de cincuenta", el art. 9, que es la norma específica, incluye 50).',
    baseLegal: `${RES} art. 9 (Capítulo II)`,
  },
  'lista.60': {
    descripcion:
      'Riesgo IV o V con 50 o menos trabajadores, o más de 50 trabajadores: los 60 ítems del Capítulo III.',
    baseLegal: `${RES} arts. 8, 15 y 16 (Capítulo III)`,
  },
  'lista.conteo': {
    descripcion:
      'Se cuentan los trabajadores del alcance del art. 2 y se usa la clase de riesgo más alta de la empresa: práctica común, la resolución no lo define.',
    baseLegal: `${RES} art. 2`,
    sinVerificar: true,
  },
  calificacion: {
    descripcion:
      'Cada ítem de la Tabla de Valores vale su peso si se cumple totalmente y cero (0) si no; no hay puntajes parciales. El total (0 a 100) es el porcentaje de cumplimiento.',
    baseLegal: `${RES} art. 27 (Tabla de Valores y nota de la tabla)`,
  },
  'fuera-de-lista': {
    descripcion:
      'Los ítems que no aplican a la empresa de menos de 50 trabajadores con riesgo I, II o III (fuera de su lista de 7 o 21) se califican "No aplica" con el porcentaje máximo; no necesitan respuesta.',
    baseLegal: `${RES} art. 27`,
  },
  'respuesta.faltante': {
    descripcion: 'Cada ítem de la lista de la empresa tiene una respuesta, y una sola.',
    baseLegal: `${RES} art. 27`,
  },
  'codigo.desconocido': {
    descripcion: 'Solo se responden los 60 ítems de la Tabla de Valores.',
    baseLegal: `${RES} art. 27`,
  },
  'no-aplica.justificacion': {
    descripcion:
      '"No aplica" en un ítem de la lista de la empresa vale el peso del ítem solo con justificación (cuando el criterio del art. 16 dice "en el caso de que aplique"); sin ella vale cero y la autoevaluación no está completa. Práctica heredada del formulario de la Resolución 1111 de 2017.',
    baseLegal: `${RES} arts. 16 y 27`,
    sinVerificar: true,
  },
  clasificacion: {
    descripcion:
      'Menor al 60 %: crítico; entre el 60 y el 85 % (ambos incluidos): moderadamente aceptable; mayor al 85 %: aceptable.',
    baseLegal: `${RES} art. 28 (tabla de valoración)`,
  },
  plan: {
    descripcion:
      'Cada ítem que no se cumple tiene en el plan de mejoramiento una acción con actividad, responsable, plazo y recursos.',
    baseLegal: `${RES} art. 28 (contenido mínimo del plan de mejoramiento) y art. 29`,
  },
  'plan.julio': {
    descripcion: 'El avance del plan de mejoramiento se informa en julio de cada año.',
    baseLegal: `${RES} art. 28`,
  },
  'plan-anual': {
    descripcion:
      'La autoevaluación se hace en diciembre; el Plan Anual de Trabajo que se formula con ella se ejecuta desde el 1 de enero siguiente.',
    baseLegal: `${RES} art. 26`,
  },
  firma: {
    descripcion:
      'El formulario es un documento público que firman el empleador o contratante y el responsable del SG-SST; las declaraciones falsas se sancionan penalmente.',
    baseLegal: `${RES} art. 27; Ley 599 de 2000 (Código Penal) arts. 287, 288, 291 y 294`,
  },
} satisfies Record<string, Omit<Regla0312, 'id'>>;

export type IdRegla0312 = keyof typeof REGLAS_0312;

export function regla0312(id: IdRegla0312): Regla0312 {
  return { id, ...REGLAS_0312[id] };
}

const centesimas = (peso: number) => Math.round(peso * 100);
const aPuntos = (c: number) => c / 100;

/** Whether an item is on a list (the 60-item list holds every item). */
export function enLista(estandar: Estandar0312, lista: Lista0312): boolean {
  return lista === 60 || (lista === 7 ? estandar.aplica7 : estandar.aplica21);
}

/** The items of a list, in the table's order. */
export function itemsDeLista(lista: Lista0312): Estandar0312[] {
  return ESTANDARES_0312.filter((e) => enLista(e, lista));
}

/** The weight of the items outside a list: the score a company gets whatever it does (docs/decisions/133). */
export function pisoLista(lista: Lista0312): number {
  return aPuntos(
    ESTANDARES_0312.filter((e) => !enLista(e, lista)).reduce((s, e) => s + centesimas(e.peso), 0),
  );
}

/**
 * Which list applies (docs/res-0312.md §2): 10 or fewer workers in risk class I-III -> 7 (art. 3); 11
 * to 50 in I-III -> 21 (art. 9, 50 included); class IV-V, or more than 50 workers -> 60 (arts. 8, 15,
 * 16). `claseRiesgo` is the ARL class 1-5; throws a RangeError on anything else or on a worker count
 * that is not a whole number from 0 up (the API's schema refuses those first).
 */
export function listaAplicable(p: { trabajadores: number; claseRiesgo: number }): Lista0312 {
  const { trabajadores, claseRiesgo } = p;
  if (!Number.isInteger(trabajadores) || trabajadores < 0) throw new RangeError('trabajadores');
  if (!Number.isInteger(claseRiesgo) || claseRiesgo < 1 || claseRiesgo > 5)
    throw new RangeError('claseRiesgo');
  if (claseRiesgo >= 4 || trabajadores > 50) return 60;
  return trabajadores <= 10 ? 7 : 21;
}

/** The rule that chose the list (for the page's explanation). */
export function reglaDeLista(lista: Lista0312): Regla0312 {
  return regla0312(lista === 7 ? 'lista.7' : lista === 21 ? 'lista.21' : 'lista.60');
}

const tieneTexto = (s: string | null | undefined) => (s ?? '').trim().length > 0;

/**
 * Scores an evaluation by the literal art. 27 (docs/res-0312.md §3, §3.1; docs/decisions/133): the
 * 60 items of the Tabla de Valores, 'cumple' = the item's weight, 'no_cumple' = 0, 'no_aplica' = the
 * weight (with a justification on an item of the company's list; without one it scores 0 and is an
 * error). Items outside a 7- or 21-item list are 'No aplica' at full weight whatever was answered.
 * Unknown codes, repeated codes and unanswered list items are errors. The result is computed even with
 * errors (a draft shows its score); `errores` empty means the evaluation is complete.
 */
export function calificar(p: {
  lista: Lista0312;
  respuestas: readonly RespuestaItem0312[];
}): Calificacion0312 {
  const { lista } = p;
  const errores: ErrorAutoevaluacion[] = [];
  const respuestas = new Map<string, RespuestaItem0312>();
  const repetidos = new Set<string>();
  for (const r of p.respuestas) {
    if (!esCodigo0312(r.codigo)) {
      errores.push({
        codigo: r.codigo,
        regla: 'codigo.desconocido',
        mensaje: M.autoevaluacionCodigoDesconocido(r.codigo),
      });
    } else if (respuestas.has(r.codigo)) {
      repetidos.add(r.codigo);
    } else {
      respuestas.set(r.codigo, r);
    }
  }

  let total = 0;
  let listaObtenido = 0;
  let listaPosible = 0;
  const items: ItemCalificado0312[] = ESTANDARES_0312.map((e) => {
    const peso = centesimas(e.peso);
    if (!enLista(e, lista)) {
      total += peso;
      return { codigo: e.codigo, peso: e.peso, respuesta: 'no_aplica', puntos: e.peso, fueraDeLista: true };
    }
    listaPosible += peso;
    if (repetidos.has(e.codigo)) {
      errores.push({
        codigo: e.codigo,
        regla: 'respuesta.faltante',
        mensaje: M.autoevaluacionCodigoRepetido(e.codigo),
      });
    }
    const r = respuestas.get(e.codigo);
    let puntos = 0;
    if (!r) {
      errores.push({
        codigo: e.codigo,
        regla: 'respuesta.faltante',
        mensaje: M.autoevaluacionSinRespuesta(e.codigo),
      });
    } else if (r.respuesta === 'cumple') {
      puntos = peso;
    } else if (r.respuesta === 'no_aplica') {
      if (tieneTexto(r.justificacion)) puntos = peso;
      else
        errores.push({
          codigo: e.codigo,
          regla: 'no-aplica.justificacion',
          mensaje: M.autoevaluacionNoAplicaSinJustificacion(e.codigo),
        });
    }
    total += puntos;
    listaObtenido += puntos;
    return {
      codigo: e.codigo,
      peso: e.peso,
      respuesta: r?.respuesta ?? null,
      puntos: aPuntos(puntos),
      fueraDeLista: false,
    };
  });

  const puntaje = aPuntos(total);
  return {
    lista,
    puntaje,
    // Obtained / possible x 100, rounded to hundredths of a percent from integers.
    porcentajeLista: listaPosible === 0 ? 100 : Math.round((listaObtenido * 10_000) / listaPosible) / 100,
    clasificacion: clasificar(puntaje),
    items,
    pisoLista: pisoLista(lista),
    errores,
  };
}

/** Art. 28's bands: < 60 crítico; 60 to 85 inclusive moderadamente aceptable; > 85 aceptable. */
export function clasificar(puntaje: number): Clasificacion0312 {
  const c = centesimas(puntaje);
  if (c < 6000) return 'Crítico';
  if (c <= 8500) return 'Moderadamente aceptable';
  return 'Aceptable';
}

export type Valoracion0312 = {
  clasificacion: Clasificacion0312;
  /** The criterion as the table writes it. */
  criterio: string;
  /** The action the table requires (its text). */
  accion: string;
  /** The improvement plan must be made at once ("de inmediato"). */
  planInmediato: boolean;
  /** An improvement plan is required. */
  requierePlan: boolean;
  /** Months after the evaluation to send the ARL a progress report, or null. */
  mesesReporteArl: 3 | 6 | null;
  /** Ministerio del Trabajo visit plan. */
  visitaMinTrabajo: boolean;
  baseLegal: string;
};

/** Art. 28's table as data (docs/res-0312.md §4). */
export const VALORACIONES_0312: Record<Clasificacion0312, Valoracion0312> = {
  Crítico: {
    clasificacion: 'Crítico',
    criterio: M.autoevaluacionCriterioCritico,
    accion: M.autoevaluacionAccionCritico,
    planInmediato: true,
    requierePlan: true,
    mesesReporteArl: 3,
    visitaMinTrabajo: true,
    baseLegal: `${RES} art. 28`,
  },
  'Moderadamente aceptable': {
    clasificacion: 'Moderadamente aceptable',
    criterio: M.autoevaluacionCriterioModerado,
    accion: M.autoevaluacionAccionModerado,
    planInmediato: false,
    requierePlan: true,
    mesesReporteArl: 6,
    visitaMinTrabajo: true,
    baseLegal: `${RES} art. 28`,
  },
  Aceptable: {
    clasificacion: 'Aceptable',
    criterio: M.autoevaluacionCriterioAceptable,
    accion: M.autoevaluacionAccionAceptable,
    planInmediato: false,
    requierePlan: false,
    mesesReporteArl: null,
    visitaMinTrabajo: false,
    baseLegal: `${RES} art. 28`,
  },
};

/**
 * The dates a result triggers, from the evaluation's Colombian date 'YYYY-MM-DD' (art. 28; art. 26 for
 * the annual plan). Months are calendar months (sumarMeses: 30 Nov + 3 = 28 or 29 Feb).
 */
export function plazosPorClasificacion(
  clasificacion: Clasificacion0312,
  fechaEvaluacion: string,
): Plazos0312 {
  if (!esFechaIso(fechaEvaluacion)) throw new RangeError('fechaEvaluacion');
  const v = VALORACIONES_0312[clasificacion];
  const ano = Number(fechaEvaluacion.slice(0, 4));
  const mes = Number(fechaEvaluacion.slice(5, 7));
  return {
    planInmediato: v.planInmediato ? fechaEvaluacion : null,
    reporteArl: v.mesesReporteArl === null ? null : sumarMeses(fechaEvaluacion, v.mesesReporteArl),
    // The first July after the evaluation's month: an evaluation made in July reports the next July.
    avancesJulio: v.requierePlan ? fechaIso(mes < 7 ? ano : ano + 1, 7, 31) : null,
    inicioPlanAnual: fechaIso(ano + 1, 1, 1),
  };
}

const CAMPOS_PLAN = ['actividad', 'responsable', 'plazo', 'recursos'] as const;

/**
 * The improvement plan's minimum content (art. 28): each item that is not met has at least one action
 * with activity, responsible, deadline (a valid date) and resources. An action for a code outside the
 * table is an error; actions for items that are met are allowed (voluntary improvements).
 * `noCumplidos`: the codes answered 'no_cumple' (e.g. from calificar's items).
 */
export function validarPlan(
  noCumplidos: readonly string[],
  plan: readonly AccionPlan0312[],
): ErrorAutoevaluacion[] {
  const errores: ErrorAutoevaluacion[] = [];
  for (const a of plan) {
    if (!esCodigo0312(a.codigo))
      errores.push({
        codigo: a.codigo,
        regla: 'codigo.desconocido',
        mensaje: M.autoevaluacionCodigoDesconocido(a.codigo),
      });
  }
  const faltantes = (a: AccionPlan0312) =>
    CAMPOS_PLAN.filter((c) => (c === 'plazo' ? !esFechaIso((a.plazo ?? '').trim()) : !tieneTexto(a[c])));
  for (const codigo of new Set(noCumplidos)) {
    const acciones = plan.filter((a) => a.codigo === codigo);
    if (acciones.length === 0) {
      errores.push({ codigo, regla: 'plan', mensaje: M.autoevaluacionPlanFaltante(codigo) });
      continue;
    }
    if (acciones.some((a) => faltantes(a).length === 0)) continue;
    // Name what the most complete action still lacks.
    const falta = acciones.map(faltantes).reduce((a, b) => (b.length < a.length ? b : a));
    errores.push({ codigo, regla: 'plan', mensaje: M.autoevaluacionPlanIncompleto(codigo, falta) });
  }
  return errores;
}

/** The codes answered 'no_cumple' on the company's list (what validarPlan needs). */
export function noCumplidos(calificacion: Pick<Calificacion0312, 'items'>): string[] {
  return calificacion.items
    .filter((i) => !i.fueraDeLista && i.respuesta === 'no_cumple')
    .map((i) => i.codigo);
}

/**
 * The plan's overdue actions on a Colombian day `hoy` ('YYYY-MM-DD'): not 'cumplida' and with a
 * deadline before `hoy` (an action due today is not overdue yet). Actions without a valid deadline are
 * not counted here (validarPlan reports them).
 */
export function accionesVencidas<T extends AccionPlan0312>(plan: readonly T[], hoy: string): T[] {
  if (!esFechaIso(hoy)) throw new RangeError('hoy');
  return plan.filter((a) => {
    const plazo = (a.plazo ?? '').trim();
    return a.estado !== 'cumplida' && esFechaIso(plazo) && plazo < hoy;
  });
}
