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
/** Computed the first time a calendar asks: creating Intl's formatters took ~15 ms of every page load. */
const lazyNames = (opts: Intl.DateTimeFormatOptions, n: number, fecha: (i: number) => Date) => {
  let names: string[] | undefined;
  return () => (names ??= nombres(opts, n, fecha));
};

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
    today: MSG.calendarToday,
    clear: MSG.calendarClear,
    // The calendar's own buttons and their screen-reader names ('Choose Date' before).
    chooseDate: MSG.calendarChooseDate,
    chooseMonth: MSG.calendarChooseMonth,
    chooseYear: MSG.calendarChooseYear,
    prevMonth: MSG.calendarPrevMonth,
    nextMonth: MSG.calendarNextMonth,
    prevYear: MSG.calendarPrevYear,
    nextYear: MSG.calendarNextYear,
    prevDecade: MSG.calendarPrevDecade,
    nextDecade: MSG.calendarNextDecade,
    weekHeader: MSG.calendarWeekHeader,
    aria: { ...current.aria, ...PRIME_ARIA_ES } as LocaleOptions['aria'],
  });
  // The month and day names only when a calendar first reads them (docs/decisions/146): getters on
  // the stored locale, which PrimeReact reads key by key (localeOption).
  const stored = localeOptions(PRIME_LOCALE) as LocaleOptions;
  const names: Partial<Record<keyof LocaleOptions, () => string[]>> = {
    monthNames: lazyNames({ month: 'long' }, 12, mes),
    monthNamesShort: lazyNames({ month: 'short' }, 12, mes),
    dayNames: lazyNames({ weekday: 'long' }, 7, dia),
    dayNamesShort: lazyNames({ weekday: 'short' }, 7, dia),
    dayNamesMin: lazyNames({ weekday: 'narrow' }, 7, dia),
  };
  for (const [key, get] of Object.entries(names))
    Object.defineProperty(stored, key, { get, enumerable: true, configurable: true });
}
