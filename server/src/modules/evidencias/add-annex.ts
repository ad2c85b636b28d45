import { sql } from 'drizzle-orm';
import { MSG, type AdjuntoPayload, type AnexoPutResponse, type ModuloEvidencia } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { anexos } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files';
import { audit } from '../../lib/audit';
import { inspectAttachment } from '../../uploads/attachment';
import { resolveSlot, type Slot, type SlotKeys } from '../../uploads/slot';
import { insertArchivo, storeBytes, type Actor } from '../../uploads/upload-evidence';
import { checkQuota, checkQuotaInTransaction, countUpload, type UploadLimits } from '../../uploads/limits';

/** The newest entregas row of the slot (its current submission), or null. */
export async function currentEntregaId(db: Db, slot: Slot): Promise<number | null> {
  const [row] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM entregas
         WHERE empresa_id = ${slot.empresaId} AND requisito_id = ${slot.requisito.id}
           AND ${slot.contratoId === null ? sql`contrato_id IS NULL` : sql`contrato_id = ${slot.contratoId}`}
           AND ${slot.empleadoId === null ? sql`empleado_id IS NULL` : sql`empleado_id = ${slot.empleadoId}`}
           AND ${slot.ano === null ? sql`ano IS NULL` : sql`ano = ${slot.ano}`}
           AND ${slot.mes === null ? sql`mes IS NULL` : sql`mes = ${slot.mes}`}
         ORDER BY id DESC LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * PUT /api/contratista/adjuntos/{module}/{id}/anexo: one more file attached to the slot's current
 * submission (same checks, rate, quota and storage as the main file); with idEntrega, only while
 * that submission is still the current one (409 otherwise). Without a current submission there is
 * nothing to attach to: 400 with a message saying to upload the main file or a comment first.
 */
export async function addAnnex(opts: {
  db: Db;
  store: BlobStore;
  actor: Actor;
  modulo: ModuloEvidencia;
  requisitoId: number;
  body: SlotKeys & { adjunto: AdjuntoPayload; idEntrega?: number };
  limits: UploadLimits;
  now: Date;
}): Promise<AnexoPutResponse> {
  const { db, store, actor, modulo, body, limits } = opts;
  const slot = await resolveSlot({
    db,
    empresaId: actor.empresaId,
    modulo,
    requisitoId: opts.requisitoId,
    keys: body,
    now: opts.now,
  });
  const named = body.idEntrega;
  const pinned = (current: number | null) => {
    if (current === null) throw new AppError('bad_request', MSG.evidenceAnnexNeedsSubmission);
    // The annexes of a multi-file submission belong to it; if a newer submission replaced it
    // meanwhile they must not land on that one (docs/decisions/095).
    if (named !== undefined && named !== current)
      throw new AppError('conflict', MSG.evidenceAnnexSubmissionChanged);
    return current;
  };
  pinned(await currentEntregaId(db, slot));

  await countUpload(db, slot.empresaId, limits);
  const file = await inspectAttachment(body.adjunto, slot.requisito.extensiones);
  await checkQuota(db, slot.empresaId, file.bytes.length, limits);
  const stored = await storeBytes(store, file.bytes);

  const result = await db.transaction(async (tx) => {
    await checkQuotaInTransaction(tx, slot.empresaId, file.bytes.length, limits);
    // Re-read inside the transaction: a submission made meanwhile is the one to attach to.
    const idEntrega = pinned(await currentEntregaId(tx, slot));
    const idArchivo = await insertArchivo(tx, stored, file);
    const [row] = await tx
      .insert(anexos)
      .values({
        entregaId: idEntrega,
        archivoId: idArchivo,
        nombreArchivo: file.nombre,
        cargadoPor: actor.usuarioId,
      })
      .returning({ id: anexos.id });
    await audit(tx, actor, { evento: 'anexo.created', datos: { anexoId: row.id, entregaId: idEntrega } });
    return { idAnexo: row.id, idEntrega, idArchivo };
  });

  return {
    message: MSG.fileUploaded(file.nombre),
    ...result,
    nombreadjunto: file.nombre,
    sha256: stored.sha256,
  };
}
