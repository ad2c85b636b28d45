import { sql } from 'drizzle-orm';
import type { RolEmpresa } from '@proveedores/domain';
import { query, type Db } from '../db/client';

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
