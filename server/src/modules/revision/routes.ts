/**
 * The 'revision' module answers /api/revision/cumplimiento, /api/revision/entregas,
 * /api/revision/pendientes: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hoyEnColombia,
  approveBody,
  cumplimientoDetalleEmpresa,
  cumplimientoEmpresa,
  cumplimientoExportQuery,
  cumplimientoItem,
  cumplimientoItemsQuery,
  cumplimientoQuery,
  decisionResponse,
  entregaDetalle,
  rejectBody,
  reviewPendingCount,
  reviewQueue,
  reviewQueueQuery,
  staffIdParams,
  staffQueryId,
} from '@proveedores/domain';
import { audit } from '../../lib/audit';
import { clockOf } from '../../lib/clock';
import { getComplianceByCompany, getCompanyCompliance, listComplianceItems } from './compliance';
import { approveEntrega, rejectEntrega } from './decide-entrega';
import { exportCompliance } from './export-compliance';
import { getEntrega } from './get-entrega';
import { countReviewQueue, listReviewQueue } from './list-queue';
import { reviewer } from './policy';

/** Staff review console: queue, decisions, compliance view (docs/decisions/060). */
export default async function revisionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  // Staff only, checked before the body is parsed: provider tokens get 403 on every route here.
  app.addHook('onRequest', async (request) => {
    reviewer(request);
  });
  const { db, config, mailer } = app;
  const hoy = () => hoyEnColombia(clockOf(config).now());
  const maxDays = config.reviewMaxValidityDays;
  const empresaParams = z.object({ empresaId: staffQueryId });

  app.get(
    '/api/revision/pendientes',
    {
      schema: {
        description:
          'Submissions pending approval (codEstado 0), current ones only, oldest first, paginated.',
        querystring: reviewQueueQuery,
        response: { 200: reviewQueue },
      },
    },
    async (request) => {
      reviewer(request);
      return listReviewQueue({ db, filters: request.query, hoy: hoy(), maxDays });
    },
  );

  app.get(
    '/api/revision/pendientes/conteo',
    {
      schema: {
        description:
          'How many submissions await a decision: the total of the unfiltered queue (reviewer home).',
        response: { 200: reviewPendingCount },
      },
    },
    async (request) => {
      reviewer(request);
      return countReviewQueue(db);
    },
  );

  app.get(
    '/api/revision/entregas/:id',
    { schema: { params: staffIdParams, response: { 200: entregaDetalle } } },
    async (request) => {
      reviewer(request);
      return getEntrega({ db, id: request.params.id, hoy: hoy(), maxDays });
    },
  );

  app.post(
    '/api/revision/entregas/:id/aprobar',
    // The body is optional: without one (or {}), the requirement's validity applies.
    { schema: { params: staffIdParams, body: approveBody.nullish(), response: { 200: decisionResponse } } },
    async (request) =>
      approveEntrega({
        db,
        config,
        mailer,
        reviewer: reviewer(request),
        id: request.params.id,
        body: request.body ?? {},
      }),
  );

  app.post(
    '/api/revision/entregas/:id/rechazar',
    { schema: { params: staffIdParams, body: rejectBody, response: { 200: decisionResponse } } },
    async (request) =>
      rejectEntrega({
        db,
        config,
        mailer,
        reviewer: reviewer(request),
        id: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/api/revision/cumplimiento',
    { schema: { querystring: cumplimientoQuery, response: { 200: z.array(cumplimientoEmpresa) } } },
    async (request) => {
      reviewer(request);
      return getComplianceByCompany({
        db,
        hoy: hoy(),
        modulo: request.query.modulo,
        buscar: request.query.buscar,
      });
    },
  );

  app.get(
    '/api/revision/cumplimiento/excel',
    { schema: { querystring: cumplimientoExportQuery } },
    async (request, reply) => {
      const who = reviewer(request);
      const file = await exportCompliance({ db, hoy: hoy(), empresaId: request.query.empresaId });
      await audit(
        db,
        { usuarioId: who.usuarioId, empresaId: request.query.empresaId ?? null, ip: who.ip },
        {
          evento: 'reporte.exported',
          datos: { reporte: 'cumplimiento', filas: file.filas },
        },
      );
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.buffer);
    },
  );

  app.get(
    '/api/revision/cumplimiento/:empresaId',
    { schema: { params: empresaParams, response: { 200: cumplimientoDetalleEmpresa } } },
    async (request) => {
      reviewer(request);
      return getCompanyCompliance({ db, hoy: hoy(), empresaId: request.params.empresaId });
    },
  );

  app.get(
    '/api/revision/cumplimiento/:empresaId/items',
    {
      schema: {
        params: empresaParams,
        querystring: cumplimientoItemsQuery,
        response: { 200: z.array(cumplimientoItem) },
      },
    },
    async (request) => {
      reviewer(request);
      return listComplianceItems({
        db,
        hoy: hoy(),
        empresaId: request.params.empresaId,
        filters: request.query,
      });
    },
  );
}
