import { addLocale, localeOptions, type LocaleOptions } from 'primereact/api';
import { LOGIN_MSG } from '@proveedores/domain';

/**
 * PrimeReact locale 'es': English defaults kept where the specification fixes them (multi-select
 * '{0} items selected', 'No results found'), Spanish where the user hears them (password toggle).
 */
export const PRIME_LOCALE = 'es';

export function registerPrimeLocale() {
  const en = localeOptions('en') as LocaleOptions;
  addLocale(PRIME_LOCALE, {
    // passwordShow / passwordHide are read by Password but missing from PrimeReact's types.
    aria: {
      ...en.aria,
      passwordShow: LOGIN_MSG.showPassword,
      passwordHide: LOGIN_MSG.hidePassword,
    } as LocaleOptions['aria'],
  });
}
