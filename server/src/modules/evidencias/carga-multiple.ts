import { sql } from 'drizzle-orm';
import {
  normalizeDocumentNumber,
  type CargaMultipleBody,
  type CargaMultipleResponse,
  CARGA_MULTIPLE_MSG,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files';
import type { OcrLog } from '../../compliance/document-dates/ocr';
import { resolveSlot } from '../../uploads/slot';
import { uploadEvidence, type Actor } from '../../uploads/upload-evidence';
import type { UploadLimits } from '../../uploads/limits';

/** Ids of the active sg-personal requirements one upload may cover several workers with. */
export async function requisitosCargaMultiple(db: Db): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND activo AND carga_multiple ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The employee ids of `refs`, each an active worker of the contract (linked and not withdrawn) of
 * the token's company; the first that is not gets a 400 naming its document. Repeats collapse.
 */
async function coveredWorkers(
  db: Db,
  empresaId: number,
  contratoId: number,
  refs: CargaMultipleBody['trabajadores'],
): Promise<number[]> {
  const wanted = new Map<string, string>();
  for (const r of refs) {
    const tipo = r.tipodocumento.trim().toUpperCase();
    const numero = normalizeDocumentNumber(r.numerodocumento);
    wanted.set(`${tipo} ${numero}`, `${r.tipodocumento.trim()} ${r.numerodocumento.trim()}`);
  }
  if (wanted.size === 0) return [];
  const rows = await query<{ id: number; tipo: string; numero: string }>(
    db,
    sql`SELECT e.id, e.tipo_documento AS tipo, e.numero_documento AS numero
          FROM empleados e
          JOIN empleados_contratos ec ON ec.empleado_id = e.id AND ec.contrato_id = ${contratoId} AND ec.activo
         WHERE e.empresa_id = ${empresaId}
           AND (e.tipo_documento || ' ' || e.numero_documento) IN (${sql.join(
             [...wanted.keys()].map((k) => sql`${k}`),
             sql`, `,
           )})`,
  );
  const found = new Map(rows.map((r) => [`${r.tipo} ${r.numero}`, Number(r.id)]));
  for (const [key, shown] of wanted) {
    if (!found.has(key))
      throw new AppError('bad_request', CARGA_MULTIPLE_MSG.cargaMultipleTrabajadorInvalido(shown));
  }
  return [...found.values()];
}

/**
 * PUT /api/contratista/adjuntos/sg-personal/{id}/multiple (docs/decisions/139): one file for the
 * slot's worker and the listed workers of the same contract. Checked before anything is counted or
 * stored: the requirement allows it, every listed worker is an active worker of the contract of the
 * token's company. Then the ordinary upload (rate, inspection, quota once, one blob, one archivos
 * row) writes one entregas row per worker in one transaction, audited once with the count.
 */
export async function uploadForWorkers(opts: {
  db: Db;
  store: BlobStore;
  actor: Actor;
  requisitoId: number;
  body: CargaMultipleBody;
  limits: UploadLimits;
  now: Date;
  log?: OcrLog;
}): Promise<CargaMultipleResponse> {
  const { db, actor, body } = opts;
  const slot = await resolveSlot({
    db,
    empresaId: actor.empresaId,
    modulo: 'sg-personal',
    requisitoId: opts.requisitoId,
    keys: body,
    now: opts.now,
  });
  const [req] = await query<{ carga_multiple: boolean }>(
    db,
    sql`SELECT carga_multiple FROM requisitos WHERE id = ${slot.requisito.id}`,
  );
  if (!req?.carga_multiple) throw new AppError('bad_request', CARGA_MULTIPLE_MSG.cargaMultipleNoPermitida);
  const cubre = await coveredWorkers(db, actor.empresaId, slot.contratoId!, body.trabajadores);
  const res = await uploadEvidence({
    db,
    store: opts.store,
    actor,
    modulo: 'sg-personal',
    requisitoId: opts.requisitoId,
    body,
    limits: opts.limits,
    now: opts.now,
    log: opts.log,
    cubre,
  });
  const trabajadores = res.idEntregas.length;
  return {
    ...res,
    message: CARGA_MULTIPLE_MSG.cargaMultipleCargado(res.nombreadjunto ?? '', trabajadores),
    trabajadores,
  };
}
