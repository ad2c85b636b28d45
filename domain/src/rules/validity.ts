import { z } from 'zod';
import { diaNumero, esFechaIso, mesSiguiente, sumarDias, sumarMeses } from '../calendario';
import { plazoPila } from './pila-deadlines';

/**
 * Legal validity of a document (decision 105): a rule per requirement of the catalogue, each with
 * its legal basis, and one pure function that gives the last day a document is valid and its state
 * on a Colombian calendar date passed in. Nothing here reads the clock: the caller gives `hoy`
 * (calendario.ts' hoyEnColombia of its own clock, decision 174), so the browser, the server's SQL and the reminders agree.
 *
 * The dates come from the document (its issue date, the end date it states, the next exam date of
 * a medical concept), never from the approval: counting from approval shifted every expiry by the
 * review delay.
 */

export const TIPOS_VIGENCIA = [
  'sin_vencimiento',
  'dias_desde_expedicion',
  'fecha_del_documento',
  'mes_certificado',
  'por_proyecto',
  'segun_concepto',
] as const;
export type TipoVigencia = (typeof TIPOS_VIGENCIA)[number];

/** Defaults of the rule parameters (decision 105). */
export const MESES_SIN_CAMBIO_ALTURAS = 18;
export const MESES_MAXIMOS_CONCEPTO = 36;

const baseLegal = z.string().trim().min(3).max(500);

export const reglaVigencia = z.discriminatedUnion('tipo', [
  /**
   * Never expires by itself (identity documents, programmes, signed records). With
   * `vencimientoSiLoIndica`, an end date the document itself states is honoured (a competency
   * certificate that carries its own, decision 183); without one it still does not expire.
   */
  z.object({
    tipo: z.literal('sin_vencimiento'),
    vencimientoSiLoIndica: z.boolean().optional(),
    baseLegal,
  }),
  /** Valid `dias` days from the issue date the document states (day `dias` after it included). */
  z.object({
    tipo: z.literal('dias_desde_expedicion'),
    dias: z.number().int().min(1).max(3650),
    baseLegal,
  }),
  /** Valid until the end date the document itself states (policies, licences, certificates). */
  z.object({ tipo: z.literal('fecha_del_documento'), baseLegal }),
  /**
   * "Del mes vigente": valid for the month it certifies (by default the month of its issue date)
   * and until the PILA deadline of the next month for the company's NIT.
   */
  z.object({ tipo: z.literal('mes_certificado'), baseLegal }),
  /**
   * One per project the worker joins (the slot is per contract and worker), then an update after
   * `mesesSinCambio` months without change, counted from the document's issue date.
   */
  z.object({
    tipo: z.literal('por_proyecto'),
    mesesSinCambio: z.number().int().min(1).max(120).default(MESES_SIN_CAMBIO_ALTURAS),
    baseLegal,
  }),
  /**
   * Until the next exam date the medical concept states, never later than `mesesMaximos` months
   * after the exam (its issue date); without a stated date, the maximum.
   */
  z.object({
    tipo: z.literal('segun_concepto'),
    mesesMaximos: z.number().int().min(1).max(120).default(MESES_MAXIMOS_CONCEPTO),
    baseLegal,
  }),
]);
export type ReglaVigencia = z.output<typeof reglaVigencia>;
export type ReglaVigenciaInput = z.input<typeof reglaVigencia>;

/** The dates a rule reads. ISO 'YYYY-MM-DD' or null/absent. */
export type DatosVigencia = {
  /** Issue date the document states (fecha de expedición; for a medical concept, the exam date). */
  expedicion?: string | null;
  /** End date the document states (vigente hasta, fecha de vencimiento). */
  vencimiento?: string | null;
  /** Next exam date a medical concept states (próximo examen / próximo control). */
  proximoExamen?: string | null;
  /** Month the document certifies (mes_certificado); the month of `expedicion` when absent. */
  periodo?: { ano: number; mes: number } | null;
  /** The company's NIT (mes_certificado: the PILA deadline depends on it). */
  nit?: string | null;
};

