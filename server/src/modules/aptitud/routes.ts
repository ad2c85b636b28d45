import type { FastifyInstance } from 'fastify';

/** Fitness for site access ('Apto hoy', docs/decisions/121): the contractor's and the staff's views. */
export default async function aptitudRoutes(root: FastifyInstance) {
  root.addHook('onRequest', root.authenticate);
}
