import { Transform, type TransformCallback } from 'node:stream';
import { MSG } from '@proveedores/domain';
import { AppError } from '../errors';

/**
 * Deepest nesting of objects and arrays a JSON body may have. The API's deepest payload is two
 * levels (an upload's adjunto object); 32 leaves room and refuses the pathological bodies that
 * made JSON.parse, the schema walk and their garbage stall the event loop for seconds
 * (docs/decisions/080).
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Counts `{`/`[` nesting over the raw bytes as they arrive, outside strings, and stops at the first
 * level past the limit. UTF-8 is safe to scan byte by byte: these ASCII bytes never occur inside a
 * multi-byte character. Inside strings it jumps from one quote or backslash to the next with
 * indexOf, so a 7 MB base64 upload costs a few native scans, not 7 million JavaScript steps.
 * Malformed JSON is left to JSON.parse, which runs afterwards on bodies that pass.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  /** The previous chunk ended with a backslash inside a string: the next byte is escaped. */
  private escaped = false;

  constructor(private readonly max = MAX_JSON_DEPTH) {}

  /** false as soon as the nesting goes past the limit. */
  push(chunk: Buffer): boolean {
    let i = 0;
    const n = chunk.length;
    // Cached position of the next backslash: strings with many escapes stay linear.
    let nextBackslash = -2;
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = chunk.indexOf(BACKSLASH, i);
        if (nextBackslash !== -1 && (quote === -1 || nextBackslash < quote)) {
          this.escaped = true;
          i = nextBackslash + 1;
          continue;
        }
        if (quote === -1) return true; // the string goes on in the next chunk
        this.inString = false;
        i = quote + 1;
        continue;
      }
      const c = chunk[i++];
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++this.depth > this.max) return false;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.depth--;
    }
    return true;
  }
}

export function jsonTooDeep(max = MAX_JSON_DEPTH): AppError {
  return new AppError('bad_request', MSG.jsonTooDeep(max));
}

/**
 * A pass-through stream for Fastify's preParsing hook: the body flows on unchanged to the JSON
 * parser (which keeps the body limit and the prototype-poisoning checks), and the stream fails with
 * a 400 at the first level past the limit, before the rest of the body is buffered or parsed.
 */
export function jsonDepthLimit(max = MAX_JSON_DEPTH): Transform {
  const scanner = new JsonDepthScanner(max);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (!scanner.push(chunk)) return callback(jsonTooDeep(max));
      callback(null, chunk);
    },
  });
}
