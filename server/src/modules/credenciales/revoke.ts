import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import type { CredencialesStaffLista } from '@proveedores/domain/porteria/staff';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';

/**
 * Staff revoke a credential with a reason (docs/decisions/122), audited in the same transaction.
 * The next printing gives the worker a new credential; the revoked code is refused at the gate
 * ('Credencial revocada') and listed in the gate roster's revoked ids.
 */
export async function revocarCredencial(opts: {
  db: Db;
  id: number;
  motivo: string;
  ahora: Date;
  actor: { usuarioId: number; ip: string };
}): Promise<{ id: number; revocadaAt: string; motivo: string }> {
  return opts.db.transaction(async (tx) => {
    const [c] = await query<{
      empleado_id: number;
      contrato_id: number;
      empresa_id: number;
      revocada: boolean;
    }>(
      tx,
      sql`SELECT c.empleado_id, c.contrato_id, k.empresa_id, c.revocada_at IS NOT NULL AS revocada
            FROM credenciales c JOIN contratos k ON k.id = c.contrato_id
           WHERE c.id = ${opts.id} FOR UPDATE OF c`,
    );
    if (!c) throw new AppError('not_found', MSG.notFound);
    if (c.revocada) throw new AppError('conflict', MSG.credencialYaRevocada);
    await query(
      tx,
      sql`UPDATE credenciales SET revocada_at = ${opts.ahora}, revocada_por = ${opts.actor.usuarioId},
                 motivo_revocacion = ${opts.motivo}
           WHERE id = ${opts.id}`,
    );
    await audit(
      tx,
      { usuarioId: opts.actor.usuarioId, empresaId: c.empresa_id, ip: opts.actor.ip },
      {
        evento: 'credencial.revocada',
        datos: {
          credencialId: opts.id,
          contratoId: c.contrato_id,
          empleadoId: c.empleado_id,
          motivo: opts.motivo,
        },
      },
    );
    return { id: opts.id, revocadaAt: opts.ahora.toISOString(), motivo: opts.motivo };
  });
}

/**
 * Every credential, current and revoked, of one contract or of every contract of a project (staff;
 * docs/decisions/131), with the contract's company and who revoked it. An unknown contract or
 * project is 404.
 */
export async function listarCredenciales(
  db: Db,
  de: { contratoId?: number; proyectoId?: number },
): Promise<CredencialesStaffLista> {
  if (de.contratoId !== undefined) {
    const [k] = await query<{ id: number }>(db, sql`SELECT id FROM contratos WHERE id = ${de.contratoId}`);
    if (!k) throw new AppError('not_found', MSG.notFound);
  }
  if (de.proyectoId !== undefined) {
    const [p] = await query<{ id: number }>(db, sql`SELECT id FROM proyectos WHERE id = ${de.proyectoId}`);
    if (!p) throw new AppError('not_found', MSG.notFound);
  }
  const rows = await query<{
    id: number;
    empleado_id: number;
    contrato_id: number;
    nit: string;
    razon_social: string;
    tipo_documento: string;
    numero_documento: string;
    nombre: string;
    emitida_at: Date | string;
    vence: string | null;
    revocada_at: Date | string | null;
    motivo: string | null;
    revocada_por: string | null;
  }>(
    db,
    sql`SELECT c.id, c.empleado_id, c.contrato_id, x.nit, x.razon_social, e.tipo_documento, e.numero_documento,
               trim(e.nombres || ' ' || e.apellidos || ' ' || e.apellidos2) AS nombre,
               c.emitida_at, c.vence::text AS vence, c.revocada_at, c.motivo_revocacion AS motivo,
               u.nombre AS revocada_por
          FROM credenciales c
          JOIN empleados e ON e.id = c.empleado_id
          JOIN contratos k ON k.id = c.contrato_id
          JOIN empresas x ON x.id = k.empresa_id
          LEFT JOIN usuarios u ON u.id = c.revocada_por
         WHERE (${de.contratoId ?? null}::int IS NULL OR c.contrato_id = ${de.contratoId ?? null}::int)
           AND (${de.proyectoId ?? null}::int IS NULL OR k.proyecto_id = ${de.proyectoId ?? null}::int)
         ORDER BY x.razon_social, e.apellidos, e.apellidos2, e.nombres, c.id`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    credenciales: rows.map((r) => ({
      id: r.id,
      empleadoId: r.empleado_id,
      contratoid: r.contrato_id,
      nit: r.nit,
      razonSocial: r.razon_social,
      tipodocumento: r.tipo_documento,
      numerodocumento: r.numero_documento,
      nombre: r.nombre,
      emitidaAt: iso(r.emitida_at),
      vence: r.vence,
      revocadaAt: r.revocada_at === null ? null : iso(r.revocada_at),
      motivo: r.motivo,
      revocadaPor: r.revocada_por,
    })),
  };
}
