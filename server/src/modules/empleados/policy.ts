import type { FastifyRequest } from 'fastify';
import { currentUser, requireProveedor, type AuthUser } from '../../plugins/auth';

/**
 * Who may do what with employees (docs/decisions/040):
 * - reference lists (cargos, municipios): every signed-in user;
 * - employees and the socio-demographic report: contractors only, always the token's company.
 *   Staff have no company; a worker registered by company A is invisible to company B.
 */
export function canReadLists(request: FastifyRequest): AuthUser {
  return currentUser(request);
}

export function canManageEmployees(request: FastifyRequest): AuthUser & { empresaId: number } {
  return requireProveedor(request);
}
