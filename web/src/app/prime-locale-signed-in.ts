import { addLocale, localeOptions, type LocaleOptions } from 'primereact/api';
import { PRIME_ARIA_ES } from '@proveedores/domain';
import { PRIME_LOCALE } from './prime-locale';

/**
 * After sign-in (signed-in.tsx): PrimeReact's control names (paginator, dialogs, dropdowns) in
 * Spanish for screen readers. A module of its own so the login route does not carry the strings.
 */
export function registerSignedInPrimeLocale() {
  const current = localeOptions(PRIME_LOCALE) as LocaleOptions;
  addLocale(PRIME_LOCALE, {
    ...current,
    aria: { ...current.aria, ...PRIME_ARIA_ES } as LocaleOptions['aria'],
  });
}
