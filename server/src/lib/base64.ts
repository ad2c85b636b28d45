import { isAscii } from 'node:buffer';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A base64 text as a string or as its bytes: the rules below read its length and character codes. */
type Text = string | Uint8Array;
const codeAt = (text: Text, i: number) => (typeof text === 'string' ? text.charCodeAt(i) : text[i]);
const EQUALS = 0x3d;

/** Padding characters ('=') at the end of a base64 text: 0, 1 or 2. */
function padding(text: Text): number {
  const n = text.length;
  return codeAt(text, n - 1) === EQUALS ? (codeAt(text, n - 2) === EQUALS ? 2 : 1) : 0;
}

/**
 * The size in bytes a base64 text's length promises: exact for a padded text (length a multiple of
 * 4), rounded down otherwise (such a text is refused, but the contract's size rule runs first).
 */
export function promisedSize(text: Text): number {
  const length = text.length;
  if (length % 4 !== 0) return Math.floor((length * 3) / 4);
  return length ? (length / 4) * 3 - padding(text) : 0;
}

/** The unused low bits of the last character before `pad` padding characters are zero. */
function canonicalTail(text: Text, pad: number): boolean {
  if (pad === 0) return true;
  const last = ALPHABET.indexOf(String.fromCharCode(codeAt(text, text.length - pad - 1)));
  return last >= 0 && (last & (pad === 1 ? 0b11 : 0b1111)) === 0;
}

/**
 * Strict base64 (RFC 4648's base64 alphabet, padded): the text of an upload's `adjunto`. Null when the
 * text is not strict base64 or does not decode to `size` bytes.
 *
 * Node's decoder is lenient, and each leniency is closed here without encoding the bytes again
 * (which cost a 7 MB string and 3-5 ms per upload; docs/decisions/149):
 * - it takes base64url's '-' and '_': refused by name;
 * - it reads a character above U+00FF by its low byte ('Ń', U+0143, as 'C'): the text must be
 *   ASCII (its UTF-8 length is its length);
 * - it stops at a '=' inside the text and skips any other character it does not know (white
 *   space, '*', NUL...): either makes the bytes shorter than the length of the text says, so the
 *   count must be exact;
 * - it ignores the unused low bits of the last character before the padding: they must be zero
 *   (one text per content, as the encoder writes it).
 */
export function decodeStrictBase64(b64: string, size: number): Buffer | null {
  const length = b64.length;
  if (size === 0 || length === 0 || length % 4 !== 0) return null;
  if (b64.includes('-') || b64.includes('_') || Buffer.byteLength(b64, 'utf8') !== length) return null;
  if (size !== promisedSize(b64) || !canonicalTail(b64, padding(b64))) return null;
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length === size ? bytes : null;
}

/** Characters per piece of `decodeStrictBase64Bytes` (a multiple of 4): a small string, young in V8's heap. */
export const BASE64_PIECE = 64 * 1024;

/**
 * `decodeStrictBase64` for a text that is still bytes (an upload's base64, cut out of its JSON body,
 * decision 159): the same answer for the same text, without ever making the text one string. A 6.5 MB
 * string costs its copy and, being outside V8's heap, counts toward the memory that starts V8's full
 * collections; here the text is decoded `piece` characters at a time straight into the result.
 *
 * The rules are the string version's, applied to bytes: ASCII only, no base64url characters, every
 * piece decodes to exactly the bytes its length promises (a skipped character or a '=' inside makes
 * it shorter, and only the last piece may end in padding), and the unused bits of the last
 * character before the padding are zero.
 */
export function decodeStrictBase64Bytes(
  text: Uint8Array,
  size: number,
  opts: { piece?: number; allocate?: (size: number) => Buffer } = {},
): Buffer | null {
  const piece = opts.piece ?? BASE64_PIECE;
  const length = text.length;
  if (size === 0 || length === 0 || length % 4 !== 0) return null;
  const view = Buffer.from(text.buffer, text.byteOffset, length);
  if (!isAscii(view) || view.indexOf(0x2d) >= 0 || view.indexOf(0x5f) >= 0) return null;
  const pad = padding(view);
  if (size !== promisedSize(view) || !canonicalTail(view, pad)) return null;
  const bytes = (opts.allocate ?? Buffer.allocUnsafe)(size);
  let written = 0;
  for (let from = 0; from < length; from += piece) {
    const to = Math.min(from + piece, length);
    const expected = ((to - from) / 4) * 3 - (to === length ? pad : 0);
    if (bytes.write(view.toString('latin1', from, to), written, 'base64') !== expected) return null;
    written += expected;
  }
  return written === size ? bytes : null;
}
