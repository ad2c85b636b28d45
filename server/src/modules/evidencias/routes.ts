/**
 * The 'evidencias' module answers /api/adminflujos/adjunto, /api/contratista/adjuntos: historic paths the
 * contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  hoyEnColombia,
  anexoPutResponse,
  cargaMultipleBody,
  cargaMultipleResponse,
  contratoQuery,
  downloadTicketResponse,
  evidenceIdParams,
  evidenceList,
  evidencePutResponse,
  fechasResponse,
  gRetenidoAnexoBody,
  gRetenidoPutBody,
  gRiesgoAnexoBody,
  gRiesgoPutBody,
  requisitosCargaMultiple as requisitosCargaMultipleResponse,
  riskList,
  sgPersonalAnexoBody,
  sgPersonalPutBody,
  sgPersonalQuery,
  sgSstAnexoBody,
  sgSstPutBody,
  type ModuloEvidencia,
} from '@proveedores/domain';
import { blobStoreFor, sweepBlobs } from '../../files';
import { clockOf } from '../../lib/clock';
import { addAnnex } from './add-annex';
import { requisitosCargaMultiple, uploadForWorkers } from './carga-multiple';
import { issueDownloadTicket } from '../../lib/download-ticket';
import {
  attachmentHeaders,
  BlobIntegrityError,
  downloadAttachment,
  findAttachmentFile,
} from './download-attachment';
import { listGRetenido, listSgPersonal, listSgSst } from './list-evidence';
import { listGRiesgo } from './list-g-riesgo';
import { currentUser } from '../../plugins/auth';
import { attachmentViewer, evidenceActor } from './policy';
import { readDocumentDates } from './read-document-dates';
import { UPLOAD_BODY_LIMIT } from '../../uploads/limits';
import { uploadEvidence } from '../../uploads/upload-evidence';

const PUT_BODIES = {
  'sg-sst': [sgSstPutBody, sgSstAnexoBody],
  'g-riesgo': [gRiesgoPutBody, gRiesgoAnexoBody],
  'g-retenido': [gRetenidoPutBody, gRetenidoAnexoBody],
  'sg-personal': [sgPersonalPutBody, sgPersonalAnexoBody],
} as const satisfies Record<ModuloEvidencia, readonly [z.ZodType, z.ZodType]>;

export default async function evidenciasRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const store = blobStoreFor(app.config);
  const limits = { ratePerMinute: app.config.uploadRatePerMinute, quotaBytes: app.config.uploadQuotaBytes };
  const clock = clockOf(app.config);
  // The date reader says once per process that Tesseract is missing (decision 107).
  const ocrLog = { warn: (msg: string) => app.log.warn(msg) };
  // The day validity is judged on, as the home summary does (docs/decisions/094).
  const day = () => ({ hoy: hoyEnColombia(clock.now()), warningDays: app.config.expiryWarningDays });

  // Startup sweep of crash leftovers (temp files, unreferenced old blobs), before listening.
  app.addHook('onReady', async () => {
    const result = await sweepBlobs(db, store, { singleProcess: app.database.kind === 'pglite' });
    app.log.info({ sweep: result }, 'blob store swept');
  });

  app.register(async (authed) => {
    const a = authed.withTypeProvider<ZodTypeProvider>();
    a.addHook('onRequest', app.authenticate);

    a.get(
      '/api/contratista/adjuntos/sg-sst',
      { schema: { response: { 200: evidenceList } } },
      async (request) => listSgSst({ db, empresaId: evidenceActor(request).empresaId, day: day() }),
    );
    a.get(
      '/api/contratista/adjuntos/g-riesgo',
      { schema: { querystring: contratoQuery, response: { 200: riskList } } },
      async (request) =>
        listGRiesgo({
          db,
          empresaId: evidenceActor(request).empresaId,
          contratoId: request.query.contratoid,
          day: day(),
          now: clock.now(),
        }),
    );
    a.get(
      '/api/contratista/adjuntos/g-retenido',
      { schema: { querystring: contratoQuery, response: { 200: evidenceList } } },
      async (request) =>
        listGRetenido({
          db,
          empresaId: evidenceActor(request).empresaId,
          contratoId: request.query.contratoid,
          day: day(),
        }),
    );
    a.get(
      '/api/contratista/adjuntos/sg-personal',
      { schema: { querystring: sgPersonalQuery, response: { 200: evidenceList } } },
      async (request) =>
        listSgPersonal({
          db,
          empresaId: evidenceActor(request).empresaId,
          contratoId: request.query.contratoid,
          tipodocumento: request.query.tipodocumento,
          numerodocumento: request.query.numerodocumento,
          day: day(),
        }),
    );

    // One upload for many workers (docs/decisions/139): which requirements allow it, and the upload.
    a.get(
      '/api/contratista/adjuntos/sg-personal/carga-multiple',
      { schema: { response: { 200: requisitosCargaMultipleResponse } } },
      async (request) => {
        evidenceActor(request);
        return { requisitos: await requisitosCargaMultiple(db) };
      },
    );
    a.put(
      '/api/contratista/adjuntos/sg-personal/:id/multiple',
      {
        bodyLimit: UPLOAD_BODY_LIMIT + 64 * 1024,
        schema: {
          params: evidenceIdParams,
          body: cargaMultipleBody,
          response: { 200: cargaMultipleResponse },
        },
      },
      async (request) =>
        uploadForWorkers({
          db,
          store,
          actor: evidenceActor(request),
          requisitoId: request.params.id,
          body: request.body,
          limits,
          now: clock.now(),
          log: ocrLog,
        }),
    );

    for (const modulo of Object.keys(PUT_BODIES) as ModuloEvidencia[]) {
      const [putBody, annexBody] = PUT_BODIES[modulo];
      a.put(
        `/api/contratista/adjuntos/${modulo}/:id`,
        {
          bodyLimit: UPLOAD_BODY_LIMIT,
          schema: { params: evidenceIdParams, body: putBody, response: { 200: evidencePutResponse } },
        },
        async (request) =>
          uploadEvidence({
            db,
            store,
            actor: evidenceActor(request),
            modulo,
            requisitoId: request.params.id,
            body: request.body as z.infer<typeof putBody>,
            limits,
            now: clock.now(),
            log: ocrLog,
          }),
      );
      // The dates a file states, read before saving to pre-fill the form; stores nothing (decision 108).
      a.post(
        `/api/contratista/adjuntos/${modulo}/:id/fechas`,
        {
          bodyLimit: UPLOAD_BODY_LIMIT,
          schema: { params: evidenceIdParams, body: annexBody, response: { 200: fechasResponse } },
        },
        async (request) =>
          readDocumentDates({
            db,
            actor: evidenceActor(request),
            modulo,
            requisitoId: request.params.id,
            body: request.body as z.infer<typeof annexBody>,
            limits,
            now: clock.now(),
            log: ocrLog,
          }),
      );
      a.put(
        `/api/contratista/adjuntos/${modulo}/:id/anexo`,
        {
          bodyLimit: UPLOAD_BODY_LIMIT,
          schema: { params: evidenceIdParams, body: annexBody, response: { 200: anexoPutResponse } },
        },
        async (request) =>
          addAnnex({
            db,
            store,
            actor: evidenceActor(request),
            modulo,
            requisitoId: request.params.id,
            body: request.body as z.infer<typeof annexBody>,
            limits,
            now: clock.now(),
          }),
      );
    }

    // Downloads: the bearer header, or a link's ?ticket= for that one file (docs/decisions/166); a
    // session token in the URL is refused. The logger redacts tickets.
    for (const kind of ['entrega', 'anexo'] as const) {
      const path = kind === 'entrega' ? '/api/adminflujos/adjunto/:id' : '/api/adminflujos/adjunto/anexo/:id';
      a.post(
        `${path}/ticket`,
        { schema: { params: evidenceIdParams, response: { 200: downloadTicketResponse } } },
        async (request) => {
          const user = currentUser(request);
          const { id } = request.params;
          await findAttachmentFile({ db, viewer: attachmentViewer(request), kind, id });
          const { ticket, vence } = issueDownloadTicket({
            scope: `${kind}:${id}`,
            claims: user.claims,
            now: clock.now(),
            secret: app.config.jwtSecret,
          });
          return { ticket, vence: vence.toISOString() };
        },
      );
      a.get(
        path,
        {
          config: {
            downloadTicket: (request) => `${kind}:${Number((request.params as { id?: string }).id)}`,
          },
          schema: { params: evidenceIdParams },
        },
        async (request, reply) => {
          try {
            const file = await downloadAttachment({
              db,
              store,
              viewer: attachmentViewer(request),
              kind,
              id: request.params.id,
            });
            return reply.headers(attachmentHeaders(file)).send(file.body);
          } catch (err) {
            if (err instanceof BlobIntegrityError)
              request.log.error(
                { sha256: err.sha256, reason: err.reason },
                'stored file failed its integrity check',
              );
            throw err;
          }
        },
      );
    }
  });
}
