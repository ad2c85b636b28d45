import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  conciliarPila,
  ESTADO,
  finVigencia,
  mesSiguiente,
  MSG,
  PILA_MAX_LINEAS,
  reglaVigencia,
  type PilaConciliacion,
  type PilaPutBody,
  type PilaPutRespuesta,
  type PilaQuery,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { entregas, pilaPlanillas } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files';
import { audit } from '../../lib/audit';
import { readPilaOffThread } from '../../lib/file-check';
import type { OcrLog } from '../../compliance/document-dates/ocr';
import { inspectAttachment } from '../../uploads/attachment';
import { resolveSlot } from '../../uploads/slot';
import { uploadEvidence, type Actor } from '../../uploads/upload-evidence';
import { countUpload, type UploadLimits } from '../../uploads/limits';
import { aprobacionP08 } from './aprobacion-p08';
import { contextoPila } from './contexto';

/** Extensions this route takes: the flat file, or the operator's PDF kept without reconciliation. */
const EXTENSIONES_PILA = 'txt,pdf';

/** The reconciliation's findings that refuse a planilla (docs/decisions/128). */
const REGLAS_DE_RECHAZO = new Set(['aportante.nit', 'aportante.dv', 'periodo']);

const requisitoDe = async (db: Db, modulo: string, codigo: string) => {
  const [r] = await query<{ id: number; regla_vigencia: unknown }>(
    db,
    sql`SELECT id, regla_vigencia FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo} AND activo`,
  );
  return r ?? null;
};

/**
 * PUT /api/contratista/pila?contratoid=&ano=&mes= (docs/decisions/128): the period's M01 submission.
 *
 * Order: the slot (the company's contract, a month of the contract), the company's upload rate, the
 * attachment's checks (name, size, strict base64, content is plain text or a PDF). A PDF is stored as
 * the M01 evidence, with a message asking for the flat file. A flat file is parsed and reconciled with
 * the contract's workers; a file of another aportante (NIT or check digit) or of another period is
 * refused and not stored.
 * Otherwise, in the submission's one transaction: the file, the M01 submission (pending review, the
 * reconciliation for the reviewer), the reconciliation row and the approved P08 of the workers
 * `aprobacionP08` admits (the operator's payment facts in the file, no error naming them, no
 * reviewer's rejection standing; docs/decisions/162), pointing at the same file (approved by the
 * reconciliation, not by a reviewer; valid per P08's rule, decision 105). The answer says why the
 * others were not approved.
 */
