import { Inflate } from 'fflate';

/**
 * The parts of an .xlsx (a zip) the roster import needs, read from its central directory and
 * inflated a slice at a time, so a part can be scanned and given up on without ever being held
 * whole (docs/decisions/137). Runs in the file-check worker. The file is at most 5 MB (the upload
 * rules), so zip64 is refused rather than read.
 */

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; offset: number };

/** Slice of compressed bytes per inflate step: deflate expands at most ~1,032 times, so ~4 MB out. */
const SLICE = 4 * 1024;

const u16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32 = (b: Uint8Array, i: number) =>
  (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;

/** The central directory's entries, or null when it does not parse. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> | null {
  // End of central directory: 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (u32(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  const count = u16(bytes, eocd + 10);
  let p = u32(bytes, eocd + 16);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== 0x02014b50) return null;
    const method = u16(bytes, p + 10);
    const compressedSize = u32(bytes, p + 20);
    const size = u32(bytes, p + 24);
    const nameLen = u16(bytes, p + 28);
    const extraLen = u16(bytes, p + 30);
    const commentLen = u16(bytes, p + 32);
    const offset = u32(bytes, p + 42);
    if (compressedSize === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) return null;
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    entries.set(name, { name, method, compressedSize, size, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * Inflates one entry, handing each piece of output to `onChunk`; `onChunk` returns false to stop
 * (the rest is never inflated). False when the entry is damaged or of an unknown method.
 */
export function readEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  onChunk: (chunk: Uint8Array) => boolean | void,
): boolean {
  const p = entry.offset;
  if (p + 30 > bytes.length || u32(bytes, p) !== 0x04034b50) return false;
  const start = p + 30 + u16(bytes, p + 26) + u16(bytes, p + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return false;
  let stopped = false;
  if (entry.method === 0) {
    for (let i = start; i < end && !stopped; i += SLICE)
      stopped = onChunk(bytes.subarray(i, Math.min(end, i + SLICE))) === false;
    return true;
  }
  if (entry.method !== 8) return false;
  const inflate = new Inflate((chunk) => {
    if (!stopped && chunk.length > 0) stopped = onChunk(chunk) === false;
  });
  try {
    for (let i = start; i < end && !stopped; i += SLICE) {
      const last = i + SLICE >= end;
      inflate.push(bytes.subarray(i, Math.min(end, i + SLICE)), last);
    }
  } catch {
    return false;
  }
  return true;
}

/** A small entry (workbook, relationships) as text, or null past `max` bytes or when damaged. */
export function entryText(bytes: Uint8Array, entry: ZipEntry | undefined, max: number): string | null {
  if (!entry) return null;
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  let tooLarge = false;
  const ok = readEntry(bytes, entry, (chunk) => {
    total += chunk.length;
    if (total > max) return !(tooLarge = true);
    text += decoder.decode(chunk, { stream: true });
  });
  return ok && !tooLarge ? text + decoder.decode() : null;
}
