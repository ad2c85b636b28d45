/**
 * The 'pila' module answers /api/contratista/pila, /api/revision/pila: historic paths the contract keeps
 * (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pilaContratoQuery,
  pilaEntregaParams,
  pilaGetRespuesta,
  pilaMatriz,
  pilaPeriodo,
  pilaPutBody,
  pilaPutRespuesta,
  pilaQuery,
} from '@proveedores/domain';
import { blobStoreFor } from '../../files';
import { clockOf } from '../../lib/clock';
import { requireProveedor, requireStaff } from '../../plugins/auth';
import { evidenceActor } from '../../uploads/upload-evidence';
import { UPLOAD_BODY_LIMIT } from '../../uploads/limits';
import { matrizPila, periodosPila, pilaDeEntrega, pilaDelPeriodo } from './consultar';
import { subirPila } from './subir';

/**
 * PILA reconciliation (docs/decisions/128): the contractor uploads the month's flat file as item M01
 * and reads its reconciliation, the reconciled periods (R03) and the months x workers matrix; staff
 * read the same for any contract and the reconciliation an M01 submission carries.
 */
export default async function pilaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const { db, config } = app;
  const store = blobStoreFor(config);
  const limits = { ratePerMinute: config.uploadRatePerMinute, quotaBytes: config.uploadQuotaBytes };
  const clock = clockOf(config);
  const ocrLog = { warn: (msg: string) => app.log.warn(msg) };
  const empresa = (request: Parameters<typeof requireProveedor>[0]) => requireProveedor(request).empresaId;

  app.put(
    '/api/contratista/pila',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // A contractor only, checked before the body is parsed.
      onRequest: async (request) => {
        requireProveedor(request);
      },
      schema: { querystring: pilaQuery, body: pilaPutBody, response: { 200: pilaPutRespuesta } },
    },
    async (request) =>
      subirPila({
        db,
        store,
        actor: evidenceActor(request),
        params: request.query,
        body: request.body,
        limits,
        now: clock.now(),
        log: ocrLog,
      }),
  );

  app.get(
    '/api/contratista/pila',
    { schema: { querystring: pilaQuery, response: { 200: pilaGetRespuesta } } },
    async (request) =>
      pilaDelPeriodo(db, {
        empresaId: empresa(request),
        contratoId: request.query.contratoid,
        ano: request.query.ano,
        mes: request.query.mes,
      }),
  );

  app.get(
    '/api/contratista/pila/periodos',
    { schema: { querystring: pilaContratoQuery, response: { 200: z.array(pilaPeriodo) } } },
    async (request) =>
      periodosPila(db, { empresaId: empresa(request), contratoId: request.query.contratoid }),
  );

  app.get(
    '/api/contratista/pila/matriz',
    { schema: { querystring: pilaContratoQuery, response: { 200: pilaMatriz } } },
    async (request) => matrizPila(db, { empresaId: empresa(request), contratoId: request.query.contratoid }),
  );

  app.get(
    '/api/revision/pila',
    { schema: { querystring: pilaQuery, response: { 200: pilaGetRespuesta } } },
    async (request) => {
      requireStaff(request);
      return pilaDelPeriodo(db, {
        empresaId: null,
        contratoId: request.query.contratoid,
        ano: request.query.ano,
        mes: request.query.mes,
      });
    },
  );

  app.get(
    '/api/revision/pila/entregas/:id',
    { schema: { params: pilaEntregaParams, response: { 200: pilaGetRespuesta } } },
    async (request) => {
      requireStaff(request);
      return pilaDeEntrega(db, request.params.id);
    },
  );

  app.get(
    '/api/revision/pila/periodos',
    { schema: { querystring: pilaContratoQuery, response: { 200: z.array(pilaPeriodo) } } },
    async (request) => {
      requireStaff(request);
      return periodosPila(db, { empresaId: null, contratoId: request.query.contratoid });
    },
  );

  app.get(
    '/api/revision/pila/matriz',
    { schema: { querystring: pilaContratoQuery, response: { 200: pilaMatriz } } },
    async (request) => {
      requireStaff(request);
      return matrizPila(db, { empresaId: null, contratoId: request.query.contratoid });
    },
  );
}
