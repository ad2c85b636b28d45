import {
  calificar,
  listaAplicable,
  noCumplidos,
  validarPlan,
  type AccionPlan0312,
  type AutoevaluacionPutBody,
  type Calificacion0312,
  type ErrorAutoevaluacion,
  type Lista0312,
  type Respuesta0312,
} from '@proveedores/domain';
import type { AutoevaluacionPagina } from '../api/autoevaluacion';

/**
 * The page's form state and what it derives, with the domain's own rules (docs/decisions/133): the
 * browser scores with the same calificar/validarPlan the server runs on save.
 */
export type Respuestas = Record<string, { respuesta: Respuesta0312 | null; justificacion: string }>;
export type Plan = Record<string, AccionPlan0312>;
export type Formulario = {
  trabajadores: number | null;
  claseRiesgo: number;
  respuestas: Respuestas;
  plan: Plan;
};

export const accionVacia = (codigo: string): AccionPlan0312 => ({
  codigo,
  actividad: '',
  responsable: '',
  plazo: null,
  recursos: '',
  estado: 'pendiente',
});

/** The form as the server answered it. One action per item (the first one stored). */
export function formularioDe(data: AutoevaluacionPagina): Formulario {
  const respuestas: Respuestas = {};
  for (const i of data.items)
    if (!i.fueraDeLista)
      respuestas[i.codigo] = { respuesta: i.respuesta, justificacion: i.justificacion ?? '' };
  const plan: Plan = {};
  for (const a of data.plan) if (!plan[a.codigo]) plan[a.codigo] = { ...a };
  return { trabajadores: data.trabajadores, claseRiesgo: data.claseRiesgo, respuestas, plan };
}

/** The list that applies, or null while the worker count is not a whole number from 1. */
export function listaDe(f: Pick<Formulario, 'trabajadores' | 'claseRiesgo'>): Lista0312 | null {
  const t = f.trabajadores;
  if (t === null || !Number.isInteger(t) || t < 1) return null;
  return listaAplicable({ trabajadores: t, claseRiesgo: f.claseRiesgo });
}

export type Derivado = {
  lista: Lista0312;
  calificacion: Calificacion0312;
  /** Codes answered 'no_cumple' on the list: each needs an action (art. 28). */
  noCumplidos: string[];
  errores: ErrorAutoevaluacion[];
};

export function derivar(f: Formulario, lista: Lista0312): Derivado {
  const respuestas = Object.entries(f.respuestas)
    .filter(([, r]) => r.respuesta !== null)
    .map(([codigo, r]) => ({
      codigo,
      respuesta: r.respuesta as Respuesta0312,
      justificacion: r.justificacion,
    }));
  const calificacion = calificar({ lista, respuestas });
  const nc = noCumplidos(calificacion);
  const plan = nc.map((c) => f.plan[c] ?? accionVacia(c));
  return {
    lista,
    calificacion,
    noCumplidos: nc,
    errores: [...calificacion.errores, ...validarPlan(nc, plan)],
  };
}

const vacioANull = (s: string | null | undefined) => {
  const t = (s ?? '').trim();
  return t === '' ? null : t;
};

/**
 * The PUT body: the answers of the list's items (outside the list nothing is sent: art. 27 scores
 * them by itself), and one action per item not met.
 */
export function cuerpoPut(f: Formulario, d: Derivado): AutoevaluacionPutBody {
  const enLista = new Set(d.calificacion.items.filter((i) => !i.fueraDeLista).map((i) => i.codigo));
  const items = Object.entries(f.respuestas)
    .filter(([codigo, r]) => enLista.has(codigo) && r.respuesta !== null)
    .map(([codigo, r]) => ({
      codigo,
      respuesta: r.respuesta as Respuesta0312,
      justificacion: r.respuesta === 'no_aplica' ? vacioANull(r.justificacion) : null,
    }));
  const plan = d.noCumplidos.map((c) => {
    const a = f.plan[c] ?? accionVacia(c);
    return {
      codigo: c,
      actividad: vacioANull(a.actividad),
      responsable: vacioANull(a.responsable),
      plazo: vacioANull(a.plazo),
      recursos: vacioANull(a.recursos),
      estado: a.estado,
    };
  });
  return { trabajadores: f.trabajadores ?? 0, claseRiesgo: f.claseRiesgo, items, plan };
}

/** '87,50': the score with its two decimals, Colombian style. */
export const puntos = (n: number) =>
  n.toLocaleString('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
