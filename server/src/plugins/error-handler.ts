import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, PAGE_MSG_GROUPS } from '@proveedores/domain';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, STATUS } from '../errors';

/**
 * One error handler: AppError -> its status and Spanish message; schema failures -> 400 with the
 * first schema message; framework errors (413, 415, bad JSON) -> their 4xx; the database out of
 * reach -> 503 with Retry-After; anything else -> 500 with a request id and no internals.
 */
const SPEC_MESSAGES = new Set<string>(
  [MSG, ...PAGE_MSG_GROUPS].flatMap((group) => Object.values(group)).filter((v) => typeof v === 'string'),
);

/**
 * SQLSTATE 22021 (character_not_in_repertoire: a NUL in text) and 22P05 (untranslatable_character:
 * \u0000 in jsonb). The input guard refuses NUL before handlers (docs/decisions/080); this is the
 * safety net for a value that reaches the database another way. Drizzle wraps driver errors.
 */
function isNulRefusedByDatabase(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === '22021' || code === '22P05') return true;
    e = cause;
  }
  return false;
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds) reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      return reply
        .status(STATUS[err.code])
        .send({ message: err.message, code: err.code, requestId, detail: err.extra.detail });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const own = first && SPEC_MESSAGES.has(first.message ?? '');
      const message = !first ? MSG.badRequest : own || !field ? first.message : `${field}: ${first.message}`;
      return reply.status(400).send({
        message,
        code: 'bad_request',
        requestId,
        detail: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (isNulRefusedByDatabase(err))
      return reply.status(400).send({ message: MSG.nulCharacter, code: 'bad_request', requestId });
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ message: MSG.payloadTooLarge, code: 'payload_too_large', requestId });
    if (status === 415)
      return reply
        .status(415)
        .send({ message: MSG.unsupportedMediaType, code: 'unsupported_media_type', requestId });
    if (status === 429)
      return reply.status(429).send({ message: MSG.tooManyAttempts, code: 'too_many_requests', requestId });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: MSG.badRequest, code: 'bad_request', requestId });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      reply.header('Retry-After', '5');
      return reply.status(503).send({ message: MSG.serviceUnavailable, code: 'unavailable', requestId });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: MSG.internalError, code: 'internal', requestId });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: MSG.notFound, code: 'not_found', requestId: request.id });
  });
});
