import type { FastifyRequest } from 'fastify';
import { MSG, TYPEUSER } from '@proveedores/domain';
import { AppError } from '../errors';
import { requireStaff } from '../plugins/auth';

/**
 * The staff's two levels (docs/decisions/061): every staff role reads (a reviewer needs the criteria
 * and reasons); only 'administrador' creates, edits, retires or reactivates. Provider tokens get 403.
 * The catalogue, master data and companies use them.
 */
export type Staff = { usuarioId: number; ip: string };

export function staffReader(request: FastifyRequest): Staff {
  const user = requireStaff(request);
  return { usuarioId: user.usuarioId, ip: request.ip };
}

export function administrador(request: FastifyRequest): Staff {
  const user = requireStaff(request);
  if (user.tipo !== TYPEUSER.ADMIN) throw new AppError('forbidden', MSG.forbidden);
  return { usuarioId: user.usuarioId, ip: request.ip };
}
