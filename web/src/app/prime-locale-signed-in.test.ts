import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PrimeReactProvider } from 'primereact/api';
import { Calendar } from 'primereact/calendar';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { PRIME_LOCALE, registerPrimeLocale } from './prime-locale';
import { registerSignedInPrimeLocale } from './prime-locale-signed-in';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the signed-in PrimeReact locale', () => {
  it("names a calendar's button in Spanish, not 'Choose Date'", async () => {
    registerPrimeLocale();
    registerSignedInPrimeLocale();
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(() =>
      root.render(
        createElement(PrimeReactProvider, {
          value: { locale: PRIME_LOCALE },
          children: createElement(Calendar, { showIcon: true, value: null, locale: PRIME_LOCALE }),
        }),
      ),
    );
    const trigger = host.querySelector('button.p-datepicker-trigger');
    expect(trigger?.getAttribute('aria-label')).toBe(MSG.calendarChooseDate);
    await act(() => root.unmount());
    host.remove();
  });
});
