import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Serves the built SPA from the same origin as /api. Hash routing means only '/' needs index.html. */
export default fp(async function webAssets(app: FastifyInstance) {
  const root = app.config.webDist ?? WEB_DIST;
  // API answers are never cached; the SPA's hashed assets are.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
  });
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('web/dist is missing: run npm run build:web'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz next to each asset (web/scripts/vite-precompress.ts, docs/decisions/074).
    preCompressed: true,
    // Cache-Control is set below only: the plugin's own header ('public, max-age=0') replaced ours on
    // precompressed files.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('Vary', 'Accept-Encoding'); // the same URL is sent as br, gzip or plain
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
