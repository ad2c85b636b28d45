/**
 * The 'credenciales' module answers /api/contratista/credenciales, /api/porteria/claves,
 * /api/revision/credenciales: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hoyEnColombia,
  clavesPublicas,
  credencialesQuery,
  revocarCredencialBody,
  revocarCredencialRespuesta,
  staffIdParams,
} from '@proveedores/domain';
import { credencialesStaffLista, credencialesStaffQuery } from '@proveedores/domain/porteria/staff';
import { clockOf } from '../../lib/clock';
import { emitirCarnets } from './issue';
import { claveDeSemilla, clavesPublicasDe } from './keys';
import { carnetsPdf } from './pdf';
import { contractorPrinter, gateReader, staffActor, type Actor } from './policy';
import { listarCredenciales, revocarCredencial } from './revoke';

/** Workers' credentials: signed QR codes, carnets and revocation (docs/decisions/122). */
export default async function credencialesRoutes(root: FastifyInstance) {
  root.addHook('onRequest', root.authenticate);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const clock = clockOf(config);
  // Roles are checked before the query or body is validated: a refused caller gets 403, never 400.
  const onlyContractor = { preValidation: async (r: FastifyRequest) => void contractorPrinter(r) };
  const onlyStaff = { preValidation: async (r: FastifyRequest) => void staffActor(r) };
  const onlyGate = { preValidation: async (r: FastifyRequest) => gateReader(r) };

  async function pdf(reply: FastifyReply, contratoId: number, empresaId: number | null, actor: Actor) {
    const ahora = clock.now();
    const { contrato, carnets } = await emitirCarnets({
      db,
      clave: claveDeSemilla(config.credentialSigningSeed),
      contratoId,
      empresaId,
      fecha: hoyEnColombia(ahora),
      ahora,
      actor,
    });
    const file = await carnetsPdf(contrato, carnets);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="carnets-contrato-${contratoId}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  }

  app.get(
    '/api/contratista/credenciales/pdf',
    {
      ...onlyContractor,
      schema: {
        description:
          "The carnets (signed QR) of every worker linked to one of the company's contracts, 8 per A4 page.",
        querystring: credencialesQuery,
      },
    },
    async (request, reply) => {
      const who = contractorPrinter(request);
      return pdf(reply, request.query.contratoid, who.empresaId, who);
    },
  );

  app.get(
    '/api/revision/credenciales/pdf',
    {
      ...onlyStaff,
      schema: { description: "Staff: any contract's carnets.", querystring: credencialesQuery },
    },
    async (request, reply) => pdf(reply, request.query.contratoid, null, staffActor(request)),
  );

  app.get(
    '/api/revision/credenciales',
    {
      ...onlyStaff,
      schema: {
        description:
          'Staff: the credentials of one contract, or of every contract of a project (proyectoid).',
        querystring: credencialesStaffQuery,
        response: { 200: credencialesStaffLista },
      },
    },
    async (request) => {
      staffActor(request);
      return listarCredenciales(db, {
        contratoId: request.query.contratoid,
        proyectoId: request.query.proyectoid,
      });
    },
  );

  app.post(
    '/api/revision/credenciales/:id/revocar',
    {
      ...onlyStaff,
      schema: {
        params: staffIdParams,
        body: revocarCredencialBody,
        response: { 200: revocarCredencialRespuesta },
      },
    },
    async (request) =>
      revocarCredencial({
        db,
        id: request.params.id,
        motivo: request.body.motivo,
        ahora: clock.now(),
        actor: staffActor(request),
      }),
  );

  app.get(
    '/api/porteria/claves',
    {
      ...onlyGate,
      schema: {
        description: 'The Ed25519 public keys that verify credential codes and gate rosters (by kid).',
        response: { 200: clavesPublicas },
      },
    },
    async (request) => {
      gateReader(request);
      return { claves: clavesPublicasDe(config) };
    },
  );
}
