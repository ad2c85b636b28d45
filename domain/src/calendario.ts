/**
 * THE calendar of the portal (decision 174): Colombia's zone, today and the current month for an
 * instant, the instants a Colombian day starts and ends, calendar-day arithmetic, national holidays
 * and business days. Every other file calls these; none computes a Colombian day on its own.
 *
 * Functions that need "now" take the instant as a required argument: the server passes its
 * injected clock (server/src/lib/clock.ts), the browser passes `new Date()` where it means the
 * browser's now. Nothing here reads the wall clock (eslint forbids a `new Date()` default in domain/).
 *
 * ISO dates 'YYYY-MM-DD' are plain calendar days (UTC arithmetic on day numbers, so the result never
 * depends on the time zone of the browser or the server). No imports: dates.ts and the messages
 * files use this module. How a date reads (dd/mm/aaaa) is dates.ts' (decisions 092, 168).
 *
 * Holidays (decision 106): Ley 51 de 1983 (festivos trasladables al lunes siguiente) and the
 * Easter-based ones.
 * - Fixed, never moved: 1 de enero, 1 de mayo, 20 de julio, 7 de agosto, 8 y 25 de diciembre.
 * - Moved to the next Monday when they do not fall on a Monday (Ley 51 de 1983 art. 1): 6 de enero,
 *   19 de marzo, 29 de junio, 15 de agosto, 12 de octubre, 1 y 11 de noviembre.
 * - Easter-based: Jueves y Viernes Santo (not moved); Ascensión, Corpus Christi and Sagrado Corazón,
 *   each on the Monday after the Sunday the Church keeps it (Easter + 43, + 64 and + 71 days).
 * Business days are Monday to Friday minus those holidays (how PILA validators count them, see
 * rules/pila-deadlines.ts).
 */

/** The business time zone: days and months turn at midnight in Colombia. */
export const ZONA_COLOMBIA = 'America/Bogota';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export type AnoMes = { ano: number; mes: number };

// Formatters are built once, on first use: constructing one costs ~0.1 ms, which showed in the
// server's profiles.
let diaFmt: Intl.DateTimeFormat | undefined;
let horaFmt: Intl.DateTimeFormat | undefined;
let relojFmt: Intl.DateTimeFormat | undefined;

/** The Colombian calendar day 'YYYY-MM-DD' of an instant. */
export function hoyEnColombia(ahora: Date): string {
  diaFmt ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONA_COLOMBIA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return diaFmt.format(ahora);
}

/** The Colombian month (period) of an instant. */
export function periodoEnColombia(ahora: Date): AnoMes {
  const dia = hoyEnColombia(ahora);
  return { ano: Number(dia.slice(0, 4)), mes: Number(dia.slice(5, 7)) };
}

/** The hour of the day (0-23) in Colombia of an instant. */
export function horaEnColombia(ahora: Date): number {
  horaFmt ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONA_COLOMBIA,
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return Number(horaFmt.format(ahora));
}

/** How far Colombia's wall clock is from UTC at an instant, in ms (-5 h: no daylight saving since 1993). */
function desfaseColombiaMs(instante: number): number {
  relojFmt ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONA_COLOMBIA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p: Record<string, number> = {};
  for (const part of relojFmt.formatToParts(new Date(instante))) p[part.type] = Number(part.value);
  const pared =
    new Date(0).setUTCFullYear(p.year, p.month - 1, p.day) +
    ((p.hour * 60 + p.minute) * 60 + p.second) * 1000;
  return pared - Math.floor(instante / 1000) * 1000;
}

/** The instant a Colombian day 'YYYY-MM-DD' starts (00:00 in Bogotá; 05:00 UTC). */
export function inicioDiaColombia(dia: string): Date {
  const medianocheUtc = diaNumero(dia) * DAY_MS;
  return new Date(medianocheUtc - desfaseColombiaMs(medianocheUtc));
}

/** The instant a Colombian day ends, exclusive: the start of the next day (compare with `<`). */
export function finDiaColombia(dia: string): Date {
  return inicioDiaColombia(sumarDias(dia, 1));
}

