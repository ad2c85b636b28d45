/**
 * The one way a person reads a date in the portal (screens, PDF, Excel and CSV exports, e-mails,
 * messages): 'dd/mm/aaaa', with the time as 'dd/mm/aaaa HH:MM', always in Colombian time whatever
 * the zone of the browser or server. Periods read 'Noviembre 2026' (formatLapso, below). ISO stays
 * only in what machines read (the API, stored values, file names). Decisions 092, 168. Which
 * day an instant falls on, and the zone, are calendario.ts' (decision 174).
 */
import { ZONA_COLOMBIA as ZONE } from './calendario';

let dayParts: Intl.DateTimeFormat | undefined;
let timeParts: Intl.DateTimeFormat | undefined;

function parts(fmt: Intl.DateTimeFormat, d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** A calendar day 'YYYY-MM-DD' (taken as is, no zone shift) or an instant, as Colombian 'dd/mm/aaaa'. */
export function formatDia(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  dayParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const p = parts(dayParts, d);
  return `${p.day}/${p.month}/${p.year}`;
}

/** An instant as Colombian 'dd/mm/aaaa HH:MM' ('' for null or garbage). */
export function formatDiaHora(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  timeParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = parts(timeParts, d);
  return `${formatDia(d)} ${p.hour}:${p.minute}`;
}

export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** 'Noviembre 2026'. */
export function formatLapso(ano: number, mes: number): string {
  return `${MESES[mes - 1]} ${ano}`;
}
