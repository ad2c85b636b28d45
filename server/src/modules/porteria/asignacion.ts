import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, TYPEUSER, type PorteriaProyecto, type PorteriaProyectosRespuesta } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { porteriaProyectos, proyectos, usuarios } from '../../db/schema';
import { AppError } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';

/**
 * The projects a gate user guards (docs/decisions/123): read and replaced as a whole, audited in the
 * same transaction. Used by the administrator's API and by `npm run staff`.
 */
export async function gateUser(db: Db, usuarioId: number): Promise<{ id: number; username: string }> {
  const [u] = await db
    .select({ id: usuarios.id, username: usuarios.username })
    .from(usuarios)
    .where(and(eq(usuarios.id, usuarioId), eq(usuarios.tipo, TYPEUSER.PORTERIA)));
  if (!u) throw new AppError('not_found', MSG.porteriaUsuarioNoEsPorteria);
  return u;
}

export async function listGateProjects(db: Db, usuarioId: number): Promise<PorteriaProyecto[]> {
  return db
    .select({ id: proyectos.id, descripcion: proyectos.descripcion })
    .from(porteriaProyectos)
    .innerJoin(proyectos, eq(proyectos.id, porteriaProyectos.proyectoId))
    .where(eq(porteriaProyectos.usuarioId, usuarioId))
    .orderBy(asc(proyectos.descripcion));
}

export async function getGateAssignment(db: Db, usuarioId: number): Promise<PorteriaProyectosRespuesta> {
  const u = await gateUser(db, usuarioId);
  return { usuarioId: u.id, username: u.username, proyectos: await listGateProjects(db, u.id) };
}

/** Replaces the gate user's projects; every id must be an active project (400 otherwise). */
export async function setGateProjects(
  db: Db,
  opts: { usuarioId: number; proyectos: number[]; actor: AuditActor },
): Promise<PorteriaProyectosRespuesta> {
  const ids = [...new Set(opts.proyectos)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await gateUser(t, opts.usuarioId);
    if (ids.length) {
      const found = await t
        .select({ id: proyectos.id })
        .from(proyectos)
        .where(and(inArray(proyectos.id, ids), eq(proyectos.activo, true)));
      if (found.length !== ids.length) throw new AppError('bad_request', MSG.porteriaProyectoNoExiste);
    }
    // Serialises two administrators saving the same user at once.
    await t.execute(sql`SELECT id FROM usuarios WHERE id = ${opts.usuarioId} FOR UPDATE`);
    await t.delete(porteriaProyectos).where(eq(porteriaProyectos.usuarioId, opts.usuarioId));
    if (ids.length)
      await t
        .insert(porteriaProyectos)
        .values(ids.map((proyectoId) => ({ usuarioId: opts.usuarioId, proyectoId })));
    await audit(t, opts.actor, {
      evento: 'porteria.proyectos',
      datos: { usuarioId: opts.usuarioId, proyectos: ids },
    });
  });
  return getGateAssignment(db, opts.usuarioId);
}
