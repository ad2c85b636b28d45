import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { BlobCorruptError } from './blob-store';

/**
 * Passes a blob's bytes through while hashing them, always one chunk behind: the last chunk is
 * released only once the SHA-256 and the size match the blob's address. So a reader never gets a
 * complete damaged file - it gets a BlobCorruptError (and, over HTTP, a cut response) instead.
 * Memory stays at one chunk whatever the file size.
 */
export function verifyingStream(source: Readable, sha256: string, size: number): Readable {
  const hash = createHash('sha256');
  let seen = 0;
  let held: Buffer | null = null;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      seen += chunk.length;
      if (seen > size) return done(new BlobCorruptError(sha256, `more than ${size} bytes`));
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (seen !== size) return done(new BlobCorruptError(sha256, `size ${seen} != ${size}`));
      if (hash.digest('hex') !== sha256) return done(new BlobCorruptError(sha256, 'hash mismatch'));
      done(null, held ?? undefined);
    },
  });
  source.on('error', (err) => check.destroy(err));
  check.on('close', () => {
    if (!source.destroyed) source.destroy();
  });
  return source.pipe(check);
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
