/**
 * The 'empresas' module answers /api/admin/empresas: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  empresaAdmin,
  empresaCreateBody,
  empresasPage,
  empresasQuery,
  empresaUpdateBody,
  savedEmpresa,
  staffIdParams,
} from '@proveedores/domain';
import { countEmpresas, getEmpresa, selectEmpresas } from './empresa-sql';
import { administrador, staffReader } from './policy';
import { createEmpresa, setEmpresaActiva, updateEmpresa } from './save-empresa';

/** Provider companies management (docs/decisions/063). */
export default async function empresasRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    staffReader(request);
  });
  const adminOnly = async (request: FastifyRequest) => {
    administrador(request);
  };
  const { db } = app;
  const quotaBytes = app.config.uploadQuotaBytes;

  app.get(
    '/api/admin/empresas',
    { schema: { querystring: empresasQuery, response: { 200: empresasPage } } },
    async (request) => {
      const q = request.query;
      const filter = { buscar: q.buscar, activa: q.activa };
      const [items, total] = await Promise.all([
        selectEmpresas(db, { ...filter, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }, quotaBytes),
        countEmpresas(db, filter),
      ]);
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  );
  app.get(
    '/api/admin/empresas/:id',
    { schema: { params: staffIdParams, response: { 200: empresaAdmin } } },
    async (request) => getEmpresa(db, request.params.id, quotaBytes),
  );
  app.post(
    '/api/admin/empresas',
    { onRequest: adminOnly, schema: { body: empresaCreateBody, response: { 200: savedEmpresa } } },
    async (request) => createEmpresa({ db, staff: administrador(request), body: request.body, quotaBytes }),
  );
  app.put(
    '/api/admin/empresas/:id',
    {
      onRequest: adminOnly,
      schema: { params: staffIdParams, body: empresaUpdateBody, response: { 200: savedEmpresa } },
    },
    async (request) =>
      updateEmpresa({
        db,
        staff: administrador(request),
        id: request.params.id,
        body: request.body,
        quotaBytes,
      }),
  );
  for (const [action, activa] of [
    ['deshabilitar', false],
    ['habilitar', true],
  ] as const) {
    app.post(
      `/api/admin/empresas/:id/${action}`,
      { onRequest: adminOnly, schema: { params: staffIdParams, response: { 200: savedEmpresa } } },
      async (request) =>
        setEmpresaActiva({ db, staff: administrador(request), id: request.params.id, activa, quotaBytes }),
    );
  }
}