export async function subirPila(opts: {
  db: Db;
  store: BlobStore;
  actor: Actor;
  params: PilaQuery;
  body: PilaPutBody;
  limits: UploadLimits;
  now: Date;
  log?: OcrLog;
}): Promise<PilaPutRespuesta> {
  const { db, actor, params } = opts;
  const m01 = await requisitoDe(db, 'g-riesgo', 'M01');
  if (!m01) throw new AppError('not_found', MSG.evidenceRequirementNotFound);
  const slot = await resolveSlot({
    db,
    empresaId: actor.empresaId,
    modulo: 'g-riesgo',
    requisitoId: m01.id,
    keys: { contratoid: params.contratoid, ano: params.ano, mes: params.mes },
    now: opts.now,
  });
  await countUpload(db, slot.empresaId, opts.limits);
  const file = await inspectAttachment(opts.body.adjunto, EXTENSIONES_PILA);
  const detalle = opts.body.detalle?.trim() || null;
  const base = {
    db,
    store: opts.store,
    actor,
    modulo: 'g-riesgo' as const,
    requisitoId: m01.id,
    limits: opts.limits,
    now: opts.now,
    log: opts.log,
  };

  if (file.extension !== 'txt') {
    const r = await uploadEvidence({
      ...base,
      body: {
        contratoid: params.contratoid,
        ano: params.ano,
        mes: params.mes,
        detalle,
        adjunto: opts.body.adjunto,
      },
      previo: { slot, file },
    });
    return { message: MSG.pilaSoloPdf, idEntrega: r.idEntrega, conciliada: false };
  }

  // Parsed in the worker pool, refused by its line count first (docs/decisions/165).
  const lectura = await readPilaOffThread(file.bytes, PILA_MAX_LINEAS);
  if (!lectura.ok)
    throw new AppError(
      'bad_request',
      lectura.reason === 'lineas' ? MSG.pilaDemasiadasLineas(lectura.maxLineas) : MSG.pilaLecturaLenta,
    );
  const archivo = lectura.archivo;
  const contexto = await contextoPila(db, {
    empresaId: slot.empresaId,
    contratoId: params.contratoid,
    ano: params.ano,
    mes: params.mes,
  });
  const conciliacion: PilaConciliacion = conciliarPila(archivo, contexto);
  if (conciliacion.rechazada) {
    // The refusal's own finding (another aportante or period) before any parser error of the header.
    const motivo =
      conciliacion.hallazgos.find((h) => REGLAS_DE_RECHAZO.has(h.regla)) ??
      conciliacion.hallazgos.find((h) => h.severidad === 'error');
    throw new AppError('bad_request', motivo?.mensaje ?? MSG.pilaRechazada);
  }

  const p08 = await requisitoDe(db, 'sg-personal', 'P08');
  const { aprobar: aprobarP08, avisos: avisosP08 } = p08
    ? await aprobacionP08(db, {
        conciliacion,
        contexto,
        empresaId: slot.empresaId,
        contratoId: params.contratoid,
        p08Id: p08.id,
        hoy: hoyEnColombia(opts.now ?? new Date()),
      })
    : { aprobar: [], avisos: [] };
  const regla = p08 ? reglaVigencia.safeParse(p08.regla_vigencia) : null;
  // P08's month is the payment month (the month after the period paid), decision 105.
  const vigencia =
    regla?.success === true
      ? finVigencia(regla.data, {
          periodo: mesSiguiente({ ano: params.ano, mes: params.mes }),
          nit: contexto.nit,
        })
      : null;

  const r = await uploadEvidence({
    ...base,
    body: {
      contratoid: params.contratoid,
      ano: params.ano,
      mes: params.mes,
      detalle: detalle ?? MSG.pilaComentario(conciliacion.veredicto),
      adjunto: opts.body.adjunto,
    },
    previo: { slot, file },
    enTransaccion: async (tx, ids) => {
      await tx.insert(pilaPlanillas).values({
        entregaId: ids.idEntrega,
        empresaId: slot.empresaId,
        contratoId: params.contratoid,
        ano: params.ano,
        mes: params.mes,
        veredicto: conciliacion.veredicto,
        conciliacion,
        // The app's clock (decision 117), so the upload day shown is the one the rest of the answer used.
        createdAt: opts.now ?? new Date(),
      });
      if (aprobarP08.length > 0 && p08) {
        const ahora = opts.now ?? new Date();
        await tx.insert(entregas).values(
          aprobarP08.map((t) => ({
            empresaId: slot.empresaId,
            contratoId: params.contratoid,
            requisitoId: p08.id,
            empleadoId: t.empleadoId,
            archivoId: ids.idArchivo,
            nombreArchivo: file.nombre,
            comentario: MSG.pilaP08Comentario(params.ano, params.mes),
            cargadoPor: actor.usuarioId,
            estado: ESTADO.APROBADO,
            vigenciaHasta: vigencia,
            revisadoAt: ahora,
          })),
        );
      }
      await audit(tx, actor, {
        evento: 'pila.conciliada',
        datos: {
          entregaId: ids.idEntrega,
          contratoId: params.contratoid,
          ano: params.ano,
          mes: params.mes,
          veredicto: conciliacion.veredicto,
          p08: aprobarP08.length,
        },
      });
    },
  });
  return {
    ...conciliacion,
    message: MSG.pilaConciliada(conciliacion.veredicto),
    idEntrega: r.idEntrega,
    conciliada: true,
    p08Aprobados: aprobarP08.length,
    avisosP08,
  };
}
