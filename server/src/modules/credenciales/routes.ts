import type { FastifyInstance } from 'fastify';

/** Workers' credentials: signed QR codes, carnets and revocation (docs/decisions/122). */
export default async function credencialesRoutes(root: FastifyInstance) {
  root.addHook('onRequest', root.authenticate);
}
