const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Padding characters ('=') at the end of a base64 text: 0, 1 or 2. */
const padding = (b64: string) => (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/** Decoded length of a well-formed (padded, length a multiple of 4) base64 text. */
export function decodedLength(b64: string): number {
  return (b64.length / 4) * 3 - padding(b64);
}

/**
 * Strict base64 (RFC 4648 section 4, padded): the text of an upload's `adjunto`. Null when the text
 * is not strict base64 or does not decode to `size` bytes.
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
  const pad = padding(b64);
  if (size !== decodedLength(b64)) return null;
  if (pad > 0) {
    const last = ALPHABET.indexOf(b64[length - pad - 1]);
    if (last < 0 || (last & (pad === 1 ? 0b11 : 0b1111)) !== 0) return null;
  }
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length === size ? bytes : null;
}
