import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';

/** Protected routes (docs/contract.md, Roles): without a session, go to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={PATHS.login} replace />;
  return children;
}
