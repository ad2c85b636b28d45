import type { AdjuntoPayload, EvidencePutBody, FechasResponse, ModuloEvidencia } from '@proveedores/domain';
import type { Db } from '../../db/client';
import type { OcrLog } from '../../compliance/document-dates/ocr';
import { inspectAttachment } from '../../uploads/attachment';
import { fechasDelArchivo, fechasQuePideRequisito } from '../../uploads/document-dates';
import { resolveSlot, type SlotKeys } from '../../uploads/slot';
import { countUpload, type UploadLimits } from '../../uploads/limits';
import type { Actor } from '../../uploads/upload-evidence';

/**
 * POST /api/contratista/adjuntos/{module}/{id}/fechas (decision 108): the dates the chosen file
 * states, read before the contractor saves, so the upload form shows them pre-filled and editable.
 * Authorized exactly like the upload (the slot must be the token's company's), counted in the
 * company's upload rate (decision 085: reading costs what checking an upload costs), the same
 * attachment checks; nothing is stored. The PUT of the specification stays as it is: it reads the
 * file again and takes the dates the form sends. The structure check of a PDF answers its text
 * layer too (one message to the file-check worker, decision 115).
 */
export async function readDocumentDates(opts: {
  db: Db;
  actor: Actor;
  modulo: ModuloEvidencia;
  requisitoId: number;
  body: EvidencePutBody & { adjunto: AdjuntoPayload };
  limits: UploadLimits;
  now: Date;
  log?: OcrLog;
}): Promise<FechasResponse> {
  const { db, actor, body } = opts;
  const slot = await resolveSlot({
    db,
    empresaId: actor.empresaId,
    modulo: opts.modulo,
    requisitoId: opts.requisitoId,
    keys: body as SlotKeys,
    now: opts.now,
  });
  await countUpload(db, slot.empresaId, opts.limits);
  const pide = fechasQuePideRequisito(slot.requisito.regla_vigencia);
  // A PDF's structure check reads its text layer in the same worker message (decision 115).
  const file = await inspectAttachment(body.adjunto, slot.requisito.extensiones, {
    pdfText: pide === null || pide.length > 0,
  });
  return { fechas: await fechasDelArchivo(file, pide, opts.log), pide };
}
