import type { FastifyRequest } from 'fastify';
import { USUARIOS_EMPRESA_MSG } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { currentUser, requireProveedor, type AuthUser } from '../../plugins/auth';
import { rolEmpresaDe } from '../../authz/rol-empresa';

/**
 * Who may do what with contracts (docs/decisions/020):
 * - master data: every signed-in user (contractors fill the form, staff read the names);
 * - contract list: the token's company only; staff have no company, so their list is empty;
 * - creating a contract: a company administrator only (a 'Cargador' uploads and registers workers,
 *   docs/decisions/136), always for the token's company.
 */
export function canReadMaestras(request: FastifyRequest): AuthUser {
  return currentUser(request);
}

export function contractListScope(request: FastifyRequest): { empresaId: number | null } {
  return { empresaId: currentUser(request).empresaId };
}

export async function canCreateContract(
  db: Db,
  request: FastifyRequest,
): Promise<AuthUser & { empresaId: number }> {
  const user = requireProveedor(request);
  if ((await rolEmpresaDe(db, user.usuarioId)) !== 'administrador')
    throw new AppError('forbidden', USUARIOS_EMPRESA_MSG.contratoSoloAdministrador);
  return user;
}
