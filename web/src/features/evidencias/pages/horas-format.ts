/**
 * The man-hours as `Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 })` writes them ('1.234,5'),
 * without creating that formatter: the first one on a page costs about 15 ms of main thread (60 ms
 * with a phone's CPU) while the locale's data loads, inside the task that paints the M04 lines
 * (blocking time, docs/decisions/146). Same rounding as ICU: half away from zero on the shortest
 * decimal form of the number (1.005 gives '1,01'). Values that form has no plain digits for
 * (exponents, -0, NaN, infinities) go to the formatter.
 */
export function formatHoras(n: number): string {
  const abs = Math.abs(n);
  const text = String(abs);
  if (!Number.isFinite(n) || Object.is(n, -0) || text.includes('e')) return intlHoras(n);
  const [ent = '0', dec = ''] = text.split('.');
  let cents = BigInt(ent + dec.slice(0, 2).padEnd(2, '0'));
  if (dec.length > 2 && dec.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  const entero = String(cents / 100n).replace(/\B(?=(\d{3})+$)/g, '.');
  const decimales = String(cents % 100n)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}${entero}${decimales ? `,${decimales}` : ''}`;
}

let formatter: Intl.NumberFormat | undefined;
export const intlHoras = (n: number) =>
  (formatter ??= new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 })).format(n);
