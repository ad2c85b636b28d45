import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  ESTADO,
  fechasConfirmadas,
  MSG,
  motivoRechazoTexto,
  problemasFechas,
  REVISION_MSG,
  type ApproveBody,
  type DecisionResponse,
  type FechasLeidas,
  type RejectBody,
  type ReglaVigencia,
} from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { retirarP08DePlanilla } from '../pila';
import { audit } from '../../lib/audit';
import { clockOf } from '../../lib/clock';
import type { Mailer } from '../../mail/mailer';
import { estadoLabel, sameSlot } from './entrega-sql';
import type { Reviewer } from './policy';
import { idsDeMismaCarga } from './misma-carga';
import { queueRejectionMail } from './rejection-mail';
import { reglaDeFila, resolveValidity } from './validity';

/**
 * The review state machine (docs/decisions/060): a submission goes 0 -> 1 (approved) or
 * 0 -> -1 (rejected), once, and only while it is the current submission of its slot. The
 * transition is one conditional UPDATE ... WHERE estado = 0, so of many concurrent decisions exactly
 * one changes the row; the audit row (and, on rejection, the e-mail) commit with it or not at all.
 */
type Target = {
  requisito_id: number;
  vigencia_dias: number | null;
  motivos_rechazo: string[] | string | null;
  regla_vigencia: ReglaVigencia | string | null;
  fecha_expedicion: string | null;
  fecha_vencimiento_doc: string | null;
  proximo_examen: string | null;
  periodo_certificado: string | null;
  nit: string;
  estado: number;
  es_actual: boolean;
};

type Ctx = { db: Db; config: Config; mailer: Mailer; reviewer: Reviewer; id: number };

async function loadTarget(db: Db, id: number): Promise<Target> {
  const [t] = await query<Target>(
    db,
    sql`SELECT e.requisito_id, r.vigencia_dias, r.motivos_rechazo, r.regla_vigencia,
               e.fecha_expedicion::text AS fecha_expedicion, e.fecha_vencimiento_doc::text AS fecha_vencimiento_doc,
               e.proximo_examen::text AS proximo_examen, e.periodo_certificado, em.nit, e.estado,
               NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('e', 'n')} AND n.id > e.id) AS es_actual
          FROM entregas e JOIN requisitos r ON r.id = e.requisito_id JOIN empresas em ON em.id = e.empresa_id
         WHERE e.id = ${id}`,
  );
  if (!t) throw new AppError('not_found', MSG.reviewNotFound);
  return t;
}

/** Why the UPDATE changed nothing: gone, already decided, or replaced by a newer submission. */
async function refusal(db: Db, id: number): Promise<AppError> {
  const [row] = await query<{ estado: number; es_actual: boolean }>(
    db,
    sql`SELECT e.estado, NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('e', 'n')} AND n.id > e.id) AS es_actual
          FROM entregas e WHERE e.id = ${id}`,
  );
  if (!row) return new AppError('not_found', MSG.reviewNotFound);
  if (row.estado !== ESTADO.CARGADO)
    return new AppError('conflict', MSG.reviewAlreadyDecided(estadoLabel(row.estado)));
  return new AppError('conflict', MSG.reviewSuperseded);
}

type Updated = {
  id: number | string;
  empresa_id: number;
  vigencia_hasta: string | null;
  motivo_rechazo: string | null;
  revisado_at: Date | string;
};

/** A decision that changed fewer rows than asked: rolled back, then explained by `refused`. */
class Refused extends Error {
  constructor(
    readonly faltan: number,
    readonly principal: boolean,
  ) {
    super('refused');
  }
}

/**
 * Decides submission `id` and, for one upload covering many workers (docs/decisions/139), the
 * `otros` of the same file: one conditional UPDATE over all of them, one audit row each (and, on
 * rejection, each one's e-mail) in one transaction. When any of them was decided by someone else or
 * replaced meanwhile, the UPDATE changes fewer rows than asked and the whole transaction is undone.
 * The rows are locked in id order first, so two reviewers deciding overlapping uploads wait for
 * each other instead of deadlocking.
 */
