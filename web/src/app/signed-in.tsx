import { QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import '@proveedores/domain/zod-setup';
import { queryClient } from '@/lib/query-client';
import { DashboardShell } from './dashboard-shell';
import { RequireSession } from './require-session';

// No compiled parsers in the browser: zod would probe `new Function`, which the CSP (script-src 'self')
// refuses and Chromium reports as an issue on every signed-in page (Lighthouse best practices).
z.config({ jitless: true });

/**
 * Everything behind sign-in, loaded after the login screen (decision 073, login route budget): the
 * session guard, TanStack Query (decision 011), zod's Spanish defaults for the forms, and the shell.
 */
export function SignedIn() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireSession>
        <DashboardShell />
      </RequireSession>
    </QueryClientProvider>
  );
}
