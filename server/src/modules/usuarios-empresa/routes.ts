import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invitacionUsuarioBody,
  usuarioEmpresaMessage,
  usuarioEmpresaParams,
  usuariosEmpresaList,
} from '@proveedores/domain';
import { companyAdmin } from './policy';
import { inviteUsuario, listUsuarios, resendPassword, setUsuarioActivo } from './usuarios';

/** A contractor company's own users, managed by its administrators (docs/decisions/136). */
export default async function usuariosEmpresaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/usuarios',
    { schema: { response: { 200: usuariosEmpresaList } } },
    async (request) => listUsuarios(db, (await companyAdmin(db, request)).empresaId),
  );
  app.post(
    '/api/contratista/usuarios',
    { schema: { body: invitacionUsuarioBody, response: { 200: usuarioEmpresaMessage } } },
    async (request) =>
      inviteUsuario({
        db,
        config,
        mailer,
        admin: await companyAdmin(db, request),
        body: request.body,
        ip: request.ip,
      }),
  );
  app.post(
    '/api/contratista/usuarios/:id/reenviar',
    { schema: { params: usuarioEmpresaParams, response: { 200: usuarioEmpresaMessage } } },
    async (request) =>
      resendPassword({
        db,
        config,
        mailer,
        admin: await companyAdmin(db, request),
        usuarioId: request.params.id,
        ip: request.ip,
      }),
  );
  for (const [action, activo] of [
    ['deshabilitar', false],
    ['habilitar', true],
  ] as const) {
    app.post(
      `/api/contratista/usuarios/:id/${action}`,
      { schema: { params: usuarioEmpresaParams, response: { 200: usuarioEmpresaMessage } } },
      async (request) =>
        setUsuarioActivo({
          db,
          admin: await companyAdmin(db, request),
          usuarioId: request.params.id,
          activo,
          ip: request.ip,
        }),
    );
  }
}
