import { isAscii } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@proveedores/domain';
import { decodeStrictBase64, decodeStrictBase64Bytes, promisedSize } from './base64';

/**
 * The `adjunto` text of an attachment as the server reads it (a 'data:...;base64,' prefix is
 * accepted): what the upload checks need before and after decoding, in their order
 * (modules/evidencias/attachment.ts). One home for both forms the text arrives in: a string (a
 * small JSON body) and bytes (a large one, decoded while its body is parsed; decision 159).
 */
export type AttachmentText = {
  /** It starts with 'data:' but is not a base64 data URL. */
  badDataUrl: boolean;
  /** The size the length promises (the contract's size rule runs on it, before decoding). */
  size: number;
  /** The bytes when the text is strict base64 of `size` bytes under the upload limit, else null. */
  bytes: Buffer | null;
};

const DATA_URL = /^data:[a-z0-9.+/-]*(?:;[a-z0-9-]+=[^;,]*)*;base64,/i;
const HEAD = 300;

/**
 * The bytes of a large upload live in memory the file-check workers share: sending them to a worker
 * for its check is then not a copy of 5 MB on the event loop; the worker copies them on its own
 * thread before reading them (lib/file-check-worker.ts).
 */
const sharedBuffer = (size: number) => Buffer.from(new SharedArrayBuffer(size));

/**
 * Reads an attachment text, given as a string or as its UTF-8 bytes; both give the same answer (bytes
 * that are not ASCII are read as the string they spell, which strict base64 refuses anyway).
 */
export function readAttachmentText(text: string | Uint8Array): AttachmentText {
  if (typeof text !== 'string' && !isAscii(text))
    return readAttachmentText(Buffer.from(text).toString('utf8'));
  const head =
    typeof text === 'string'
      ? text.slice(0, HEAD)
      : Buffer.from(text.buffer, text.byteOffset, text.length).toString('latin1', 0, HEAD);
  const prefix = DATA_URL.exec(head)?.[0].length ?? 0;
  if (prefix === 0 && head.startsWith('data:')) return { badDataUrl: true, size: 0, bytes: null };
  const b64 = typeof text === 'string' ? text.slice(prefix) : text.subarray(prefix);
  const size = promisedSize(b64);
  if (size >= MAX_UPLOAD_BYTES) return { badDataUrl: false, size, bytes: null };
  const bytes =
    typeof b64 === 'string'
      ? decodeStrictBase64(b64, size)
      : decodeStrictBase64Bytes(b64, size, { allocate: sharedBuffer });
  return { badDataUrl: false, size, bytes };
}

/**
 * Texts read while their body was parsed, each under a stand-in string that takes its place in the
 * body (decision 159): the body's schema sees a short string, `attachmentTextOf` finds what was read.
 * A stand-in holds a random nonce and a control character, so no client text can name one (and
 * would fail as base64 anyway); they are forgotten when their response ends.
 */
const read = new Map<string, AttachmentText>();
const NONCE = randomBytes(16).toString('hex');
let serial = 0;

/** Keeps a text read from bytes; returns the string that stands in for it in the body. */
export function keepAttachmentText(text: AttachmentText): string {
  const standIn = `\u0001adjunto:${NONCE}:${++serial}`;
  read.set(standIn, text);
  return standIn;
}

/** Forgets stand-ins (their response has ended). */
export function forgetAttachmentTexts(standIns: readonly string[]): void {
  for (const s of standIns) read.delete(s);
}

/** The attachment text of a body's `adjunto`: the one read while parsing, or the string read now. */
export function attachmentTextOf(adjunto: string): AttachmentText {
  return read.get(adjunto) ?? readAttachmentText(adjunto);
}

/** How many texts are kept (tests: none once every response has ended). */
export const keptAttachmentTexts = () => read.size;
