/**
 * The 'menu' module answers /api/contratista/opciones_menu: historic paths the contract keeps
 * (docs/contract.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuOption } from '@proveedores/domain';
import { listMenuOptions } from './list-menu-options';
import { menuAudience } from './policy';

export default async function menuRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/contratista/opciones_menu',
    {
      schema: {
        description:
          'Home menu tiles for the signed-in user type: {id, titulo, descripcion, ruta (hash route), icono (PrimeIcons class)}.',
        response: { 200: z.array(menuOption) },
      },
    },
    async (request) => listMenuOptions({ audience: menuAudience(request) }),
  );
}