const fecha = (v: string | null | undefined): string | null => (v && esFechaIso(v) ? v : null);
const menor = (a: string, b: string) => (a < b ? a : b);

/**
 * The last day the document is valid (inclusive), ISO, or null when it does not expire
 * (sin_vencimiento) or when the dates the rule needs are missing (see `evaluarVigencia`).
 */
export function finVigencia(regla: ReglaVigencia, datos: DatosVigencia): string | null {
  const expedicion = fecha(datos.expedicion);
  switch (regla.tipo) {
    case 'sin_vencimiento':
      return regla.vencimientoSiLoIndica ? fecha(datos.vencimiento) : null;
    case 'dias_desde_expedicion':
      return expedicion && sumarDias(expedicion, regla.dias);
    case 'fecha_del_documento':
      return fecha(datos.vencimiento);
    case 'mes_certificado': {
      const periodo =
        datos.periodo ??
        (expedicion ? { ano: Number(expedicion.slice(0, 4)), mes: Number(expedicion.slice(5, 7)) } : null);
      if (!periodo || !datos.nit || !/\d/.test(datos.nit)) return null;
      return plazoPila(datos.nit, mesSiguiente(periodo));
    }
    case 'por_proyecto':
      return expedicion && sumarMeses(expedicion, regla.mesesSinCambio);
    case 'segun_concepto': {
      const proximo = fecha(datos.proximoExamen);
      const tope = expedicion && sumarMeses(expedicion, regla.mesesMaximos);
      if (proximo && tope) return menor(proximo, tope);
      return proximo ?? tope;
    }
  }
}

/** Which document dates a rule reads (what the upload form asks for and the reader pre-fills). */
export function fechasQuePide(
  regla: Pick<ReglaVigencia, 'tipo'> & { vencimientoSiLoIndica?: boolean },
): Array<keyof DatosVigencia> {
  switch (regla.tipo) {
    case 'sin_vencimiento':
      return regla.vencimientoSiLoIndica ? ['vencimiento'] : [];
    case 'dias_desde_expedicion':
    case 'mes_certificado':
    case 'por_proyecto':
      return ['expedicion'];
    case 'fecha_del_documento':
      return ['vencimiento'];
    case 'segun_concepto':
      return ['expedicion', 'proximoExamen'];
  }
}

/**
 * vigente: valid, more than `diasAviso` days left; por_vencer: valid, the end within `diasAviso`
 * days (today included); vencido: the end date has passed; sin_fecha: the rule needs a date the
 * document did not give. The same bounds as the SQL of the report (end < hoy: vencido;
 * end <= hoy + diasAviso: por vencer).
 */
export const ESTADOS_VIGENCIA = ['vigente', 'por_vencer', 'vencido', 'sin_fecha'] as const;
export type EstadoVigencia = (typeof ESTADOS_VIGENCIA)[number];

export function estadoDeFin(
  fin: string,
  hoy: string,
  diasAviso: number,
): Exclude<EstadoVigencia, 'sin_fecha'> {
  const restantes = diaNumero(fin) - diaNumero(hoy);
  if (restantes < 0) return 'vencido';
  return restantes <= diasAviso ? 'por_vencer' : 'vigente';
}

export type Vigencia = { fin: string | null; estado: EstadoVigencia };

/** The validity of a document on `hoy` (a Colombian calendar date 'YYYY-MM-DD'). */
export function evaluarVigencia(
  regla: ReglaVigencia,
  datos: DatosVigencia,
  hoy: string,
  diasAviso: number,
): Vigencia {
  if (!esFechaIso(hoy)) throw new RangeError(`hoy must be an ISO date: ${hoy}`);
  if (regla.tipo === 'sin_vencimiento') {
    // Its own end date when it states one and the rule honours it; else it does not expire.
    const propia = finVigencia(regla, datos);
    return propia === null
      ? { fin: null, estado: 'vigente' }
      : { fin: propia, estado: estadoDeFin(propia, hoy, diasAviso) };
  }
  const fin = finVigencia(regla, datos);
  return fin === null
    ? { fin: null, estado: 'sin_fecha' }
    : { fin, estado: estadoDeFin(fin, hoy, diasAviso) };
}
