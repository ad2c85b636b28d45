/**
 * The 'contratos' module answers /api/contratista, /api/contratista/contratos, /api/contratista/maestras:
 * historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hoyEnColombia, contrato, maestras, newContractBody } from '@proveedores/domain';
import { clockOf } from '../../lib/clock';
import { createContract } from './create-contract';
import { listContracts } from './list-contracts';
import { listMaestras } from './list-maestras';
import { canCreateContract, canReadMaestras, contractListScope } from './policy';

const contratoItem = contrato.extend({
  fecha_inicio: z.string(),
  regional_descrpcion: z.string().nullable(),
});

/**
 * Contract selection (docs/contract.md, States and transitions): master data, the company's contracts,
 * a new contract.
 */
export default async function contratosRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/maestras',
    {
      schema: {
        description:
          'Active master data ordered by descripcion: regionales, proyectos, actividad, tipoContrato.',
        response: { 200: z.tuple([maestras]) },
      },
    },
    async (request) => {
      canReadMaestras(request);
      return listMaestras({ db: app.db });
    },
  );

  app.get(
    '/api/contratista',
    {
      schema: {
        description:
          "The signed-in company's active contracts (field names of the specification, typos included).",
        response: { 200: z.tuple([z.object({ contratos: z.array(contratoItem) })]) },
      },
    },
    async (request) =>
      listContracts({
        db: app.db,
        ...contractListScope(request),
        hoy: hoyEnColombia(clockOf(app.config).now()),
      }),
  );

  app.post(
    '/api/contratista/contratos',
    {
      schema: {
        description:
          'Creates a contract for the signed-in company (fields checked in the order of docs/contract.md).',
        body: newContractBody,
        response: { 200: z.object({ message: z.string(), id: z.number() }) },
      },
    },
    async (request) =>
      createContract({
        db: app.db,
        user: await canCreateContract(app.db, request),
        body: request.body,
        ip: request.ip,
        hoy: hoyEnColombia(clockOf(app.config).now()),
      }),
  );
}
