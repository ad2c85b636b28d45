import type { FastifyRequest } from 'fastify';
import { USUARIOS_EMPRESA_MSG } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { rolEmpresaDe } from '../../authz/rol-empresa';
import { AppError } from '../../errors';
import { requireProveedor, type AuthUser } from '../../plugins/auth';

export { rolEmpresaDe, rolEmpresaSql } from '../../authz/rol-empresa';

export type CompanyAdmin = AuthUser & { empresaId: number };

/**
 * A contractor whose role in its company (read from the database, never from the token or the
 * request) is 'administrador'. A 'Cargador' and staff get 403.
 */
export async function companyAdmin(db: Db, request: FastifyRequest): Promise<CompanyAdmin> {
  const user = requireProveedor(request);
  if ((await rolEmpresaDe(db, user.usuarioId)) !== 'administrador')
    throw new AppError('forbidden', USUARIOS_EMPRESA_MSG.usuarioSoloAdministrador);
  return user;
}
