import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { Toast } from 'primereact/toast';
import { queryClient } from '@/lib/query-client';
import { registerToast } from '@/lib/toast';
import { PRIME_LOCALE, registerPrimeLocale } from './prime-locale';

registerPrimeLocale();

/** App-wide providers: TanStack Query, PrimeReact, and the one Toast (decision 014). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider value={{ ripple: false, locale: PRIME_LOCALE }}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toast ref={registerToast} position="top-right" />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
