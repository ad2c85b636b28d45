import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import '@proveedores/domain/zod-setup';
import { isGate, TYPEUSER } from '@proveedores/domain';
import { SessionEndingDialog } from '@/features/login/components/session-ending-dialog';
import { PATHS } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { RequireSession } from './require-session';

const PorteriaPage = lazy(async () => ({
  default: (await import('@/features/porteria/pages/porteria-page')).PorteriaPage,
}));

/**
 * The gate page (decision 124) stands apart from the dashboard shell: a phone at a site's gate shows
 * only the gate. Gate users and staff standing in may open it; anyone else goes home; a temporary
 * password is changed first.
 */
export function RequireGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.login} replace />;
  if (session.claims.changepassword === 'true') return <Navigate to={PATHS.cambiarClave} replace />;
  if (!isGate(session.claims.typeuser)) return <Navigate to={PATHS.home} replace />;
  return children;
}

/** The gate route's root: session, the gate check, the page. */
export function GateRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireSession>
        <RequireGate>
          <Suspense fallback={null}>
            <PorteriaPage />
          </Suspense>
        </RequireGate>
        <SessionEndingDialog />
      </RequireSession>
    </QueryClientProvider>
  );
}

/**
 * A gate user sees nothing but the gate: any other signed-in page sends them there (except
 * changing their password).
 */
export function GateUsersAtGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (session?.claims.typeuser === TYPEUSER.PORTERIA && pathname !== PATHS.cambiarClave)
    return <Navigate to={PATHS.porteria} replace />;
  return children;
}
