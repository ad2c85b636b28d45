/**
 * The 'usuarios-empresa' module answers /api/contratista/empresa, /api/contratista/usuarios: historic paths
 * the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  firmantesEmpresa,
  firmantesEmpresaBody,
  firmantesEmpresaMessage,
  invitacionUsuarioBody,
  usuarioEmpresaMessage,
  usuarioEmpresaParams,
  usuariosEmpresaList,
} from '@proveedores/domain';
import { evidenceActor } from '../../uploads/upload-evidence';
import { guardarFirmantes, leerFirmantes } from './firmantes';
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

  // Who signs the company's 0312 self-evaluation (docs/decisions/163): any user reads, administrators write.
  app.get(
    '/api/contratista/empresa/firmantes',
    { schema: { response: { 200: firmantesEmpresa } } },
    async (request) => leerFirmantes(db, evidenceActor(request)),
  );
  app.put(
    '/api/contratista/empresa/firmantes',
    { schema: { body: firmantesEmpresaBody, response: { 200: firmantesEmpresaMessage } } },
    async (request) => guardarFirmantes({ db, actor: evidenceActor(request), body: request.body }),
  );
}
