/**
 * Dates as staff read them: the portal works in Colombian time whatever the browser's zone is
 * (the server's dates, validity ends and date filters are Colombian days).
 */
const ZONE = 'America/Bogota';

const dayFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Today in Colombia as YYYY-MM-DD. */
export function todayColombia(now: Date = new Date()): string {
  return dayFmt.format(now);
}

/** An ISO instant as 'YYYY-MM-DD HH:MM' in Colombia ('' for null or garbage). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${dayFmt.format(d)} ${timeFmt.format(d)}`;
}
