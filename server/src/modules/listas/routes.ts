/**
 * The 'listas' module answers /api/contratista/Listadinamico: historic paths the contract keeps
 * (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hoyEnColombia, listResponse, MSG } from '@proveedores/domain';
import { AppError } from '../../errors';
import { clockOf } from '../../lib/clock';
import { getList } from './get-list';
import { listCaller } from './policy';
import { findTable } from './registry';

/** Data-driven list (docs/contract.md, Calls; docs/decisions/051). */
export default async function listasRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/Listadinamico/:idtabla',
    {
      schema: {
        description:
          'Table description and one page of rows. Query: page (1-based), size (10|20|25|50), sort=<columnId>, ' +
          'order=asc|desc, q=<search>, f_<columnId>=<contains filter>, plus the table parameters ' +
          '(histdocs: path, ident, contrato; staff: empresa).',
        params: z.object({ idtabla: z.string() }),
        response: { 200: listResponse },
      },
    },
    async (request) => {
      const table = findTable(request.params.idtabla);
      if (!table) throw new AppError('not_found', MSG.listTableNotFound);
      return getList({
        db: app.db,
        table,
        caller: listCaller(request, table),
        rawQuery: request.query as Record<string, unknown>,
        hoy: hoyEnColombia(clockOf(app.config).now()),
      });
    },
  );
}
