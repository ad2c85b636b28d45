import type { FastifyInstance } from 'fastify';

/** The site gate: projects, roster, verification, entry and exit records (docs/decisions/123). */
export default async function porteriaRoutes(root: FastifyInstance) {
  root.addHook('onRequest', root.authenticate);
}