async function transition(
  ctx: Ctx,
  otros: number[],
  to: 1 | -1,
  fields: { vigenciaHasta: string | null; motivo: string | null; fechas?: FechasLeidas },
  after?: (tx: Db, row: Updated) => Promise<void>,
): Promise<Updated[]> {
  const { db, reviewer, id } = ctx;
  const ids = [id, ...otros];
  const lista = sql.join(
    ids.map((x) => sql`${x}`),
    sql`, `,
  );
  const at = clockOf(ctx.config).now();
  // Approval stores the dates the reviewer confirmed (decision 113); rejection leaves them.
  const f = fields.fechas;
  const fechas = f
    ? sql`, fecha_expedicion = ${f.expedicion}::date, fecha_vencimiento_doc = ${f.vencimiento}::date,
            proximo_examen = ${f.proximoExamen}::date`
    : sql``;
  try {
    return await db.transaction(async (tx) => {
      await query(tx, sql`SELECT id FROM entregas WHERE id IN (${lista}) ORDER BY id FOR UPDATE`);
      const updated = await query<Updated>(
        tx,
        sql`UPDATE entregas e
               SET estado = ${to}, vigencia_hasta = ${fields.vigenciaHasta}::date, motivo_rechazo = ${fields.motivo},
                   revisado_por = ${reviewer.usuarioId}, revisado_at = ${at.toISOString()}::timestamptz${fechas}
             WHERE e.id IN (${lista}) AND e.estado = 0
               AND NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('e', 'n')} AND n.id > e.id)
         RETURNING e.id, e.empresa_id, e.vigencia_hasta::text AS vigencia_hasta, e.motivo_rechazo, e.revisado_at`,
      );
      if (updated.length !== ids.length)
        throw new Refused(
          ids.length - updated.length,
          updated.some((u) => Number(u.id) === id),
        );
      updated.sort((a, b) =>
        Number(a.id) === id ? -1 : Number(b.id) === id ? 1 : Number(a.id) - Number(b.id),
      );
      for (const row of updated) {
        await audit(
          tx,
          { usuarioId: reviewer.usuarioId, empresaId: row.empresa_id, ip: reviewer.ip },
          {
            evento: 'entrega.reviewed',
            datos: {
              entregaId: Number(row.id),
              estado: to,
              ...(fields.motivo ? { motivo: fields.motivo } : {}),
              ...(to === 1 ? { vigenciaHasta: row.vigencia_hasta } : {}),
            },
          },
        );
        if (after) await after(tx, row);
      }
      return updated;
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    // The submission the reviewer opened says why in its own words; a sibling in the upload's.
    if (!err.principal) throw await refusal(db, id);
    throw new AppError('conflict', REVISION_MSG.revisionCargaCambio(err.faltan));
  }
}

function response(message: string, codEstado: number, rows: Updated[]): DecisionResponse {
  const [row] = rows;
  return {
    message,
    id: Number(row.id),
    codEstado,
    estado: estadoLabel(codEstado),
    vigenciaHasta: row.vigencia_hasta,
    motivoRechazo: row.motivo_rechazo,
    revisadoAt: new Date(row.revisado_at).toISOString(),
    aplicadas: rows.length,
  };
}

/** POST /api/revision/entregas/{id}/aprobar */
export async function approveEntrega(ctx: Ctx & { body: ApproveBody }): Promise<DecisionResponse> {
  const target = await loadTarget(ctx.db, ctx.id);
  // Decided or replaced says so before any date is checked (the UPDATE still guards races).
  if (target.estado !== ESTADO.CARGADO || !target.es_actual) throw await refusal(ctx.db, ctx.id);
  const hoy = hoyEnColombia(clockOf(ctx.config).now());
  // The dates the reviewer confirmed or corrected over the stored ones (decision 113).
  const fechas = fechasConfirmadas(ctx.body, {
    expedicion: target.fecha_expedicion,
    vencimiento: target.fecha_vencimiento_doc,
    proximoExamen: target.proximo_examen,
  });
  const [problema] = problemasFechas(fechas, hoy);
  if (problema) throw new AppError('bad_request', problema.mensaje);
  const vigenciaHasta = resolveValidity({
    hoy,
    maxDays: ctx.config.reviewMaxValidityDays,
    vigenciaDias: target.vigencia_dias,
    entered: ctx.body.vigenciaHasta,
    regla: reglaDeFila({
      ...target,
      fecha_expedicion: fechas.expedicion,
      fecha_vencimiento_doc: fechas.vencimiento,
      proximo_examen: fechas.proximoExamen,
    }),
  });
  const otros = await idsDeMismaCarga(ctx.db, ctx.id, ctx.body.mismaCarga);
  const rows = await transition(ctx, otros, 1, { vigenciaHasta, motivo: null, fechas });
  const message = rows.length > 1 ? REVISION_MSG.revisionCargaAprobada(rows.length) : MSG.reviewApproved;
  return response(message, ESTADO.APROBADO, rows);
}

/** POST /api/revision/entregas/{id}/rechazar: the e-mail to the company is queued in the same transaction. */
export async function rejectEntrega(ctx: Ctx & { body: RejectBody }): Promise<DecisionResponse> {
  const target = await loadTarget(ctx.db, ctx.id);
  const standard = (
    typeof target.motivos_rechazo === 'string' ? JSON.parse(target.motivos_rechazo) : target.motivos_rechazo
  ) as string[] | null;
  const motivo = ctx.body.motivo?.trim();
  if (motivo && !(standard ?? []).includes(motivo))
    throw new AppError('bad_request', MSG.reviewReasonNotStandard);
  const texto = motivoRechazoTexto(ctx.body);
  const otros = await idsDeMismaCarga(ctx.db, ctx.id, ctx.body.mismaCarga);
  const rows = await transition(
    ctx,
    otros,
    -1,
    { vigenciaHasta: null, motivo: texto },
    async (tx, updated) => {
      await queueRejectionMail({
        db: tx,
        config: ctx.config,
        mailer: ctx.mailer,
        entregaId: Number(updated.id),
      });
      // A rejected PILA planilla takes back the P08 it approved without a reviewer (decision 179).
      await retirarP08DePlanilla(tx, {
        entregaId: Number(updated.id),
        at: new Date(updated.revisado_at),
        actor: { usuarioId: ctx.reviewer.usuarioId, ip: ctx.reviewer.ip },
      });
    },
  );
  // Delivered after the commit; a failure leaves it in the outbox for the retry job.
  void ctx.mailer.deliverDue(ctx.db).catch(() => {});
  const message = rows.length > 1 ? REVISION_MSG.revisionCargaRechazada(rows.length) : MSG.reviewRejected;
  return response(message, ESTADO.RECHAZADO, rows);
}
