/**
 * The 'aptitud' module answers /api/contratista/trabajadores, /api/revision/aptitud: historic paths the
 * contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hoyEnColombia,
  aptitudContratistaQuery,
  aptitudObra,
  aptitudRevisionQuery,
  aptitudTrabajador,
  autorizacionRevocada,
  autorizacionTemporalBody,
  autorizacionVigente,
  staffIdParams,
} from '@proveedores/domain';
import { clockOf } from '../../lib/clock';
import { otorgarAutorizacion, revocarAutorizacion } from './autorizaciones';
import { aptitudContratista, aptitudObra as aptitudDeObra } from './obra';
import { contratista, personal } from './policy';

/** Fitness for site access ('Apto hoy', docs/decisions/121): the contractor's and the staff's views. */
export default async function aptitudRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const { db, config } = app;
  const hoy = () => hoyEnColombia(clockOf(config).now());

  app.get(
    '/api/contratista/trabajadores/aptitud',
    {
      schema: {
        description:
          "Whether each worker of one of the company's own contracts may enter its project on `fecha` (default today in Colombia), and why not.",
        querystring: aptitudContratistaQuery,
        response: { 200: z.array(aptitudTrabajador) },
      },
    },
    async (request) => {
      const { empresaId } = contratista(request);
      return aptitudContratista(db, {
        empresaId,
        contratoId: request.query.contratoid,
        fecha: request.query.fecha ?? hoy(),
      });
    },
  );

  app.get(
    '/api/revision/aptitud',
    {
      schema: {
        description:
          'Staff: every worker of a project (or of one of its contracts) with fitness on `fecha` and whether the gate records put them inside.',
        querystring: aptitudRevisionQuery,
        response: { 200: z.array(aptitudObra) },
      },
    },
    async (request) => {
      personal(request);
      return aptitudDeObra(db, {
        proyectoId: request.query.proyectoid,
        fecha: request.query.fecha ?? hoy(),
        ...(request.query.contratoid !== undefined ? { contratoId: request.query.contratoid } : {}),
      });
    },
  );

  app.post(
    '/api/revision/aptitud/autorizaciones',
    {
      // Staff only, checked before the body is parsed.
      onRequest: async (request) => {
        personal(request);
      },
      schema: { body: autorizacionTemporalBody, response: { 200: autorizacionVigente } },
    },
    async (request) => otorgarAutorizacion(db, { actor: personal(request), hoy: hoy(), body: request.body }),
  );

  app.post(
    '/api/revision/aptitud/autorizaciones/:id/revocar',
    {
      onRequest: async (request) => {
        personal(request);
      },
      schema: { params: staffIdParams, response: { 200: autorizacionRevocada } },
    },
    async (request) =>
      revocarAutorizacion(db, { actor: personal(request), id: request.params.id, at: clockOf(config).now() }),
  );
}
