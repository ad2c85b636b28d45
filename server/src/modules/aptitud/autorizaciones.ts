import { sql } from 'drizzle-orm';
import {
  AUTORIZACION_MAX_DIAS,
  MSG,
  sumarDias,
  type AutorizacionTemporalBody,
  type AutorizacionVigente,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { aptitudDe } from '../../compliance/aptitud-sql';
import type { Actor } from './policy';

/**
 * POST /api/revision/aptitud/autorizaciones (docs/decisions/121): a reviewer lets a worker who is not
 * apto enter under one contract from today until `hasta` (today to today + AUTORIZACION_MAX_DIAS),
 * with a reason. The worker must be actively linked to the contract, and the contract and its
 * company active; and the authorization must be able to make the worker apto: nothing it cannot
 * stand in for (a non-dispensable item, a minor on hazardous work) may be missing (decision 182). Audited in the same transaction (ids and the end day only: the reason may name a
 * person).
 */
export async function otorgarAutorizacion(
  db: Db,
  opts: { actor: Actor; hoy: string; body: AutorizacionTemporalBody },
): Promise<AutorizacionVigente> {
  const { actor, hoy, body } = opts;
  if (body.hasta < hoy || body.hasta > sumarDias(hoy, AUTORIZACION_MAX_DIAS))
    throw new AppError('bad_request', MSG.aptitudAutorizacionRango(AUTORIZACION_MAX_DIAS));
  return db.transaction(async (tx) => {
    const [link] = await query<{ empresa_id: number }>(
      tx,
      sql`SELECT c.empresa_id FROM empleados_contratos ec
            JOIN contratos c ON c.id = ec.contrato_id AND c.activo
            JOIN empresas e ON e.id = c.empresa_id AND e.activa
           WHERE ec.empleado_id = ${body.empleadoId} AND ec.contrato_id = ${body.contratoId} AND ec.activo`,
    );
    if (!link) throw new AppError('not_found', MSG.aptitudNoVinculado);
    // An authorization stands in only for what the law lets a principal waive (decision 182): one
    // that could not make the worker apto today is refused, naming what keeps them out.
    const [hoyTrabajador] = await aptitudDe(tx, {
      fecha: hoy,
      contratoIds: [body.contratoId],
      empleadoId: body.empleadoId,
    });
    const items = hoyTrabajador?.items ?? [];
    const fijos = items.filter((i) => !i.dispensable);
    const bases = new Map(
      (
        await query<{ id: number; base: string | null }>(
          tx,
          sql`SELECT id, base_legal_dispensa AS base FROM requisitos
               WHERE id = ANY(${`{${fijos.map((i) => i.requisitoId).join(',')}}`}::int[])`,
        )
      ).map((r) => [r.id, r.base]),
    );
    const noDispensables = [
      // Reasons of no item: the law's own (a minor on hazardous work, rules/edad.ts).
      ...(hoyTrabajador?.motivos ?? []).filter((m) => !items.some((i) => i.motivo === m)),
      ...fijos.map((i) => MSG.aptitudNoDispensable(i.motivo, bases.get(i.requisitoId) ?? null)),
    ];
    if (noDispensables.length > 0)
      throw new AppError('bad_request', MSG.aptitudAutorizacionNoPosible(noDispensables));
    const [row] = await query<{ id: number; motivo: string; hasta: string; otorgada_por: string }>(
      tx,
      sql`WITH a AS (
            INSERT INTO autorizaciones_temporales (empleado_id, contrato_id, motivo, desde, hasta, otorgada_por)
            VALUES (${body.empleadoId}, ${body.contratoId}, ${body.motivo}, ${hoy}::date, ${body.hasta}::date,
                    ${actor.usuarioId})
            RETURNING id, motivo, hasta, otorgada_por)
          SELECT a.id, a.motivo, a.hasta::text AS hasta, u.nombre AS otorgada_por
            FROM a JOIN usuarios u ON u.id = a.otorgada_por`,
    );
    await audit(
      tx,
      { usuarioId: actor.usuarioId, empresaId: link.empresa_id, ip: actor.ip },
      {
        evento: 'autorizacion.otorgada',
        datos: {
          autorizacionId: row!.id,
          empleadoId: body.empleadoId,
          contratoId: body.contratoId,
          hasta: row!.hasta,
        },
      },
    );
    return { id: row!.id, motivo: row!.motivo, hasta: row!.hasta, otorgadaPor: row!.otorgada_por };
  });
}

/** POST /api/revision/aptitud/autorizaciones/{id}/revocar: ends an authorization now; audited. */
export async function revocarAutorizacion(
  db: Db,
  opts: { actor: Actor; id: number; at: Date },
): Promise<{ id: number; revocadaAt: string }> {
  const { actor, id, at } = opts;
  return db.transaction(async (tx) => {
    const [row] = await query<{ id: number; empresa_id: number }>(
      tx,
      sql`UPDATE autorizaciones_temporales a
             SET revocada_at = ${at.toISOString()}::timestamptz, revocada_por = ${actor.usuarioId}
            FROM contratos c
           WHERE a.id = ${id} AND a.revocada_at IS NULL AND c.id = a.contrato_id
       RETURNING a.id, c.empresa_id`,
    );
    if (!row) {
      const [exists] = await query<{ id: number }>(
        tx,
        sql`SELECT id FROM autorizaciones_temporales WHERE id = ${id}`,
      );
      throw exists
        ? new AppError('conflict', MSG.aptitudAutorizacionRevocada)
        : new AppError('not_found', MSG.aptitudAutorizacionNoExiste);
    }
    await audit(
      tx,
      { usuarioId: actor.usuarioId, empresaId: row.empresa_id, ip: actor.ip },
      { evento: 'autorizacion.revocada', datos: { autorizacionId: row.id } },
    );
    return { id: row.id, revocadaAt: at.toISOString() };
  });
}
