import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { isStaff, MSG, TYPEUSER, type PorteriaProyecto } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { AppError } from '../../errors';
import { currentUser, requireGate, requireProveedor, requireStaff, type AuthUser } from '../../plugins/auth';

/**
 * Who may use the gate (docs/decisions/123): a 'porteria' user at the projects assigned to them
 * (porteria_proyectos), staff at every active project. The guard is always the token's user.
 */
export function gateCaller(request: FastifyRequest): AuthUser {
  return requireGate(request);
}

/** Administrators assign gate users' projects. */
export function gateAdmin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (user.tipo !== TYPEUSER.ADMIN) throw new AppError('forbidden', MSG.forbidden);
  return user;
}

export const manHoursStaff = requireStaff;
export const manHoursContractor = requireProveedor;

/** The projects the caller may serve at the gate, by name. */
export async function gateProjects(db: Db, user: AuthUser): Promise<PorteriaProyecto[]> {
  return isStaff(user.tipo)
    ? query<PorteriaProyecto>(
        db,
        sql`SELECT id, descripcion FROM proyectos WHERE activo ORDER BY descripcion`,
      )
    : query<PorteriaProyecto>(
        db,
        sql`SELECT p.id, p.descripcion FROM porteria_proyectos pp JOIN proyectos p ON p.id = pp.proyecto_id
             WHERE pp.usuario_id = ${user.usuarioId} AND p.activo ORDER BY p.descripcion`,
      );
}

/** The project, when the caller may serve its gate: 403 for a guard of other projects. */
export async function gateProject(db: Db, user: AuthUser, proyectoId: number): Promise<PorteriaProyecto> {
  // Prepared: it runs before every verification at the gate (decision 126).
  const [p] = await queryPrepared<PorteriaProyecto & { asignado: boolean }>(
    db,
    sql`SELECT p.id, p.descripcion,
               EXISTS (SELECT 1 FROM porteria_proyectos pp
                        WHERE pp.usuario_id = ${user.usuarioId} AND pp.proyecto_id = p.id) AS asignado
          FROM proyectos p WHERE p.id = ${proyectoId} AND p.activo`,
  );
  if (!isStaff(user.tipo) && !p?.asignado) throw new AppError('forbidden', MSG.porteriaProyectoAjeno);
  if (!p) throw new AppError('not_found', MSG.porteriaProyectoNoExiste);
  return { id: p.id, descripcion: p.descripcion };
}
