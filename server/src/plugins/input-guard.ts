import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@proveedores/domain';
import { AppError } from '../errors';
import { OFF_THREAD_MIN, parseJsonOffThread } from '../lib/file-check';
import { jsonDepthLimit, MAX_JSON_DEPTH } from '../lib/json-depth';
import { cutLongStrings, type LongValue } from '../lib/json-long-strings';
import { forgetAttachmentTexts, keepAttachmentText, readAttachmentText } from '../lib/attachment-text';

/**
 * Input every route refuses before its handler runs (docs/decisions/080):
 * - JSON bodies nested deeper than MAX_JSON_DEPTH, found while the body streams in (preParsing),
 *   so a 7 MB body of brackets is refused at its 33rd byte instead of parsed whole;
 * - NUL characters in decoded path parameters, query strings and body strings or keys: PostgreSQL
 *   cannot store them in text (SQLSTATE 22021), and no field of the API has a use for them.
 * It also parses JSON bodies: small ones with Fastify's own parser; large ones made of a few long
 * strings (uploads) with the same parser once those strings are cut out of the bytes
 * (docs/decisions/149), an attachment's text read from its bytes (docs/decisions/159); other large
 * ones the same way in the file-check worker pool, off the event loop (docs/decisions/147).
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
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!request.headers['content-type']?.toLowerCase().includes('json')) return payload;
    // A body that may be large may leave attachment texts read while parsing: forgotten when
    // the response ends, whether it was sent or its connection closed first.
    if (!(Number(request.headers['content-length']) < OFF_THREAD_MIN))
      reply.raw.once('close', () => {
        const kept = standIns.get(request);
        if (kept) forgetAttachmentTexts(kept);
      });
    // A declared length over the route's limit is refused by Fastify unread: nothing to scan.
    if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) return payload;
    // Fastify listens to the stream only while it reads the body; after a 413 (a chunked body
    // over the limit) the scanner may still fail on bytes already piped in, and a stream error
    // nobody hears ends the process. Its error reaches Fastify's reader while that listens.
    const scanner = jsonDepthLimit();
    scanner.on('error', () => payload.unpipe(scanner));
    return payload.pipe(scanner);
  });

  // An attachment's base64 text (an `adjunto` string) is read, and decoded, while the body's bytes
  // are at hand, never made a string; the body gets a stand-in for it (decision 159).
  const standIns = new WeakMap<FastifyRequest, string[]>();
  const longValue =
    (request: FastifyRequest): LongValue =>
    (key, bytes) => {
      if (key !== 'adjunto') return bytes.toString('ascii');
      const standIn = keepAttachmentText(readAttachmentText(bytes));
      const kept = standIns.get(request);
      if (kept) kept.push(standIn);
      else standIns.set(request, [standIn]);
      return standIn;
    };

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
        err ? done(err, undefined) : done(null, cut.restore(value, longValue(request))),
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
