/**
 * The 'catalogo' module answers /api/admin/maestras, /api/admin/requisitos, /api/admin/salarios-minimos:
 * historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  maestraBodies,
  maestraAdmin,
  maestrasQuery,
  maestraUpdateBodies,
  requisitoAdmin,
  requisitoCreateBody,
  requisitosQuery,
  requisitoUpdateBody,
  salarioMinimo,
  salarioMinimoBody,
  salarioMinimoNuevoBody,
  salarioMinimoParams,
  savedMaestra,
  savedSalarioMinimo,
  savedRequisito,
  staffIdParams,
  TABLA_MAESTRA_NOMBRES,
  type MaestraBody,
  type MaestraUpdateBody,
} from '@proveedores/domain';
import { createMaestra, listMaestra, setMaestraActivo, updateMaestra } from './maestras';
import { administrador, staffReader } from './policy';
import { getRequisito, selectRequisitos } from './requisito-sql';
import { editarSalarioMinimo, listSalariosMinimos, registrarSalarioMinimo } from './salarios-minimos';
import { createRequisito, setRequisitoActivo, updateRequisito } from './save-requisito';

/** Requirements catalogue and master data management (docs/decisions/061). */
export default async function catalogoRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  // Authorization before the body is even parsed: providers 403, revisores 403 on writes.
  app.addHook('onRequest', async (request) => {
    staffReader(request);
  });
  const adminOnly = async (request: FastifyRequest) => {
    administrador(request);
  };
  const { db } = app;

  app.get(
    '/api/admin/requisitos',
    { schema: { querystring: requisitosQuery, response: { 200: z.array(requisitoAdmin) } } },
    async (request) => {
      staffReader(request);
      return selectRequisitos(db, request.query);
    },
  );
  app.get(
    '/api/admin/requisitos/:id',
    { schema: { params: staffIdParams, response: { 200: requisitoAdmin } } },
    async (request) => {
      staffReader(request);
      return getRequisito(db, request.params.id);
    },
  );
  app.post(
    '/api/admin/requisitos',
    { onRequest: adminOnly, schema: { body: requisitoCreateBody, response: { 200: savedRequisito } } },
    async (request) => createRequisito({ db, staff: administrador(request), body: request.body }),
  );
  app.put(
    '/api/admin/requisitos/:id',
    {
      onRequest: adminOnly,
      schema: { params: staffIdParams, body: requisitoUpdateBody, response: { 200: savedRequisito } },
    },
    async (request) =>
      updateRequisito({ db, staff: administrador(request), id: request.params.id, body: request.body }),
  );
  for (const [action, activo] of [
    ['retirar', false],
    ['activar', true],
  ] as const) {
    app.post(
      `/api/admin/requisitos/:id/${action}`,
      { onRequest: adminOnly, schema: { params: staffIdParams, response: { 200: savedRequisito } } },
      async (request) =>
        setRequisitoActivo({ db, staff: administrador(request), id: request.params.id, activo }),
    );
  }

  for (const tabla of TABLA_MAESTRA_NOMBRES) {
    const base = `/api/admin/maestras/${tabla}`;
    app.get(
      base,
      { schema: { querystring: maestrasQuery, response: { 200: z.array(maestraAdmin) } } },
      async (request) => {
        staffReader(request);
        return listMaestra({ db, tabla, incluirRetirados: request.query.incluirRetirados });
      },
    );
    app.post(
      base,
      { onRequest: adminOnly, schema: { body: maestraBodies[tabla], response: { 200: savedMaestra } } },
      async (request) =>
        createMaestra({ db, staff: administrador(request), tabla, body: request.body as MaestraBody }),
    );
    app.put(
      `${base}/:id`,
      {
        onRequest: adminOnly,
        schema: { params: staffIdParams, body: maestraUpdateBodies[tabla], response: { 200: savedMaestra } },
      },
      async (request) =>
        updateMaestra({
          db,
          staff: administrador(request),
          tabla,
          id: request.params.id,
          body: request.body as MaestraUpdateBody,
        }),
    );
    for (const [action, activo] of [
      ['retirar', false],
      ['activar', true],
    ] as const) {
      app.post(
        `${base}/:id/${action}`,
        { onRequest: adminOnly, schema: { params: staffIdParams, response: { 200: savedMaestra } } },
        async (request) =>
          setMaestraActivo({ db, staff: administrador(request), tabla, id: request.params.id, activo }),
      );
    }
  }

  // SMMLV per year (docs/decisions/132): staff read, administrators register a year once and edit it.
  app.get(
    '/api/admin/salarios-minimos',
    { schema: { response: { 200: z.array(salarioMinimo) } } },
    async (request) => {
      staffReader(request);
      return listSalariosMinimos(db);
    },
  );
  app.post(
    '/api/admin/salarios-minimos',
    { onRequest: adminOnly, schema: { body: salarioMinimoNuevoBody, response: { 200: savedSalarioMinimo } } },
    async (request) => registrarSalarioMinimo({ db, staff: administrador(request), body: request.body }),
  );
  app.put(
    '/api/admin/salarios-minimos/:ano',
    {
      onRequest: adminOnly,
      schema: { params: salarioMinimoParams, body: salarioMinimoBody, response: { 200: savedSalarioMinimo } },
    },
    async (request) =>
      editarSalarioMinimo({ db, staff: administrador(request), ano: request.params.ano, body: request.body }),
  );
}
