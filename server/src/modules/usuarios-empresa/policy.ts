import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type RolEmpresa, USUARIOS_EMPRESA_MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireProveedor, type AuthUser } from '../../plugins/auth';

/**
 * THE one place that reads a contractor user's role in its company (docs/decisions/136): a
 * contractor row without `rol_empresa` (a company account made before the column, or by a path that
 * does not set it) counts as 'administrador'; staff rows have no company and no role.
 */
export const rolEmpresaSql = sql`coalesce(u.rol_empresa, 'administrador')`;

export async function rolEmpresaDe(db: Db, usuarioId: number): Promise<RolEmpresa | null> {
  const [row] = await query<{ rol: RolEmpresa | null }>(
    db,
    sql`SELECT CASE WHEN u.empresa_id IS NULL THEN NULL ELSE ${rolEmpresaSql} END AS rol
          FROM usuarios u WHERE u.id = ${usuarioId}`,
  );
  return row?.rol ?? null;
}

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
