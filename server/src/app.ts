import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '@proveedores/domain';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { seed } from './db/seed';
import { blobStoreFor } from './files';
import { redactUrl, serializeError, type SerializedError } from './lib/log-redaction';
import { Mailer } from './mail/mailer';
import authPlugin from './plugins/auth';
import errorHandler from './plugins/error-handler';
import inputGuard from './plugins/input-guard';
import webAssets from './plugins/web-assets';
import { MODULES } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
  }
}

/** Default JSON body limit; upload routes raise theirs to fit 5 MB of base64. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** helmet's default Strict-Transport-Security, sent only as config.hsts says (docs/decisions/080). */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export type BuildOptions = {
  database?: Database;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: DestinationStream;
};

/** buildApp(config): external plugins, then app plugins, then modules. main.ts is the only caller of listen(). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.Newpassword',
              '*.Oldpassword',
            ],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              err: (err) => serializeError(err) as SerializedError,
            },
          },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: other content types get 415 (docs/decisions/004).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      engine: config.dbEngine,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', new Mailer(config, app.log));
  if (!opts.database) app.addHook('onClose', async () => database.close());

  await seed(database.db, {
    demo: config.seedDemo,
    demoSite: config.seedDemoSite ? blobStoreFor(config) : null,
  });

  // External plugins
  // helmet's headers (strict CSP among them), built once: @fastify/helmet rebuilt the middleware and
  // re-parsed the CSP on every request (~3% of the CPU of a list request under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Over plain HTTP the header means nothing (browsers ignore it) and tells a reader the wrong
    // thing; it is sent on requests that came over TLS (X-Forwarded-Proto only with TRUST_PROXY).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (config.hsts === 'always' || (config.hsts === 'auto' && request.protocol === 'https'))
      reply.header('Strict-Transport-Security', HSTS_VALUE);
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // Large answers only (the socio-demographic report of thousands of workers is megabytes of JSON;
  // the API description): below 64 KB compressing costs more CPU than the bytes it saves on a LAN.
  // Brotli at quality 4 (its default 11 takes seconds on megabytes). Precompressed web assets
  // already carry Content-Encoding and are left alone.
  await app.register(compress, {
    global: true,
    threshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Proveedores API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  // App plugins
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(authPlugin);

  // Modules
  for (const mod of MODULES) await app.register(mod);

  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(webAssets);
  return app;
}
