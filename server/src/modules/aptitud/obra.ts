import { sql } from 'drizzle-orm';
import {
  finDiaColombia,
  inicioDiaColombia,
  MSG,
  type AptitudObra,
  type AptitudTrabajador,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { aptitudDe } from '../../compliance/aptitud-sql';
import { aptitudDeProyecto } from '../../compliance/aptitud-cache';
import { isoSql } from '../../db/iso-sql';

/** GET /api/contratista/trabajadores/aptitud: the workers of one of the company's own contracts. */
export async function aptitudContratista(
  db: Db,
  opts: { empresaId: number; contratoId: number; fecha: string },
): Promise<AptitudTrabajador[]> {
  const [own] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM contratos WHERE id = ${opts.contratoId} AND empresa_id = ${opts.empresaId}`,
  );
  if (!own) throw new AppError('not_found', MSG.evidenceContractNotFound);
  return aptitudDe(db, { fecha: opts.fecha, contratoIds: [opts.contratoId] });
}

/**
 * GET /api/revision/aptitud: every worker of a project (or of one of its contracts), with whether
 * the worker is inside: the worker's last gate record in that project on `fecha` (Colombian day) is
 * an 'entrada'.
 */
export async function aptitudObra(
  db: Db,
  opts: { proyectoId: number; contratoId?: number; fecha: string },
): Promise<AptitudObra[]> {
  const [proyecto] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM proyectos WHERE id = ${opts.proyectoId}`,
  );
  if (!proyecto) throw new AppError('not_found', MSG.aptitudProyectoNoExiste);
  // The project's cached fitness (decision 126), the same rows the gate answers from.
  const todas = await aptitudDeProyecto(db, { fecha: opts.fecha, proyectoId: opts.proyectoId });
  const filas = opts.contratoId !== undefined ? todas.filter((f) => f.contratoid === opts.contratoId) : todas;
  if (filas.length === 0) return [];
  const ultimos = await query<{ empleado_id: number; tipo: string; at: string }>(
    db,
    sql`SELECT DISTINCT ON (r.empleado_id) r.empleado_id, r.tipo,
               ${isoSql('r.at')} AS at
          FROM registros_porteria r
         WHERE r.proyecto_id = ${opts.proyectoId} AND r.empleado_id IS NOT NULL
           AND r.at >= ${inicioDiaColombia(opts.fecha).toISOString()}::timestamptz
           AND r.at < ${finDiaColombia(opts.fecha).toISOString()}::timestamptz
         ORDER BY r.empleado_id, r.at DESC, r.id DESC`,
  );
  const porEmpleado = new Map(ultimos.map((u) => [Number(u.empleado_id), u]));
  return filas.map((f) => {
    const u = porEmpleado.get(f.empleadoId);
    return { ...f, dentro: u?.tipo === 'entrada', ultimoRegistro: u?.at ?? null };
  });
}
