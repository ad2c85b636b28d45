import type { FastifyRequest } from 'fastify';
import {
  FECHAS_VACIAS,
  MSG,
  type EvidencePutBody,
  type EvidencePutResponse,
  type ModuloEvidencia,
} from '@proveedores/domain';
import type { Db } from '../db/client';
import { archivos, empleadosContratos, entregas } from '../db/schema';
import { AppError } from '../errors';
import { BlobStoreFullError, type BlobStore, type StoredBlob } from '../files';
import { audit } from '../lib/audit';
import { requireProveedor } from '../plugins/auth';
import { inspectAttachment, type InspectedFile } from './attachment';
import { fechasDelArchivo, fechasQuePideRequisito } from './document-dates';
import type { OcrLog } from '../compliance/document-dates/ocr';
import { resolveSlot, type Slot, type SlotKeys } from './slot';
import { sameFileOtherWorker } from './same-file-other-worker';
import { checkQuota, checkQuotaInTransaction, countUpload, type UploadLimits } from './limits';

export type Actor = { usuarioId: number; empresaId: number; ip: string };

/** Who uploads: a contractor company's user, for the company of the token only. */
export function evidenceActor(request: FastifyRequest): Actor {
  const user = requireProveedor(request);
  return { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: request.ip };
}

/** Makes the bytes durable before any row points at them; a full disk is a clean 503. */
export async function storeBytes(store: BlobStore, bytes: Uint8Array): Promise<StoredBlob> {
  try {
    return await store.put(bytes);
  } catch (err) {
    if (err instanceof BlobStoreFullError) throw new AppError('unavailable', MSG.evidenceStorageFull);
    throw err;
  }
}

/** Inside the caller's transaction: the archivos row of a blob put() has already made durable. */
export async function insertArchivo(tx: Db, stored: StoredBlob, file: InspectedFile): Promise<number> {
  const [row] = await tx
    .insert(archivos)
    .values({ sha256: stored.sha256, tamano: stored.size, tipoMime: file.mime, extension: file.extension })
    .returning({ id: archivos.id });
  return row.id;
}

/**
 * PUT /api/contratista/adjuntos/{module}/{id}: a new submission (file, comment, or both) for the
 * slot. It becomes the slot's current state (newest row); older rows stay as history.
 * Order: ownership and applicability, the company's upload rate, attachment checks, its storage
 * quota, blob durable on disk, then one transaction with the quota checked again + archivos +
 * entregas (+ the employee's contract link) + audit (docs/decisions/085).
 */
