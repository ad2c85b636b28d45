import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  BlobCorruptError,
  BlobMissingError,
  BlobStoreFullError,
  SHA256_HEX,
  type BlobStore,
  type StoredBlob,
  type SweepOptions,
  type SweepResult,
} from './blob-store';
import { sha256Hex, verifyingStream } from './verify-stream';

/** S3_* settings (docs/decisions/141). No endpoint = AWS S3 itself. */
export type S3Settings = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix of the blobs ('files/' by default); only 64-hex names under it are ever swept. */
  prefix: string;
};

/** A dedup hit on an object older than this refreshes its LastModified (the sweep's age clock). */
const TOUCH_AFTER_MS = 10 * 60 * 1000;

/** Error names S3-compatible servers use when a bucket or tenant quota is full. */
const FULL_CODES = new Set([
  'QuotaExceeded',
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'StorageFull',
  'InsufficientStorage',
]);

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) =>
  statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error)?.name);
const isFull = (err: unknown) =>
  statusOf(err) === 507 || (err instanceof S3ServiceException && FULL_CODES.has(err.name));

export function s3ClientFor(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined, // the SDK's default chain (environment of the SDK, instance role, ...)
    // Checksums are sent by us (Content-MD5, x-amz-checksum-sha256) on plain bodies: the SDK's
    // default streaming CRC32 trailers are refused by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/**
 * Blobs as objects `<prefix><sha256>` in one bucket. S3 writes are atomic (an object is complete
 * or absent), so there are no temporary files; durability is the provider's. put: hash locally,
 * HEAD (identical content is stored once, verified, never overwritten), else PUT with Content-MD5
 * and x-amz-checksum-sha256 so the server refuses bytes damaged on the way, then check what is
 * stored (size and SHA-256 checksum, or the MD5 ETag, or a read-back) before resolving: the caller
 * commits its row only after that.
 */
export function createS3BlobStore(settings: S3Settings, client: S3Client = s3ClientFor(settings)): BlobStore {
  const Bucket = settings.bucket;
  const keyOf = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new BlobMissingError(sha256);
    return `${settings.prefix}${sha256}`;
  };
  /** Whether the server honours If-None-Match on PUT (AWS since 2024, MinIO, R2; s3rver ignores it). */
  let conditionalPut = true;

  async function head(sha256: string) {
    try {
      return await client.send(
        new HeadObjectCommand({ Bucket, Key: keyOf(sha256), ChecksumMode: 'ENABLED' }),
      );
    } catch (err) {
      if (err instanceof BlobMissingError || isNotFound(err)) return null;
      throw err;
    }
  }

  async function getBytes(sha256: string): Promise<Buffer> {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(sha256) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) throw new BlobMissingError(sha256);
      throw err;
    }
  }

  /** Does the stored object hold exactly these bytes? Checksum when the server keeps one, else MD5 ETag, else read back. */
  async function storedMatches(sha256: string, size: number, md5Hex: string): Promise<boolean | null> {
    const h = await head(sha256);
    if (!h) return null;
    if (h.ContentLength !== size) return false;
    if (h.ChecksumSHA256) return Buffer.from(h.ChecksumSHA256, 'base64').toString('hex') === sha256;
    if (h.ETag?.replace(/"/g, '') === md5Hex) return true;
    // No checksum and an ETag that is not the MD5 (e.g. SSE-KMS): read the bytes back.
    return sha256Hex(await getBytes(sha256).catch(() => Buffer.alloc(0))) === sha256;
  }

  /**
   * Refreshes LastModified: a copy onto itself (AWS S3, MinIO, Ceph RGW, R2 date it anew). A server
   * that keeps the old date on a self-copy (s3rver does) gets the same verified bytes PUT again.
   */
  async function touch(sha256: string, bytes: Uint8Array, md5: Buffer) {
    const Key = keyOf(sha256);
    if (selfCopyTouches) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key,
          CopySource: `${Bucket}/${Key}`,
          MetadataDirective: 'REPLACE',
          Metadata: { sha256 },
        }),
      );
      const h = await head(sha256);
      if (h?.LastModified && Date.now() - h.LastModified.getTime() < TOUCH_AFTER_MS) return;
      selfCopyTouches = false;
    }
    await putObject(bytes, sha256, md5, false);
  }
  let selfCopyTouches = true;

  async function putObject(bytes: Uint8Array, sha256: string, md5: Buffer, conditional: boolean) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: keyOf(sha256),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: 'application/octet-stream',
        ContentMD5: md5.toString('base64'),
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
        Metadata: { sha256 },
        ...(conditional ? { IfNoneMatch: '*' } : {}),
      }),
    );
  }

  async function putOnce(bytes: Uint8Array): Promise<StoredBlob> {
    const sha256 = sha256Hex(bytes);
    const size = bytes.byteLength;
    const md5 = createHash('md5').update(bytes).digest();
    const existing = await head(sha256);
    if (existing) {
      // Never trust a copy we did not just write: read it and hash it.
      const ok =
        existing.ContentLength === size &&
        sha256Hex(await getBytes(sha256).catch(() => Buffer.alloc(0))) === sha256;
      if (ok) {
        // Young again for the sweep: its row is about to commit (see the sweep).
        if (!existing.LastModified || Date.now() - existing.LastModified.getTime() > TOUCH_AFTER_MS)
          await touch(sha256, bytes, md5);
        return { sha256, size };
      }
      // A damaged copy is replaced by the right bytes (unconditionally: it exists).
      await putObject(bytes, sha256, md5, false);
    } else {
      try {
        await putObject(bytes, sha256, md5, conditionalPut);
      } catch (err) {
        // 412: another process stored the same content meanwhile; checked below like our own.
        if (statusOf(err) === 412) {
          /* fall through to the check */
        } else if (conditionalPut && statusOf(err) === 501) {
          conditionalPut = false;
          await putObject(bytes, sha256, md5, false);
        } else throw err;
      }
    }
    // A server may acknowledge a PUT before its reads agree (s3rver does: it answers before its
    // file is written; eventually consistent gateways too): the check is given about a second.
    let matches = await storedMatches(sha256, size, md5.toString('hex'));
    for (const ms of [25, 100, 250, 600]) {
      if (matches === true) break;
      await new Promise((r) => setTimeout(r, ms));
      matches = await storedMatches(sha256, size, md5.toString('hex'));
    }
    if (matches !== true)
      throw new Error(`blob ${sha256}: ${matches === null ? 'absent' : 'different'} after upload`);
    return { sha256, size };
  }

  return {
    async put(bytes: Uint8Array): Promise<StoredBlob> {
      try {
        return await putOnce(bytes);
      } catch (err) {
        throw isFull(err) ? new BlobStoreFullError(err) : err;
      }
    },

    async read(sha256: string): Promise<Buffer> {
      const bytes = await getBytes(sha256);
      if (sha256Hex(bytes) !== sha256) throw new BlobCorruptError(sha256, 'hash mismatch');
      return bytes;
    },

    async createReadStream(sha256: string) {
      let out;
      try {
        out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(sha256) }));
      } catch (err) {
        if (err instanceof BlobMissingError || isNotFound(err)) throw new BlobMissingError(sha256);
        throw err;
      }
      const size = Number(out.ContentLength);
      return { size, stream: verifyingStream(out.Body as Readable, sha256, size) };
    },

    async stat(sha256: string) {
      const h = await head(sha256);
      return h ? { size: Number(h.ContentLength) } : null;
    },

    async exists(sha256: string) {
      return (await head(sha256)) !== null;
    },

    /**
     * Lists the prefix; an unreferenced object older than orphanMinAgeMs is HEADed again just before
     * its DELETE and kept if an upload touched it since the listing (a dedup put refreshes
     * LastModified before its row commits). No temporary objects exist (PUT is atomic).
     */
    async sweep(opts: SweepOptions): Promise<SweepResult> {
      const result: SweepResult = { tempRemoved: 0, orphansRemoved: 0, kept: 0 };
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) {
          const name = o.Key!.slice(settings.prefix.length);
          if (!SHA256_HEX.test(name)) continue; // not ours
          if (opts.isReferenced(name)) {
            result.kept++;
            continue;
          }
          const old = (d?: Date) => !d || Date.now() - d.getTime() >= opts.orphanMinAgeMs;
          if (!old(o.LastModified)) {
            result.kept++;
            continue;
          }
          const again = await head(name);
          if (!again) continue; // another sweep took it
          if (!old(again.LastModified)) {
            result.kept++;
            continue;
          }
          await client.send(new DeleteObjectCommand({ Bucket, Key: o.Key! }));
          result.orphansRemoved++;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return result;
    },
  };
}
