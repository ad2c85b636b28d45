import type { FastifyRequest } from 'fastify';
import { currentUser, requireProveedor, type AuthUser } from '../../plugins/auth';

/**
 * Who may do what with contracts (docs/decisions/020):
 * - master data: every signed-in user (contractors fill the form, staff read the names);
 * - contract list: the token's company only; staff have no company, so their list is empty;
 * - creating a contract: contractors only, always for the token's company.
 */
export function canReadMaestras(request: FastifyRequest): AuthUser {
  return currentUser(request);
}

export function contractListScope(request: FastifyRequest): { empresaId: number | null } {
  return { empresaId: currentUser(request).empresaId };
}

export function canCreateContract(request: FastifyRequest): AuthUser & { empresaId: number } {
  return requireProveedor(request);
}
