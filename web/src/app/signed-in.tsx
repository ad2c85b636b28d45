import { QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import '@proveedores/domain/zod-setup';
import { SessionEndingDialog } from '@/features/login/components/session-ending-dialog';
import { primeStylesNow } from '@/lib/prime-styles';
import { queryClient } from '@/lib/query-client';
import { DashboardShell } from './dashboard-shell';
import { registerSignedInPrimeLocale } from './prime-locale-signed-in';
import { GateUsersAtGate } from './require-gate';
import { RequireSession } from './require-session';

/**
 * Everything behind sign-in, loaded after the login screen (decision 073, login route budget): the
 * session guard, TanStack Query (decision 011), zod's Spanish defaults for the forms, and the shell.
 */
registerSignedInPrimeLocale();
// PrimeReact's base, common and button CSS before the shell and its page first paint: links drawn as
// buttons ('Ir al Inicio') otherwise grow when it arrives (decision 146). The sign-in screen draws
// its own PrimeReact components at once, so it does not need this.
primeStylesNow(<Button />);

export function SignedIn() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireSession>
        <GateUsersAtGate>
          <DashboardShell />
        </GateUsersAtGate>
        <SessionEndingDialog />
      </RequireSession>
    </QueryClientProvider>
  );
}
