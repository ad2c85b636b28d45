/**
 * The 'historial' module answers /api/contratista/bliotecadocumentos: historic paths the contract keeps
 * (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyParams, historyQuery, historyTree } from '@proveedores/domain';
import { clockOf } from '../../lib/clock';
import { getHistoryTree } from './get-history-tree';
import { historyCompany } from './policy';

/** History tree (docs/contract.md, Calls; docs/decisions/050). */
export default async function historialRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/bliotecadocumentos/:type',
    {
      schema: {
        description:
          'Folder tree of every submission of one module. type: sg-sst | sg-personal | g-riesgo | g-retenido. ' +
          'contrato (contract id) narrows g-riesgo, g-retenido and sg-personal to one contract (ignored for sg-sst); ' +
          'numdocumento narrows sg-personal to one worker. Staff name the company with empresa (id) or nit.',
        params: historyParams,
        querystring: historyQuery,
        response: { 200: historyTree },
      },
    },
    async (request) =>
      getHistoryTree({
        db: app.db,
        company: historyCompany(request, request.query),
        type: request.params.type,
        contratoId: request.query.contrato,
        numdocumento: request.query.numdocumento,
        now: clockOf(app.config).now(),
      }),
  );
}
