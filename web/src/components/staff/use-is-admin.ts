import { TYPEUSER } from '@proveedores/domain';
import { useSession } from '@/lib/session';

/** Only 'administrador' writes the catalogue, master data and companies; 'revisor' reads them. */
export function useIsAdmin(): boolean {
  return useSession()?.claims.typeuser === TYPEUSER.ADMIN;
}
