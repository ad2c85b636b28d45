import { finVigencia, MSG, type ReglaVigencia } from '@proveedores/domain';
import { AppError } from '../../errors';
import { addDays } from '../../lib/clock';
import type { Vigencias } from './entrega-sql';

/**
 * Validity of an approval (docs/decisions/060), in Colombian calendar dates:
 * - the date the reviewer enters, if any: not before today, not after today + maxDays;
 * - else, when the requirement has a validity rule (decision 105), the end the rule gives from the
 *   dates the document states (see `byRule`);
 * - else today + the requirement's vigencia_dias, capped at today + maxDays;
 * - else null (the requirement does not expire).
 */
export function validityWindow(hoy: string, maxDays: number): Vigencias {
  const maxima = addDays(hoy, maxDays);
  const porDias = (dias: number | null) => (dias === null ? null : minDate(addDays(hoy, dias), maxima));
  return {
    maxima,
    sugerida: (dias, regla) =>
      regla ? byRule({ hoy, maxDays, vigenciaDias: dias, ...regla }) : porDias(dias),
  };
}

/** A requirement's rule with the entrega's document dates and the company's NIT. */
export type ReglaDeEntrega = { regla: ReglaVigencia; fechas: FechasDocumento; nit: string };

/** The rule data of a row that selects r.regla_vigencia, the entrega's dates and the company NIT. */
export function reglaDeFila(r: {
  regla_vigencia: ReglaVigencia | string | null;
  fecha_expedicion: string | null;
  fecha_vencimiento_doc: string | null;
  proximo_examen: string | null;
  periodo_certificado: string | null;
  nit: string;
}): ReglaDeEntrega | null {
  const regla = (
    typeof r.regla_vigencia === 'string' ? JSON.parse(r.regla_vigencia) : r.regla_vigencia
  ) as ReglaVigencia | null;
  return (
    regla && {
      regla,
      fechas: {
        expedicion: r.fecha_expedicion,
        vencimiento: r.fecha_vencimiento_doc,
        proximoExamen: r.proximo_examen,
        periodo: r.periodo_certificado,
      },
      nit: r.nit,
    }
  );
}

/** The dates an entrega stores from its document (decision 105), ISO or null. */
export type FechasDocumento = {
  expedicion: string | null;
  vencimiento: string | null;
  proximoExamen: string | null;
  /** 'YYYY-MM': the month a "del mes vigente" certificate certifies. */
  periodo: string | null;
};

/**
 * The end a rule gives (decision 105). The legal rule decides, so no maxDays cap (a medical concept
 * may run three years). A document that states no issue date counts from the approval day, as
 * before the rules; a policy that states no end date falls back to approval + vigencia_dias.
 */
export function byRule(opts: {
  hoy: string;
  maxDays: number;
  regla: ReglaVigencia;
  fechas: FechasDocumento;
  nit: string;
  vigenciaDias: number | null;
}): string | null {
  const { regla, fechas, hoy } = opts;
  if (regla.tipo === 'fecha_del_documento' && !fechas.vencimiento)
    return validityWindow(hoy, opts.maxDays).sugerida(opts.vigenciaDias, null);
  const periodo = fechas.periodo && /^\d{4}-(0[1-9]|1[0-2])$/.test(fechas.periodo) ? fechas.periodo : null;
  return finVigencia(regla, {
    expedicion: fechas.expedicion ?? hoy,
    vencimiento: fechas.vencimiento,
    proximoExamen: fechas.proximoExamen,
    periodo: periodo ? { ano: Number(periodo.slice(0, 4)), mes: Number(periodo.slice(5, 7)) } : null,
    nit: opts.nit,
  });
}

export function resolveValidity(opts: {
  hoy: string;
  maxDays: number;
  vigenciaDias: number | null;
  entered?: string | null;
  regla?: ReglaDeEntrega | null;
}): string | null {
  const window = validityWindow(opts.hoy, opts.maxDays);
  const suggested = window.sugerida(opts.vigenciaDias, opts.regla ?? null);
  // The review form sends the suggestion back as entered: the rule's own end is not held to the
  // reviewer's window (a medical concept may run three years; an old certificate may have ended).
  if (opts.entered && opts.regla && opts.entered === suggested) return suggested;
  if (opts.entered) {
    if (opts.entered < opts.hoy) throw new AppError('bad_request', MSG.reviewValidityPast);
    if (opts.entered > window.maxima)
      throw new AppError('bad_request', MSG.reviewValidityTooFar(opts.maxDays, window.maxima));
    return opts.entered;
  }
  return suggested;
}

const minDate = (a: string, b: string) => (a < b ? a : b);
