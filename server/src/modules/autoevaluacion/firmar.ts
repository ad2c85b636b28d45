import { and, eq, sql } from 'drizzle-orm';
import {
  ADVERTENCIA_LEGAL_0312,
  firmantesFaltantes,
  MSG,
  hoyEnColombia,
  type AutoevaluacionFirmaBody,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { autoevaluaciones } from '../../db/schema';
import { AppError } from '../../errors';
import type { BlobStore } from '../../files';
import { audit } from '../../lib/audit';
import { inspectAttachment } from '../../uploads/attachment';
import { resolveSlot } from '../../uploads/slot';
import { uploadEvidence, type Actor } from '../../uploads/upload-evidence';
import { countUpload, type UploadLimits } from '../../uploads/limits';
import { firmantesDe } from '../usuarios-empresa';
import { rolEmpresaDe } from '../../authz/rol-empresa';
import { sugerenciasDeEvidencia, ultimaVersion } from './almacen';
import { respuestaDe, type AutoevaluacionRespuestaServidor } from './calificacion';
import { autoevaluacionPdf } from './pdf';

/**
 * POST /api/contratista/autoevaluacion/{ano}/firmar (docs/decisions/135). Refused, nothing saved,
 * when nothing is saved for the year, when the latest version is already signed, or when it is not
 * complete (calificar's and validarPlan's errors: every list item answered, a full plan action per
 * 'no_cumple'). Otherwise the form is rendered to PDF with the signatures and the legal warning
 * (Resolución 0312 de 2019 art. 27), checked like any upload, and stored through the evidence
 * pipeline as the company's SG-SST E05 submission; in that same transaction the version is frozen
 * ('firmada', who signed, the warning accepted, the submission) and audited. A version changed
 * since it was read is not signed (409).
 *
 * Only an administrator of the company signs (its role read from the database, decision 136), and
 * the signers are the legal representative and SG-SST lead the company registered, never names
 * typed at signing (docs/decisions/163): a 'cargador' gets 403, a company without both registered
 * a 400 saying what to register and where.
 */
/** 403 unless the caller is an administrator of its company (the route checks it before the body). */
export async function exigirAdministrador(db: Db, actor: Actor): Promise<void> {
  if ((await rolEmpresaDe(db, actor.usuarioId)) !== 'administrador')
    throw new AppError('forbidden', MSG.autoevaluacionFirmaSoloAdministrador);
}

export async function firmarAutoevaluacion(opts: {
  db: Db;
  store: BlobStore;
  actor: Actor;
  username: string;
  ano: number;
  body: AutoevaluacionFirmaBody;
  limits: UploadLimits;
  now: Date;
}): Promise<AutoevaluacionRespuestaServidor & { message: string }> {
  const { db, actor, ano, now } = opts;
  const { body } = opts;

  await exigirAdministrador(db, actor);
  const ultima = await ultimaVersion(db, actor.empresaId, ano);
  if (!ultima) throw new AppError('bad_request', MSG.autoevaluacionNoGuardada(ano));
  if (ultima.estado === 'firmada') throw new AppError('bad_request', MSG.autoevaluacionYaFirmada(ano));
  const { representante, responsable } = await firmantesDe(db, actor.empresaId);
  if (!representante || !responsable)
    throw new AppError('bad_request', firmantesFaltantes({ representante, responsable })!);

  const hoy = hoyEnColombia(now);
  const firma = { representante, responsable, firmadaAt: now.toISOString() };
  const sugerencias = await sugerenciasDeEvidencia(db, actor.empresaId);
  const firmada = respuestaDe({ ...ultima, estado: 'firmada', firma }, hoy, sugerencias);
  if (firmada.errores.length > 0)
    throw new AppError(
      'bad_request',
      MSG.autoevaluacionIncompleta(firmada.errores.length, firmada.errores[0].mensaje),
    );

  const [e05] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E05' AND activo`,
  );
  if (!e05) throw new AppError('not_found', MSG.evidenceRequirementNotFound);
  const slot = await resolveSlot({
    db,
    empresaId: actor.empresaId,
    modulo: 'sg-sst',
    requisitoId: e05.id,
    keys: {},
    now,
  });
  await countUpload(db, slot.empresaId, opts.limits);
  const [empresa] = await query<{ nit: string; razon_social: string }>(
    db,
    sql`SELECT nit, razon_social FROM empresas WHERE id = ${actor.empresaId}`,
  );
  const pdf = autoevaluacionPdf({
    evaluacion: firmada,
    empresa: { nit: empresa.nit, razonSocial: empresa.razon_social },
    firmadaPor: opts.username,
  });
  const adjunto = {
    adjunto: pdf.toString('base64'),
    nombreArchivo: MSG.autoevaluacionArchivoE05(ano),
    extension: 'pdf',
  };
  // The structure check also answers the text layer, which the evidence date reader then reuses
  // (decision 115).
  const file = await inspectAttachment(adjunto, slot.requisito.extensiones, { pdfText: true });

  const r = await uploadEvidence({
    db,
    store: opts.store,
    actor,
    modulo: 'sg-sst',
    requisitoId: e05.id,
    body: {
      detalle: MSG.autoevaluacionComentarioE05(ano, firmada.puntaje.toFixed(2), firmada.clasificacion),
      adjunto,
      // The form's date is the signing day: declared, so that a plan deadline printed in the PDF is
      // never read as the document's date (decision 113: what is declared wins over what is read).
      fechaExpedicion: hoy,
    },
    limits: opts.limits,
    now,
    previo: { slot, file },
    enTransaccion: async (tx, ids) => {
      const congeladas = await tx
        .update(autoevaluaciones)
        .set({
          estado: 'firmada',
          firmadaAt: now,
          firmas: {
            ...firma,
            advertenciaAceptada: ADVERTENCIA_LEGAL_0312,
            acepto: body.acepto,
            usuarioId: actor.usuarioId,
            usuario: opts.username,
          },
          entregaId: ids.idEntrega,
          puntaje: firmada.puntaje.toFixed(2),
          clasificacion: firmada.clasificacion,
          lista: firmada.lista,
        })
        .where(
          and(
            eq(autoevaluaciones.id, ultima.id),
            eq(autoevaluaciones.estado, 'borrador'),
            sql`extract(epoch FROM ${autoevaluaciones.updatedAt})::text = ${ultima.marca}`,
          ),
        )
        .returning({ id: autoevaluaciones.id });
      // Saved again (or signed) since it was read: the PDF would not be what is stored.
      if (congeladas.length === 0) throw new AppError('conflict', MSG.autoevaluacionCambio);
      await audit(tx, actor, {
        evento: 'autoevaluacion.firmada',
        datos: {
          autoevaluacionId: ultima.id,
          ano,
          version: ultima.version,
          puntaje: firmada.puntaje,
          entregaId: ids.idEntrega,
        },
      });
    },
  });
  return { ...firmada, entregaId: r.idEntrega, message: MSG.autoevaluacionFirmada(ano) };
}
