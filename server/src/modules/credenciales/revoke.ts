import { sql } from 'drizzle-orm';
import { MSG, type CredencialesLista } from '@proveedores/domain';
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

/** Every credential of a contract, current and revoked (staff). */
export async function listarCredenciales(db: Db, contratoId: number): Promise<CredencialesLista> {
  const [k] = await query<{ id: number }>(db, sql`SELECT id FROM contratos WHERE id = ${contratoId}`);
  if (!k) throw new AppError('not_found', MSG.notFound);
  const rows = await query<{
    id: number;
    empleado_id: number;
    tipo_documento: string;
    numero_documento: string;
    nombre: string;
    emitida_at: Date | string;
    vence: string | null;
    revocada_at: Date | string | null;
    motivo: string | null;
  }>(
    db,
    sql`SELECT c.id, c.empleado_id, e.tipo_documento, e.numero_documento,
               trim(e.nombres || ' ' || e.apellidos || ' ' || e.apellidos2) AS nombre,
               c.emitida_at, c.vence::text AS vence, c.revocada_at, c.motivo_revocacion AS motivo
          FROM credenciales c JOIN empleados e ON e.id = c.empleado_id
         WHERE c.contrato_id = ${contratoId}
         ORDER BY e.apellidos, e.apellidos2, e.nombres, c.id`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    credenciales: rows.map((r) => ({
      id: r.id,
      empleadoId: r.empleado_id,
      tipodocumento: r.tipo_documento,
      numerodocumento: r.numero_documento,
      nombre: r.nombre,
      emitidaAt: iso(r.emitida_at),
      vence: r.vence,
      revocadaAt: r.revocada_at === null ? null : iso(r.revocada_at),
      motivo: r.motivo,
    })),
  };
}
