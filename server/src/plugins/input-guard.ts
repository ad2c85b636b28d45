import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@proveedores/domain';
import { AppError } from '../errors';
import { OFF_THREAD_MIN, parseJsonOffThread } from '../lib/file-check';
import { jsonDepthLimit, MAX_JSON_DEPTH } from '../lib/json-depth';
import { cutLongStrings } from '../lib/json-long-strings';

/**
 * Input every route refuses before its handler runs (docs/decisions/080):
 * - JSON bodies nested deeper than MAX_JSON_DEPTH, found while the body streams in (preParsing),
 *   so a 7 MB body of brackets is refused at its 33rd byte instead of parsed whole;
 * - NUL characters in decoded path parameters, query strings and body strings or keys: PostgreSQL
 *   cannot store them in text (SQLSTATE 22021), and no field of the API has a use for them.
 * It also parses JSON bodies: small ones with Fastify's own parser; large ones made of a few long
 * strings (uploads) with the same parser once those strings are cut out of the bytes
 * (docs/decisions/149); other large ones the same way in the file-check worker pool, off the event
 * loop (docs/decisions/147).
 */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

const nulRefused = () => new AppError('bad_request', MSG.nulCharacter);

export default fp(async function inputGuard(app: FastifyInstance) {
  // On the first level too deep the stream fails: the 400 goes out at once with Connection: close
  // and the rest of the body is never read (bench/fault-deep-json.ts).
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.headers['content-type']?.toLowerCase().includes('json')) return payload;
    return payload.pipe(jsonDepthLimit());
  });

  // Fastify's JSON parser (secure-json-parse, poisoning refused as the app is configured, its
  // FST_ERR_CTP_* errors), given the body's bytes so that a large one can go to a worker whole.
  const poisoning = {
    protoAction: app.initialConfig.onProtoPoisoning ?? 'error',
    constructorAction: app.initialConfig.onConstructorPoisoning ?? 'error',
  };
  const defaultJson = app.getDefaultJsonParser(poisoning.protoAction, poisoning.constructorAction);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (body.length < OFF_THREAD_MIN) return defaultJson(request, body.toString('utf8'), done);
    // An upload: its base64 text cut out of the bytes, the rest parsed here (decision 149).
    const cut = cutLongStrings(body);
    if (cut && cut.text.length < OFF_THREAD_MIN)
      return defaultJson(request, cut.text, (err, value) =>
        err ? done(err, undefined) : done(null, cut.restore(value)),
      );
    parseJsonOffThread(body, poisoning).then(
      (parsed) =>
        parsed ? done(null, parsed.value) : done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined),
      (err: Error) => done(err, undefined),
    );
  });

  // Before authentication and before any handler touches the database.
  app.addHook('onRequest', async (request) => {
    if (hasNul(request.params) || hasNul(request.query)) throw nulRefused();
  });

  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body)) throw nulRefused();
  });
});
