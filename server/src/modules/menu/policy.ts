import type { FastifyRequest } from 'fastify';
import { isStaff } from '@proveedores/domain';
import { currentUser } from '../../plugins/auth';

/** Every signed-in user has a menu; which one depends on the token's user type. */
export function menuAudience(request: FastifyRequest): 'funcionario' | 'contratista' {
  return isStaff(currentUser(request).tipo) ? 'funcionario' : 'contratista';
}
