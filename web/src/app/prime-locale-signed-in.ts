import { addLocale, localeOptions, type LocaleOptions } from 'primereact/api';
import { MSG, PRIME_ARIA_ES } from '@proveedores/domain';
import { PRIME_LOCALE } from './prime-locale';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Names from Intl's 'es-CO' (2026-01-04 is a Sunday), formatted in UTC so no zone shifts a day. */
function nombres(opts: Intl.DateTimeFormatOptions, n: number, fecha: (i: number) => Date): string[] {
  const f = new Intl.DateTimeFormat('es-CO', { ...opts, timeZone: 'UTC' });
  return Array.from({ length: n }, (_, i) => capital(f.format(fecha(i)).replace('.', '')));
}
const mes = (i: number) => new Date(Date.UTC(2026, i, 1));
const dia = (i: number) => new Date(Date.UTC(2026, 0, 4 + i));

/**
 * After sign-in (signed-in.tsx): PrimeReact's control names (paginator, dialogs, dropdowns) in
 * Spanish for screen readers, and the Calendar's months, days and buttons in Spanish with weeks
 * from Monday. A module of its own so the login route does not carry them.
 */
export function registerSignedInPrimeLocale() {
  const current = localeOptions(PRIME_LOCALE) as LocaleOptions;
  addLocale(PRIME_LOCALE, {
    ...current,
    firstDayOfWeek: 1,
    monthNames: nombres({ month: 'long' }, 12, mes),
    monthNamesShort: nombres({ month: 'short' }, 12, mes),
    dayNames: nombres({ weekday: 'long' }, 7, dia),
    dayNamesShort: nombres({ weekday: 'short' }, 7, dia),
    dayNamesMin: nombres({ weekday: 'narrow' }, 7, dia),
    today: MSG.calendarToday,
    clear: MSG.calendarClear,
    aria: { ...current.aria, ...PRIME_ARIA_ES } as LocaleOptions['aria'],
  });
}