/** Day number (days since 1970-01-01) of a valid ISO date; throws on anything else. */
export function diaNumero(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`not an ISO date: ${iso}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > diasDelMes(y, mo)) throw new RangeError(`not a calendar day: ${iso}`);
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  return Math.round(new Date(0).setUTCFullYear(y, mo - 1, d) / DAY_MS);
}

/** The ISO date of a day number. */
export function isoDeNumero(n: number): string {
  const d = new Date(n * DAY_MS);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** True for a real calendar day written 'YYYY-MM-DD' (2026-02-29 is not one). */
export function esFechaIso(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= diasDelMes(Number(m[1]), mo);
}

export const fechaIso = (ano: number, mes: number, dia: number) =>
  `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

export function esBisiesto(ano: number): boolean {
  return (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;
}

export function diasDelMes(ano: number, mes: number): number {
  return mes === 2 ? (esBisiesto(ano) ? 29 : 28) : [4, 6, 9, 11].includes(mes) ? 30 : 31;
}

/** The calendar day `dias` days after (negative: before). */
export function sumarDias(iso: string, dias: number): string {
  return isoDeNumero(diaNumero(iso) + dias);
}

/** Whole calendar days from `desde` to `hasta` (negative when `hasta` is earlier). */
export function diasEntre(desde: string, hasta: string): number {
  return diaNumero(hasta) - diaNumero(desde);
}

/** Whole years from `desde` to `hasta` (an age: the years completed on `hasta`). */
export function anosCumplidos(desde: string, hasta: string): number {
  const [dy, dm, dd] = desde.split('-').map(Number);
  const [hy, hm, hd] = hasta.split('-').map(Number);
  return hy - dy - (hm < dm || (hm === dm && hd < dd) ? 1 : 0);
}

/**
 * The same day `meses` months later; when that month is shorter, its last day (31 de agosto + 18
 * meses = 28 o 29 de febrero; 29 de febrero + 12 meses = 28 de febrero).
 */
export function sumarMeses(iso: string, meses: number): string {
  diaNumero(iso);
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) + meses;
  const ano = Math.floor(total / 12);
  const mes = (total % 12) + 1;
  return fechaIso(ano, mes, Math.min(d, diasDelMes(ano, mes)));
}

/** The month after (ano, mes). */
export function mesSiguiente(p: { ano: number; mes: number }): { ano: number; mes: number } {
  return p.mes === 12 ? { ano: p.ano + 1, mes: 1 } : { ano: p.ano, mes: p.mes + 1 };
}

/** 0 = domingo ... 6 = sábado. */
export function diaSemana(iso: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((diaNumero(iso) + 4) % 7) + 7) % 7;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function domingoDePascua(ano: number): string {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return fechaIso(ano, mes, dia);
}

/** The date itself when it is a Monday, else the next Monday (Ley 51 de 1983). */
function alLunes(iso: string): string {
  const w = diaSemana(iso);
  return w === 1 ? iso : sumarDias(iso, (8 - w) % 7);
}

export type Festivo = { fecha: string; nombre: string };

const cache = new Map<number, Festivo[]>();

/** Colombia's national holidays of a year, in date order (two may share a date, as on 2025-06-30). */
export function festivosColombia(ano: number): Festivo[] {
  const hit = cache.get(ano);
  if (hit) return hit;
  const pascua = domingoDePascua(ano);
  const f = (mes: number, dia: number) => fechaIso(ano, mes, dia);
  const list: Festivo[] = [
    { fecha: f(1, 1), nombre: 'Año Nuevo' },
    { fecha: alLunes(f(1, 6)), nombre: 'Día de los Reyes Magos' },
    { fecha: alLunes(f(3, 19)), nombre: 'Día de San José' },
    { fecha: sumarDias(pascua, -3), nombre: 'Jueves Santo' },
    { fecha: sumarDias(pascua, -2), nombre: 'Viernes Santo' },
    { fecha: f(5, 1), nombre: 'Día del Trabajo' },
    { fecha: sumarDias(pascua, 43), nombre: 'Ascensión del Señor' },
    { fecha: sumarDias(pascua, 64), nombre: 'Corpus Christi' },
    { fecha: sumarDias(pascua, 71), nombre: 'Sagrado Corazón de Jesús' },
    { fecha: alLunes(f(6, 29)), nombre: 'San Pedro y San Pablo' },
    { fecha: f(7, 20), nombre: 'Día de la Independencia' },
    { fecha: f(8, 7), nombre: 'Batalla de Boyacá' },
    { fecha: alLunes(f(8, 15)), nombre: 'La Asunción de la Virgen' },
    { fecha: alLunes(f(10, 12)), nombre: 'Día de la Raza' },
    { fecha: alLunes(f(11, 1)), nombre: 'Día de Todos los Santos' },
    { fecha: alLunes(f(11, 11)), nombre: 'Independencia de Cartagena' },
    { fecha: f(12, 8), nombre: 'Día de la Inmaculada Concepción' },
    { fecha: f(12, 25), nombre: 'Día de Navidad' },
  ].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  if (cache.size > 400) cache.clear();
  cache.set(ano, list);
  return list;
}

export function esFestivo(iso: string): boolean {
  return festivosColombia(Number(iso.slice(0, 4))).some((h) => h.fecha === iso);
}

/** Monday to Friday and not a national holiday. */
export function esDiaHabil(iso: string): boolean {
  const w = diaSemana(iso);
  return w !== 0 && w !== 6 && !esFestivo(iso);
}

/** The n-th business day (1 = the first) of a month; throws when the month has fewer. */
export function enesimoDiaHabil(ano: number, mes: number, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`business day ordinal ${n}`);
  let count = 0;
  for (let dia = 1; dia <= diasDelMes(ano, mes); dia++) {
    const iso = fechaIso(ano, mes, dia);
    if (esDiaHabil(iso) && ++count === n) return iso;
  }
  throw new RangeError(`${ano}-${mes} has fewer than ${n} business days`);
}
