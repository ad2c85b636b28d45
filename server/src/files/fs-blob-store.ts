import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Blobs under <root>/ab/cd/<sha256> (two levels keep directories small), temporary files under
 * <root>/tmp. A put writes a temp file, fsyncs it, makes it read-only, renames it into place and
 * fsyncs the directory, so after a crash a blob is either complete or absent; the caller commits
 * the row that points at it only after put() returns.
 */
/** A blob touched this recently while being swept was revived by an upload. */
const ORPHAN_REVIVED_MS = 10 * 60 * 1000;

export function createFsBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');
  const blobPath = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new BlobMissingError(sha256);
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  let ready: Promise<void> | null = null;
  const ensureRoot = () => (ready ??= mkdir(tmpDir, { recursive: true }).then(() => undefined));

  async function fsyncDir(dir: string) {
    const fd = await open(dir, constants.O_RDONLY);
    try {
      await fd.sync();
    } finally {
      await fd.close();
    }
  }

  /** Creates the two-level directory, fsyncing each parent whose entries changed. */
  async function ensureDir(dir: string) {
    const first = await mkdir(dir, { recursive: true });
    if (!first) return;
    // mkdir returns the first directory it created; sync it and everything below up to dir.
    let d = dir;
    while (d.length >= first.length) {
      await fsyncDir(path.dirname(d));
      d = path.dirname(d);
    }
  }

  async function hashOf(file: string): Promise<string | null> {
    try {
      return sha256Hex(await readFile(file));
    } catch {
      return null;
    }
  }

  /** temp file, fsync, read-only, rename, directory fsync (see the header). */
  async function putOnce(bytes: Uint8Array): Promise<StoredBlob> {
    await ensureRoot();
    const sha256 = sha256Hex(bytes);
    const target = blobPath(sha256);
    // Identical content is stored once. The existing copy is verified (never trust a file we
    // did not just write) and touched, so a concurrent sweep sees it as young and keeps it.
    if ((await hashOf(target)) === sha256) {
      const now = new Date();
      // A sweep may have taken the file away meanwhile (ENOENT): then it is written again below.
      const touched = await utimes(target, now, now).then(
        () => true,
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return false;
          throw err;
        },
      );
      if (touched) return { sha256, size: bytes.byteLength };
    }
    const tmp = path.join(tmpDir, `${randomUUID()}.tmp`);
    const fd = await open(tmp, 'wx', 0o600);
    try {
      await fd.writeFile(bytes);
      await fd.sync();
      await fd.chmod(0o444);
    } catch (err) {
      await fd.close().catch(() => {});
      await rm(tmp, { force: true });
      throw err;
    }
    await fd.close();
    try {
      await ensureDir(path.dirname(target));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    await fsyncDir(path.dirname(target));
    return { sha256, size: bytes.byteLength };
  }

  /**
   * Removes an old orphan unless an upload revives it meanwhile (a dedup put touches it just before
   * its row commits): the file is first renamed away, atomically, then its age is read again; if
   * it was touched in between it goes back (unless a put already wrote a new copy). A put that
   * finds it gone writes it again. So a sweep running while the server serves never takes a blob
   * an acknowledged upload points at.
   */
  async function removeOrphan(file: string): Promise<boolean> {
    const trash = path.join(tmpDir, `${randomUUID()}.swept`);
    try {
      await rename(file, trash);
    } catch {
      return false; // already gone (another sweep) or not ours to move
    }
    const { mtimeMs } = await stat(trash);
    if (Date.now() - mtimeMs < ORPHAN_REVIVED_MS) {
      await rename(trash, file).catch(() => rm(trash, { force: true }));
      return false;
    }
    await rm(trash, { force: true });
    return true;
  }

  const isFull = (err: unknown) => ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException)?.code ?? '');

  return {
    async put(bytes: Uint8Array): Promise<StoredBlob> {
      try {
        return await putOnce(bytes);
      } catch (err) {
        throw isFull(err) ? new BlobStoreFullError(err) : err;
      }
    },

    async read(sha256: string): Promise<Buffer> {
      let bytes: Buffer;
      try {
        bytes = await readFile(blobPath(sha256));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(sha256);
        throw err;
      }
      if (sha256Hex(bytes) !== sha256) throw new BlobCorruptError(sha256, 'hash mismatch');
      return bytes;
    },

    async createReadStream(sha256: string) {
      let fd;
      try {
        fd = await open(blobPath(sha256), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(sha256);
        throw err;
      }
      try {
        const { size } = await fd.stat();
        // The handle is opened before the size is read: a sweep removing the name meanwhile does
        // not cut the bytes this reader already holds.
        return { size, stream: verifyingStream(fd.createReadStream(), sha256, size) };
      } catch (err) {
        await fd.close();
        throw err;
      }
    },

    async stat(sha256: string) {
      try {
        const s = await stat(blobPath(sha256));
        return { size: s.size };
      } catch (err) {
        if (err instanceof BlobMissingError || (err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async exists(sha256: string) {
      return (await this.stat(sha256)) !== null;
    },

    async sweep(opts: SweepOptions): Promise<SweepResult> {
      await ensureRoot();
      const now = Date.now();
      const result: SweepResult = { tempRemoved: 0, orphansRemoved: 0, kept: 0 };
      const old = async (file: string, minAge: number) => now - (await stat(file)).mtimeMs >= minAge;

      for (const name of await readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        if (await old(file, opts.tempMinAgeMs).catch(() => false)) {
          await rm(file, { force: true });
          result.tempRemoved++;
        }
      }
      for (const a of await readdir(root)) {
        if (!/^[0-9a-f]{2}$/.test(a)) continue;
        for (const b of await readdir(path.join(root, a))) {
          const dir = path.join(root, a, b);
          for (const name of await readdir(dir)) {
            const file = path.join(dir, name);
            if (SHA256_HEX.test(name) && opts.isReferenced(name)) {
              result.kept++;
              continue;
            }
            if ((await old(file, opts.orphanMinAgeMs).catch(() => false)) && (await removeOrphan(file))) {
              result.orphansRemoved++;
            } else {
              result.kept++;
            }
          }
        }
      }
      return result;
    },
  };
}
