import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Content-addressed by SHA-256 and immutable: a blob is written once,
 * completely and durably, before any database row may point at it, and never changes afterwards.
 * Two implementations: the file system under DATA_DIR/files (docs/decisions/030) and an
 * S3-compatible bucket (docs/decisions/141), chosen by the settings.
 */
export type StoredBlob = { sha256: string; size: number };

export type SweepOptions = {
  /** True when a database row points at the blob (it must then never be removed). */
  isReferenced: (sha256: string) => boolean;
  /** Unreferenced blobs younger than this are kept (an upload may be between put and commit). */
  orphanMinAgeMs: number;
  /** Temporary files younger than this are kept (another process may still be writing them). */
  tempMinAgeMs: number;
};

export type SweepResult = { tempRemoved: number; orphansRemoved: number; kept: number };

export interface BlobStore {
  /** Stores the bytes durably and returns their address; identical content is stored once. */
  put(bytes: Uint8Array): Promise<StoredBlob>;
  /** The whole blob, its SHA-256 checked; throws BlobMissingError when absent, BlobCorruptError when damaged. */
  read(sha256: string): Promise<Buffer>;
  /**
   * The blob as a stream (downloads, backups) without holding it in memory. Throws BlobMissingError
   * before any byte when absent; `size` is known before the first byte. The stream checks the
   * SHA-256 and the size as the bytes flow and holds back its last chunk until they match: a damaged
   * blob ends in a BlobCorruptError, never in a complete wrong file.
   */
  createReadStream(sha256: string): Promise<{ size: number; stream: Readable }>;
  /** Size of the stored blob, or null when absent. */
  stat(sha256: string): Promise<{ size: number } | null>;
  exists(sha256: string): Promise<boolean>;
  /** Removes stale temporary files and old blobs no row references. */
  sweep(opts: SweepOptions): Promise<SweepResult>;
}

export class BlobMissingError extends Error {
  constructor(readonly sha256: string) {
    super(`blob ${sha256} is missing`);
    this.name = 'BlobMissingError';
  }
}

/** The stored bytes do not hash to their address (or have another size): never served. */
export class BlobCorruptError extends Error {
  constructor(
    readonly sha256: string,
    readonly reason: string,
  ) {
    super(`blob ${sha256} is damaged: ${reason}`);
    this.name = 'BlobCorruptError';
  }
}

/** The disk (or bucket quota) is full: nothing was stored; the caller answers with a clean 503. */
export class BlobStoreFullError extends Error {
  constructor(cause: unknown) {
    super('blob store is full', { cause });
    this.name = 'BlobStoreFullError';
  }
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
