import { isAscii } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { MAX_JSON_DEPTH } from './json-depth';

/**
 * A large JSON body whose size is a few long string values (an upload's base64 text), parsed
 * without turning the whole body into one string and scanning it (docs/decisions/149): the long
 * values are found in the bytes (`Buffer.indexOf` of quotes, which is memchr), and only the rest of
 * the body, a few hundred bytes, goes through the JSON parser, with a placeholder where each long
 * value was. Restoring makes each long value a string by one copy, or whatever the caller makes of
 * its bytes (an upload's base64 text, decoded without becoming a string: decision 159).
 *
 * A value is cut only when the parser could not have read it differently: it is a value (the next
 * byte after it that is not white space is not ':'), ASCII, without a backslash (no escapes to
 * decode) and without a control character (which JSON refuses inside a string). Since every other
 * byte of the body is parsed as it came, a body that is not JSON is refused exactly where it would
 * have been, and a body that is JSON gives the same value. Keys are never cut: prototype and
 * constructor keys are still found by the parser.
 */

/** Strings at least this long (characters) are cut out. */
export const LONG_STRING = 64 * 1024;
/**
 * Quotes looked at before giving up: an upload has a few dozen; a body of millions of tiny strings
 * (or of escaped quotes) is left to the worker pool whole instead of being walked on the event loop.
 */
export const MAX_QUOTES = 2000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * What a long value becomes when the parsed text is restored: given the key it is the value of
 * (undefined in an array) and its bytes (ASCII, valid only during the call). By default its string.
 */
export type LongValue = (key: string | undefined, bytes: Buffer) => unknown;

const asString: LongValue = (_key, bytes) => bytes.toString('ascii');

export type CutBody = {
  /** The body as text, each long value replaced by its placeholder (a short JSON string). */
  text: string;
  /** The parsed text with each placeholder replaced by its long value (in place). */
  restore(parsed: unknown, value?: LongValue): unknown;
};

/**
 * True when one of `bytes` (all ASCII) is a control character (below 0x20), four at a time: in a
 * word of ASCII bytes, subtracting 0x20 from each sets a byte's top bit exactly when the lowest byte
 * below 0x20 borrows (a third of the time a regular expression over the string takes).
 */
function hasControlByte(bytes: Buffer): boolean {
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  for (let i = 0; i < head; i++) if (bytes[i] < 0x20) return true;
  const words = (bytes.length - head) >>> 2;
  const w = new Uint32Array(bytes.buffer, bytes.byteOffset + head, words);
  for (let i = 0; i < words; i++) if (((w[i] - 0x20202020) & 0x80808080) !== 0) return true;
  for (let i = head + words * 4; i < bytes.length; i++) if (bytes[i] < 0x20) return true;
  return false;
}

/**
 * The body with its long string values cut out, or null when it has none, when its quotes do not
 * pair up (the whole body then goes to the parser, which says why) or when it has more than
 * MAX_QUOTES quotes.
 */
export function cutLongStrings(body: Buffer, minLength = LONG_STRING): CutBody | null {
  const cuts: Array<[number, number]> = [];
  let pos = 0;
  let quotes = 0;
  for (;;) {
    const open = body.indexOf(QUOTE, pos);
    if (open < 0) break;
    let close = open + 1;
    for (;;) {
      close = body.indexOf(QUOTE, close);
      if (close < 0 || (quotes += 2) > MAX_QUOTES) return null;
      let backslashes = 0;
      while (body[close - 1 - backslashes] === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) break;
      close++;
    }
    pos = close + 1;
    if (close - open - 1 < minLength) continue;
    let next = close + 1;
    while (isSpace(body[next])) next++;
    if (body[next] === COLON) continue;
    const content = body.subarray(open + 1, close);
    if (content.indexOf(BACKSLASH) >= 0 || !isAscii(content)) continue;
    cuts.push([open + 1, close]);
  }
  if (cuts.length === 0) return null;

  const values = new Map<string, Buffer>();
  // The placeholders carry a random nonce: no string the client sent can be taken for one.
  const nonce = randomBytes(12).toString('hex');
  const parts: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    // Cuts begin after and end before an ASCII quote: no UTF-8 sequence is split.
    parts.push(body.toString('utf8', from, start));
    const value = body.subarray(start, end);
    if (hasControlByte(value)) return null;
    const key = `\u0000${nonce}${values.size}`;
    values.set(key, value);
    parts.push(`\\u0000${nonce}${values.size - 1}`);
    from = end;
  }
  parts.push(body.toString('utf8', from));

  const restoreIn = (node: unknown, depth: number, key: string | undefined, value: LongValue): unknown => {
    if (typeof node === 'string') {
      const bytes = values.get(node);
      return bytes ? value(key, bytes) : node;
    }
    if (node === null || typeof node !== 'object' || depth > MAX_JSON_DEPTH) return node;
    const record = node as Record<string, unknown>;
    const inArray = Array.isArray(node);
    for (const k of Object.keys(record))
      record[k] = restoreIn(record[k], depth + 1, inArray ? undefined : k, value);
    return node;
  };
  return {
    text: parts.join(''),
    restore: (parsed, value = asString) => restoreIn(parsed, 0, undefined, value),
  };
}
