/**
 * The 'health' module answers /api/health: historic paths the contract keeps (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { query } from '../../db/client';

export default async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ message: z.string(), code: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await query(app.db, sql`SELECT 1`);
        return { status: 'ok' as const, database: app.database.kind };
      } catch {
        return reply.status(503).send({ message: 'database unreachable', code: 'unavailable' });
      }
    },
  );
}
