import { formatDiaHora } from '@proveedores/domain';

/**
 * Dates as people read them: Colombian time whatever the browser's zone is (the server's dates,
 * validity ends and date filters are Colombian days). How a date reads is the domain's
 * (domain/src/dates.ts, decision 092); which day it is in Colombia is calendario.ts'
 * (hoyEnColombia(new Date()): the browser's now, decision 174); this file only adds what the web
 * needs besides.
 */
/** An ISO instant as Colombian 'dd/mm/aaaa HH:MM' ('' for null or garbage), decision 092. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatDiaHora(iso);
}

/**
 * A Calendar's value and back (decision 117): PrimeReact's Calendar works in the browser's local
 * days, so an ISO day becomes local midnight and a picked Date its local calendar day; no zone
 * arithmetic, so the day typed is the day sent, in any zone.
 */
export function isoToDate(iso: string | null): Date | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}
export function dateToIso(d: Date | null | undefined): string | null {
  if (!d) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
