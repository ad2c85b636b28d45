import type { FastifyRequest } from 'fastify';
import { requireProveedor, requireStaff } from '../../plugins/auth';

/**
 * Fitness authorization (docs/decisions/121): a contractor reads its own contracts only (the company
 * comes from the token, never the query); staff (revisor, administrador) read any project and grant
 * or revoke temporary authorizations. The address is the request's, for the audit row.
 */
export type Actor = { usuarioId: number; ip: string };

export function contratista(request: FastifyRequest): { empresaId: number } {
  return { empresaId: requireProveedor(request).empresaId };
}

export function personal(request: FastifyRequest): Actor {
  const user = requireStaff(request);
  return { usuarioId: user.usuarioId, ip: request.ip };
}
