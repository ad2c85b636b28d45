import { MSG } from '@proveedores/domain';
import { AppError } from '../../errors';
import { addDays } from '../../lib/clock';
import type { Vigencias } from './entrega-sql';

/**
 * Validity of an approval (docs/decisions/060), in Colombian calendar dates:
 * - the date the reviewer enters, if any: not before today, not after today + maxDays;
 * - else today + the requirement's vigencia_dias, capped at today + maxDays;
 * - else null (the requirement does not expire).
 */
export function validityWindow(hoy: string, maxDays: number): Vigencias {
  const maxima = addDays(hoy, maxDays);
  return {
    maxima,
    sugerida: (dias) => (dias === null ? null : minDate(addDays(hoy, dias), maxima)),
  };
}

export function resolveValidity(opts: {
  hoy: string;
  maxDays: number;
  vigenciaDias: number | null;
  entered?: string | null;
}): string | null {
  const window = validityWindow(opts.hoy, opts.maxDays);
  if (opts.entered) {
    if (opts.entered < opts.hoy) throw new AppError('bad_request', MSG.reviewValidityPast);
    if (opts.entered > window.maxima)
      throw new AppError('bad_request', MSG.reviewValidityTooFar(opts.maxDays, window.maxima));
    return opts.entered;
  }
  return window.sugerida(opts.vigenciaDias);
}

const minDate = (a: string, b: string) => (a < b ? a : b);