export async function uploadEvidence(opts: {
  db: Db;
  store: BlobStore;
  actor: Actor;
  modulo: ModuloEvidencia;
  requisitoId: number;
  body: EvidencePutBody;
  limits: UploadLimits;
  now: Date;
  /** Where the date reader says once that Tesseract is missing (decision 107). */
  log?: OcrLog;
  /**
   * For a caller that has already resolved the slot and inspected the file (the PILA upload,
   * decision 128): used instead of resolving and inspecting again.
   */
  previo?: { slot: Slot; file: InspectedFile };
  /** Runs inside the submission's transaction, after its rows (the PILA reconciliation's rows). */
  enTransaccion?: (tx: Db, ids: { idEntrega: number; idArchivo: number | null }) => Promise<void>;
  /**
   * Other workers of the slot's contract the same file covers (one upload for many workers,
   * docs/decisions/139), already checked by the caller: one entregas row each, in the same
   * transaction, all pointing at the one archivos row.
   */
  cubre?: number[];
}): Promise<EvidencePutResponse & { idEntregas: number[] }> {
  const { db, store, actor, modulo, body, limits } = opts;
  const slot =
    opts.previo?.slot ??
    (await resolveSlot({
      db,
      empresaId: actor.empresaId,
      modulo,
      requisitoId: opts.requisitoId,
      keys: body as SlotKeys,
      now: opts.now,
    }));
  const comentario = body.detalle?.trim() || null;
  if (!body.adjunto && !comentario) throw new AppError('bad_request', MSG.commentRequired);

  if (body.adjunto && !opts.previo) await countUpload(db, slot.empresaId, limits);
  const pide = fechasQuePideRequisito(slot.requisito.regla_vigencia);
  // A PDF's structure check also answers its text layer when dates are wanted (one worker message,
  // decision 115).
  const file =
    opts.previo?.file ??
    (body.adjunto
      ? await inspectAttachment(body.adjunto, slot.requisito.extensiones, {
          pdfText: pide === null || pide.length > 0,
        })
      : null);
  // The document's dates (decision 108), read while the quota is checked and the blob stored;
  // the reader never throws and gives nulls past its time limit.
  const lectura = file ? fechasDelArchivo(file, pide, opts.log) : Promise.resolve({ ...FECHAS_VACIAS });
  if (file) await checkQuota(db, slot.empresaId, file.bytes.length, limits);
  const stored = file ? await storeBytes(store, file.bytes) : null;
  const fechas = await lectura;
  // What the contractor gave wins over what was read; null (or absent) keeps the reading.
  const expedicion = body.fechaExpedicion ?? fechas.expedicion;
  const vencimiento = body.fechaVencimiento ?? fechas.vencimiento;
  const proximoExamen = body.proximoExamen ?? fechas.proximoExamen;

  const empleados = [slot.empleadoId, ...(opts.cubre ?? []).filter((id) => id !== slot.empleadoId)];

  const { idEntregas, idArchivo } = await db.transaction(async (tx) => {
    // The bytes count once against the quota however many workers they cover.
    if (file) await checkQuotaInTransaction(tx, slot.empresaId, file.bytes.length, limits);
    const archivoId = file && stored ? await insertArchivo(tx, stored, file) : null;
    const rows = await tx
      .insert(entregas)
      .values(
        empleados.map((empleadoId) => ({
          empresaId: slot.empresaId,
          contratoId: slot.contratoId,
          requisitoId: slot.requisito.id,
          empleadoId,
          ano: slot.ano,
          mes: slot.mes,
          archivoId,
          nombreArchivo: file?.nombre ?? null,
          comentario,
          cargadoPor: actor.usuarioId,
          fechaExpedicion: expedicion,
          fechaVencimientoDoc: vencimiento,
          proximoExamen,
          // Kept apart for the reviewer (decision 113): what was read, what the contractor sent.
          fechasLeidas: file ? fechas : null,
          fechasDeclaradas:
            body.fechaExpedicion || body.fechaVencimiento || body.proximoExamen
              ? {
                  expedicion: body.fechaExpedicion ?? null,
                  vencimiento: body.fechaVencimiento ?? null,
                  proximoExamen: body.proximoExamen ?? null,
                }
              : null,
        })),
      )
      .returning({ id: entregas.id });
    const row = rows[0];
    if (slot.empleadoId !== null && slot.contratoId !== null) {
      // A worker who hands in entry documents for a contract works under it.
      await tx
        .insert(empleadosContratos)
        .values({ empleadoId: slot.empleadoId, contratoId: slot.contratoId })
        .onConflictDoNothing();
    }
    // Audited once, with the count of workers covered (docs/decisions/139).
    await audit(tx, actor, {
      evento: 'entrega.created',
      datos: {
        entregaId: row.id,
        requisitoId: slot.requisito.id,
        modulo,
        ...(rows.length > 1 ? { trabajadores: rows.length } : {}),
      },
    });
    await opts.enTransaccion?.(tx, { idEntrega: row.id, idArchivo: archivoId });
    return { idEntregas: rows.map((r) => r.id), idArchivo: archivoId };
  });
  const idEntrega = idEntregas[0];
  const advertencias =
    stored && slot.empleadoId !== null
      ? await sameFileOtherWorker(db, {
          empresaId: slot.empresaId,
          requisitoId: slot.requisito.id,
          sha256: stored.sha256,
          empleados: empleados.filter((id): id is number => id !== null),
        })
      : [];

  return {
    message: file ? MSG.fileUploaded(file.nombre) : MSG.commentSaved,
    idEntrega,
    idArchivo,
    nombreadjunto: file?.nombre ?? null,
    sha256: stored?.sha256 ?? null,
    fechas,
    ...(advertencias.length ? { advertencias } : {}),
    idEntregas,
  };
}
