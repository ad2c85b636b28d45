import { lazy, Suspense, type ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { registerToast } from '@/lib/toast';
import { PRIME_LOCALE, registerPrimeLocale } from './prime-locale';

registerPrimeLocale();

// The Toast loads after the first screen (decision 073, login route budget); toasts shown before it
// registers are rare (none on the login screen).
const Toast = lazy(async () => ({ default: (await import('primereact/toast')).Toast }));

/**
 * App-wide providers: PrimeReact and the one Toast (decision 014). TanStack Query is provided to the
 * signed-in pages by ./signed-in (decision 073: the login screen loads without it).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: false, locale: PRIME_LOCALE }}>
      {children}
      <Suspense fallback={null}>
        <Toast ref={registerToast} position="top-right" />
      </Suspense>
    </PrimeReactProvider>
  );
}
