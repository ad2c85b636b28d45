/**
 * The types of the yearly self-evaluation against the SG-SST minimum standards (Resolución 0312 de
 * 2019, arts. 25-28; docs/res-0312.md, docs/decisions/133). The values in quotes ('cumple',
 * 'Crítico', 'pendiente'...) are the API's contract (api.ts) and what is stored.
 */

/** Which list of standards a company must meet: art. 3 (7 items), art. 9 (21) or Capítulo III (60). */
export const LISTAS_0312 = [7, 21, 60] as const;
export type Lista0312 = (typeof LISTAS_0312)[number];

export const CICLOS_0312 = ['PLANEAR', 'HACER', 'VERIFICAR', 'ACTUAR'] as const;
export type Ciclo0312 = (typeof CICLOS_0312)[number];

/** The answer columns of the art. 27 form: Cumple totalmente, No cumple, No aplica. */
export const RESPUESTAS_0312 = ['cumple', 'no_cumple', 'no_aplica'] as const;
export type Respuesta0312 = (typeof RESPUESTAS_0312)[number];

/** The valoración of art. 28's table. */
export const CLASIFICACIONES_0312 = ['Crítico', 'Moderadamente aceptable', 'Aceptable'] as const;
export type Clasificacion0312 = (typeof CLASIFICACIONES_0312)[number];

/** The state of one action of the improvement plan. */
export const ESTADOS_ACCION_PLAN = ['pendiente', 'en_curso', 'cumplida'] as const;
export type EstadoAccionPlan = (typeof ESTADOS_ACCION_PLAN)[number];

/** One item of the Tabla de Valores (art. 27), as in server/src/db/seed-data/estandares-0312.csv. */
export type Estandar0312 = {
  /** '1.1.1' ... '7.1.4' */
  codigo: string;
  ciclo: Ciclo0312;
  /** The group with its percentage, e.g. 'RECURSOS (10%)'. */
  estandar: string;
  /** The sub-standard with its percentage. */
  subestandar: string;
  /** The short name in the Tabla de Valores. */
  item: string;
  /** Points of the item (a multiple of 0.25); the 60 add up to 100. */
  peso: number;
  /** On the art. 3 list (10 or fewer workers, risk I-III). */
  aplica7: boolean;
  /** On the art. 9 list (11 to 50 workers, risk I-III). */
  aplica21: boolean;
  /** The CSV's `fuente`: where the row was read and cross-checked. */
  fuente: string;
  /** Part of the row (name or list membership) could not be checked against a second source. */
  sinVerificar: boolean;
};

/** One answer of the form. A justification is required for 'no_aplica' on an item of the list. */
export type RespuestaItem0312 = {
  codigo: string;
  respuesta: Respuesta0312;
  justificacion?: string | null;
};

/** One item of a scored evaluation, in the table's order. */
export type ItemCalificado0312 = {
  codigo: string;
  peso: number;
  /** What counts: outside the company's list always 'no_aplica'; null when a list item is unanswered. */
  respuesta: Respuesta0312 | null;
  puntos: number;
  /** Outside the company's list (art. 27: 'No aplica' at full weight, no answer needed). */
  fueraDeLista: boolean;
};

/** A problem that keeps an evaluation (or its plan) from being complete, in Spanish. */
export type ErrorAutoevaluacion = {
  /** The item it is about, when there is one. */
  codigo: string | null;
  /** Which rule of REGLAS_0312 (reglas.ts) it comes from. */
  regla: string;
  mensaje: string;
};

export type Calificacion0312 = {
  lista: Lista0312;
  /** 0-100, the art. 28 percentage: the sum of the 60 items' points, 2 decimals. */
  puntaje: number;
  /** Points obtained on the company's own list / the list's points x 100 (for information). */
  porcentajeLista: number;
  clasificacion: Clasificacion0312;
  items: ItemCalificado0312[];
  /** The weight outside the list, scored whatever the company does: 87.5 (7), 62.25 (21), 0 (60). */
  pisoLista: number;
  errores: ErrorAutoevaluacion[];
};

/** One action of the improvement plan (art. 28 minimum content: activity, responsible, term, resources). */
export type AccionPlan0312 = {
  codigo: string;
  actividad?: string | null;
  responsable?: string | null;
  /** 'YYYY-MM-DD' (a Colombian calendar day). */
  plazo?: string | null;
  recursos?: string | null;
  estado: EstadoAccionPlan;
};

/** The deadlines an evaluation's result triggers (art. 28), as Colombian dates. */
export type Plazos0312 = {
  /** The improvement plan is due: the evaluation's date for 'Crítico' ("de inmediato"), else null. */
  planInmediato: string | null;
  /** Last day to send the ARL the progress report: +3 months (Crítico), +6 (Moderadamente), else null. */
  reporteArl: string | null;
  /** Last day of the first July after the evaluation's month, when a plan is required (art. 28). */
  avancesJulio: string | null;
  /** The next Plan Anual starts on 1 January after the evaluation (art. 26). */
  inicioPlanAnual: string;
};
