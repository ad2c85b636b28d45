import type { FastifyRequest } from 'fastify';
import { isStaff, MSG, TYPEUSER } from '@proveedores/domain';
import { AppError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { ListCaller, TableDef } from './table';

/**
 * Who may read a table: the table declares its roles. Contractors are always bound to the company
 * of their token; staff carry no company (each table decides what staff see).
 */
export function listCaller(request: FastifyRequest, table: TableDef): ListCaller {
  const user = currentUser(request);
  const staff = isStaff(user.tipo);
  if (!staff && user.empresaId === null) throw new AppError('forbidden', MSG.forbidden);
  const caller: ListCaller = staff
    ? { usuarioId: user.usuarioId, role: 'staff', empresaId: null, admin: user.tipo === TYPEUSER.ADMIN }
    : { usuarioId: user.usuarioId, role: 'proveedor', empresaId: user.empresaId, admin: false };
  if (!table.roles.includes(caller.role)) throw new AppError('forbidden', MSG.forbidden);
  return caller;
}
