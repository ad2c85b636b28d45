import { lazy, Suspense, type ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { installOverlayEscape } from './overlay-escape';
import { PRIME_LOCALE, registerPrimeLocale } from './prime-locale';

registerPrimeLocale();
// From the first screen on (a few hundred bytes): the late providers can arrive after a dialog has
// opened, and Esc on its list must not close it meanwhile (decision 102).
installOverlayEscape();

// The Toast and the reduced-motion settings load after the first screen (decision 073, login route
// budget); toasts shown before the Toast registers are rare (none on the login screen).
const LateProviders = lazy(async () => ({ default: (await import('./late-providers')).LateProviders }));

/**
 * App-wide providers: PrimeReact and the one Toast (decision 014). TanStack Query is provided to the
 * signed-in pages by ./signed-in (decision 073: the login screen loads without it).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: false, locale: PRIME_LOCALE }}>
      {children}
      <Suspense fallback={null}>
        <LateProviders />
      </Suspense>
    </PrimeReactProvider>
  );
}
