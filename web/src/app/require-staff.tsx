import { Navigate, Outlet } from 'react-router';
import { isStaff } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';

/**
 * Staff pages (review, compliance, administration): a contractor who types their address goes home.
 * The server refuses provider tokens on every staff endpoint anyway (403); this only avoids a page
 * of errors.
 */
export function RequireStaff() {
  const session = useSession();
  if (!session || !isStaff(session.claims.typeuser)) return <Navigate to={PATHS.home} replace />;
  return <Outlet />;
}
