import { enesimoDiaHabil, mesSiguiente } from '../calendario';

/**
 * PILA payment deadlines (decision 106): the N-th business day of the payment month, chosen by the
 * last two digits of the aportante's NIT without its check digit. One table for every kind of
 * aportante since March 2017.
 *
 * Source: Decreto 1990 de 2016 (MinSalud, 6 de diciembre de 2016), which substitutes art. 3.2.2.1 of
 * Decreto 780 de 2016 ("plazos para la autoliquidación y pago de los aportes"); in force from the
 * period paid in March 2017 (vigencia 6 de marzo de 2017). Copied from the reference data decision 106
 * names (three independent sources there give the same 15 bands).
 */
export const FUENTE_PLAZOS_PILA =
  'Decreto 780 de 2016 art. 3.2.2.1, sustituido por el Decreto 1990 de 2016 (vigente desde el 6 de marzo de 2017)';

/** The month from which the table applies (periods paid before followed Decreto 1670 de 2007). */
export const PLAZOS_PILA_DESDE = { ano: 2017, mes: 3 } as const;

/** [first, last] of the last two digits of the NIT -> business day of the payment month. */
export const PLAZOS_PILA: ReadonlyArray<{ desde: number; hasta: number; diaHabil: number }> = [
  { desde: 0, hasta: 7, diaHabil: 2 },
  { desde: 8, hasta: 14, diaHabil: 3 },
  { desde: 15, hasta: 21, diaHabil: 4 },
  { desde: 22, hasta: 28, diaHabil: 5 },
  { desde: 29, hasta: 35, diaHabil: 6 },
  { desde: 36, hasta: 42, diaHabil: 7 },
  { desde: 43, hasta: 49, diaHabil: 8 },
  { desde: 50, hasta: 56, diaHabil: 9 },
  { desde: 57, hasta: 63, diaHabil: 10 },
  { desde: 64, hasta: 69, diaHabil: 11 },
  { desde: 70, hasta: 75, diaHabil: 12 },
  { desde: 76, hasta: 81, diaHabil: 13 },
  { desde: 82, hasta: 87, diaHabil: 14 },
  { desde: 88, hasta: 93, diaHabil: 15 },
  { desde: 94, hasta: 99, diaHabil: 16 },
];

/**
 * The NIT's digits without the check digit: '900123456-8' and '900.123.456-8' give '900123456';
 * a bare '900123456' is taken as having no check digit (the portal stores NIT and DV apart).
 */
function nitSinDv(nit: string): string {
  const sinDv = nit.includes('-') ? nit.slice(0, nit.lastIndexOf('-')) : nit;
  return sinDv.replace(/\D/g, '');
}

/** The business day (2.º to 16.º) of the payment month for a NIT; throws for a NIT without digits. */
export function diaHabilPila(nit: string): number {
  const digits = nitSinDv(nit);
  if (digits.length === 0) throw new RangeError('NIT without digits');
  const last2 = Number(digits.slice(-2));
  return PLAZOS_PILA.find((b) => last2 >= b.desde && last2 <= b.hasta)!.diaHabil;
}

/** The PILA deadline (ISO date) in a payment month for a NIT. */
export function plazoPila(nit: string, pago: { ano: number; mes: number }): string {
  return enesimoDiaHabil(pago.ano, pago.mes, diaHabilPila(nit));
}

/**
 * The deadline of a contribution period (planilla E: the contributions of month M are paid in M+1,
 * deadlines.md 'Which month'). Period April 2025 of NIT 900123456 -> 2025-05-14.
 */
export function plazoPilaDelPeriodo(nit: string, periodo: { ano: number; mes: number }): string {
  return plazoPila(nit, mesSiguiente(periodo));
}
