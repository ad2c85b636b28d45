import { localeOptions, type LocaleOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { PRIME_LOCALE, registerPrimeLocale } from './prime-locale';
import { registerSignedInPrimeLocale } from './prime-locale-signed-in';

describe('PrimeReact locale es after sign-in', () => {
  it('names months and days in Spanish, weeks from Monday, whatever the machine zone', () => {
    registerPrimeLocale();
    registerSignedInPrimeLocale();
    const es = localeOptions(PRIME_LOCALE) as LocaleOptions;
    expect(es.monthNames?.[10]).toBe('Noviembre');
    expect(es.monthNames?.[0]).toBe('Enero');
    expect(es.dayNames?.[0]).toBe('Domingo');
    expect(es.dayNamesMin?.[1]).toBe('L');
    expect(es.firstDayOfWeek).toBe(1);
    expect(es.today).toBe('Hoy');
    // What the specification fixes in English stays English ('No results found').
    expect(es.emptyFilterMessage).toBe((localeOptions('en') as LocaleOptions).emptyFilterMessage);
  });
});
