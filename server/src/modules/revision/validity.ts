import {
  sumarDias,
  fechasFaltantes,
  finDeRevision,
  formatDia,
  MSG,
  NOMBRE_FECHA,
  type CampoFecha,
  type FechasLeidas,
  type ReglaVigencia,
} from '@proveedores/domain';
import { AppError } from '../../errors';
import type { Vigencias } from './entrega-sql';

/**
 * Validity of an approval (docs/decisions/060, 105, 113), in Colombian calendar dates:
 * - when the requirement has a validity rule, the end the rule gives from the document dates (the
 *   ones stored on the entrega, as the reviewer confirmed or corrected them). Never typed by hand:
 *   a `vigenciaHasta` other than that end is refused, and a date the rule needs that nobody gave
 *   refuses the approval with the date named;
 * - else the date the reviewer enters, if any: not before today, not after today + maxDays;
 * - else today + the requirement's vigencia_dias, capped at today + maxDays;
 * - else null (the requirement does not expire).
 */
export function validityWindow(hoy: string, maxDays: number): Vigencias {
  const maxima = sumarDias(hoy, maxDays);
  const porDias = (dias: number | null) => (dias === null ? null : minDate(sumarDias(hoy, dias), maxima));
  return {
    maxima,
    sugerida: (dias, regla) => (regla ? byRule(regla) : porDias(dias)),
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
export type FechasDocumento = FechasLeidas & {
  /** 'YYYY-MM': the month a "del mes vigente" certificate certifies. */
  periodo: string | null;
};

/** The end a rule gives with the entrega's dates (decisions 105, 113): `finDeRevision`. */
export const byRule = ({ regla, fechas, nit }: ReglaDeEntrega): string | null =>
  finDeRevision(regla, fechas, fechas.periodo, nit);

/** The dates the rule needs that nobody gave (`fechasFaltantes`). */
export const faltantes = ({ regla, fechas, nit }: ReglaDeEntrega): CampoFecha[] =>
  fechasFaltantes(regla, fechas, fechas.periodo, nit);

export function resolveValidity(opts: {
  hoy: string;
  maxDays: number;
  vigenciaDias: number | null;
  entered?: string | null;
  regla?: ReglaDeEntrega | null;
}): string | null {
  const { regla } = opts;
  if (regla) {
    const falta = faltantes(regla);
    if (falta.length > 0)
      throw new AppError(
        'bad_request',
        MSG.reviewDatesMissing(
          falta.map((c) => NOMBRE_FECHA[c]),
          MSG.reglaVigenciaTipo[regla.regla.tipo],
        ),
      );
    const fin = byRule(regla);
    // The review form of before decision 113 sent the suggestion back: equal is accepted.
    if (opts.entered && opts.entered !== fin) throw new AppError('bad_request', MSG.reviewValidityByRule);
    return fin;
  }
  const window = validityWindow(opts.hoy, opts.maxDays);
  if (opts.entered) {
    if (opts.entered < opts.hoy) throw new AppError('bad_request', MSG.reviewValidityPast);
    if (opts.entered > window.maxima)
      throw new AppError('bad_request', MSG.reviewValidityTooFar(opts.maxDays, formatDia(window.maxima)));
    return opts.entered;
  }
  return window.sugerida(opts.vigenciaDias, null);
}

const minDate = (a: string, b: string) => (a < b ? a : b);
