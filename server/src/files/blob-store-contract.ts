import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BlobCorruptError, BlobMissingError, type BlobStore } from './blob-store';

/**
 * What every blob store promises (docs/decisions/030, 086, 141), run against each backend by its
 * own test file with hooks that reach behind the store: age a blob (its mtime / LastModified) and
 * damage its stored bytes.
 */
export type ContractBackend = {
  /** A fresh, empty store. */
  make: () => Promise<BlobStore>;
  /** Makes the stored blob look `hours` old to the sweep. */
  age: (store: BlobStore, sha256: string, hours: number) => void | Promise<void>;
  /** Replaces the stored bytes behind the store's back (same address). */
  damage: (store: BlobStore, sha256: string, bytes: Buffer) => void | Promise<void>;
};

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function blobStoreContract(name: string, backend: ContractBackend) {
  describe(`blob store contract: ${name}`, () => {
    it('stores content-addressed and reads back, whole and streamed', async () => {
      const store = await backend.make();
      const bytes = Buffer.from('contenido de prueba');
      const put = await store.put(bytes);
      expect(put).toEqual({ sha256: sha(bytes), size: bytes.length });
      expect((await store.read(put.sha256)).equals(bytes)).toBe(true);
      expect(await store.exists(put.sha256)).toBe(true);
      expect(await store.stat(put.sha256)).toEqual({ size: bytes.length });
      const big = randomBytes(3 * 1024 * 1024 + 17); // many chunks
      const bigPut = await store.put(big);
      const opened = await store.createReadStream(bigPut.sha256);
      expect(opened.size).toBe(big.length);
      expect((await drain(opened.stream)).equals(big)).toBe(true);
    });

    it('stores identical content once, and repairs a damaged copy instead of trusting it', async () => {
      const store = await backend.make();
      const bytes = Buffer.from('duplicado');
      const first = await store.put(bytes);
      expect(await store.put(bytes)).toEqual(first);
      await backend.damage(store, first.sha256, Buffer.from('dañado'));
      await store.put(bytes);
      expect((await store.read(first.sha256)).equals(bytes)).toBe(true);
    });

    it('a damaged blob is an error, never its bytes: read, and a stream that never completes', async () => {
      const store = await backend.make();
      const small = Buffer.from('original pequeño');
      const big = randomBytes(1024 * 1024);
      const s1 = await store.put(small);
      const s2 = await store.put(big);
      await backend.damage(store, s1.sha256, Buffer.from('original pequeñO'));
      const altered = Buffer.from(big);
      altered[altered.length - 1] ^= 0xff;
      await backend.damage(store, s2.sha256, altered);
      await expect(store.read(s1.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      await expect(store.read(s2.sha256)).rejects.toBeInstanceOf(BlobCorruptError);
      // Same size, last byte changed: everything but the held-back last chunk may flow, then an error.
      const opened = await store.createReadStream(s2.sha256);
      const got: Buffer[] = [];
      const err = await (async () => {
        try {
          for await (const c of opened.stream) got.push(c as Buffer);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(BlobCorruptError);
      expect(Buffer.concat(got).length).toBeLessThan(big.length);
    });

    it('refuses addresses that are not SHA-256 hex, and absent blobs, before any byte', async () => {
      const store = await backend.make();
      await expect(store.read('../../etc/passwd')).rejects.toBeInstanceOf(BlobMissingError);
      await expect(store.read('0'.repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
      await expect(store.createReadStream('0'.repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
      await expect(store.createReadStream('../x')).rejects.toBeInstanceOf(BlobMissingError);
      expect(await store.exists('../x')).toBe(false);
      expect(await store.stat('0'.repeat(64))).toBeNull();
    });

    it('sweep: OLD unreferenced blobs go; referenced and young ones stay; a re-upload revives an orphan', async () => {
      const store = await backend.make();
      const kept = await store.put(Buffer.from('referenciado'));
      const young = await store.put(Buffer.from('huérfano reciente'));
      const old = await store.put(Buffer.from('huérfano viejo'));
      await backend.age(store, kept.sha256, 5);
      await backend.age(store, old.sha256, 2);
      const result = await store.sweep({
        isReferenced: (h) => h === kept.sha256,
        orphanMinAgeMs: 3600_000,
        tempMinAgeMs: 0,
      });
      expect(result).toMatchObject({ orphansRemoved: 1, kept: 2 });
      expect(await store.exists(kept.sha256)).toBe(true);
      expect(await store.exists(young.sha256)).toBe(true);
      expect(await store.exists(old.sha256)).toBe(false);
      // Re-storing an old orphan makes it young again, so a sweep racing an upload keeps it.
      await backend.age(store, young.sha256, 2);
      await store.put(Buffer.from('huérfano reciente'));
      const sweep = () =>
        store.sweep({ isReferenced: (h) => h === kept.sha256, orphanMinAgeMs: 3600_000, tempMinAgeMs: 0 });
      expect(await sweep()).toMatchObject({ orphansRemoved: 0, kept: 2 });
      expect((await store.read(young.sha256)).toString()).toBe('huérfano reciente');
      await backend.age(store, young.sha256, 2);
      expect(await sweep()).toMatchObject({ orphansRemoved: 1, kept: 1 });
      expect(await store.exists(young.sha256)).toBe(false);
    });
  });
}
