import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startJobs } from '../jobs';
import { createTestApp } from '../test/app';
import { BlobMissingError, type BlobStore } from './blob-store';
import { blobStoreContract } from './blob-store-contract';
import { createFsBlobStore } from './fs-blob-store';
import { blobStoreFor, sweepBlobs } from '.';

const root = mkdtempSync(path.join(tmpdir(), 'blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const where = (dir: string, h: string) => path.join(dir, h.slice(0, 2), h.slice(2, 4), h);
const hoursAgo = (file: string, h: number) => {
  const t = new Date(Date.now() - h * 3600_000);
  utimesSync(file, t, t);
};

// The promises every backend keeps (the S3 store runs the same suite in s3-blob-store.test.ts).
const roots = new Map<BlobStore, string>();
blobStoreContract('file system', {
  make: async () => {
    const dir = mkdtempSync(path.join(root, 'contract-'));
    const store = createFsBlobStore(dir);
    roots.set(store, dir);
    return store;
  },
  age: (store, h, hours) => hoursAgo(where(roots.get(store)!, h), hours),
  damage: (store, h, bytes) => {
    rmSync(where(roots.get(store)!, h));
    writeFileSync(where(roots.get(store)!, h), bytes);
  },
});

describe('file-system blob store', () => {
  const store = createFsBlobStore(root);

  it('stores content-addressed, read-only, and reads back', async () => {
    const bytes = Buffer.from('contenido de prueba');
    const put = await store.put(bytes);
    expect(put).toEqual({ sha256: sha(bytes), size: bytes.length });
    const file = where(root, put.sha256);
    expect(statSync(file).mode & 0o777).toBe(0o444);
    expect((await store.read(put.sha256)).equals(bytes)).toBe(true);
    expect(await store.exists(put.sha256)).toBe(true);
    expect(await store.stat(put.sha256)).toEqual({ size: bytes.length });
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
  });

  it('stores identical content once, and repairs a damaged copy instead of trusting it', async () => {
    const bytes = Buffer.from('duplicado');
    const { sha256 } = await store.put(bytes);
    await store.put(bytes);
    expect(readdirSync(path.dirname(where(root, sha256)))).toEqual([sha256]);
    rmSync(where(root, sha256));
    writeFileSync(where(root, sha256), 'dañado');
    await store.put(bytes);
    expect((await store.read(sha256)).equals(bytes)).toBe(true);
  });

  it('refuses addresses that are not SHA-256 hex (no path tricks)', async () => {
    await expect(store.read('../../etc/passwd')).rejects.toBeInstanceOf(BlobMissingError);
    await expect(store.read('0'.repeat(64))).rejects.toBeInstanceOf(BlobMissingError);
    expect(await store.exists('../x')).toBe(false);
  });

  it('sweep: temp files and OLD unreferenced blobs go; referenced and young ones stay', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sweep-'));
    const s = createFsBlobStore(dir);
    const kept = await s.put(Buffer.from('referenciado'));
    const young = await s.put(Buffer.from('huérfano reciente'));
    const old = await s.put(Buffer.from('huérfano viejo'));
    hoursAgo(where(dir, kept.sha256), 5);
    hoursAgo(where(dir, old.sha256), 2);
    writeFileSync(path.join(dir, 'tmp', 'x.tmp'), 'parcial');
    const result = await s.sweep({
      isReferenced: (h) => h === kept.sha256,
      orphanMinAgeMs: 3600_000,
      tempMinAgeMs: 0,
    });
    expect(result).toEqual({ tempRemoved: 1, orphansRemoved: 1, kept: 2 });
    expect(existsSync(where(dir, kept.sha256))).toBe(true);
    expect(existsSync(where(dir, young.sha256))).toBe(true);
    expect(existsSync(where(dir, old.sha256))).toBe(false);
    // Re-storing an old orphan makes it young again, so a sweep racing an upload keeps it.
    const again = await s.put(Buffer.from('huérfano reciente'));
    hoursAgo(where(dir, again.sha256), 2);
    await s.put(Buffer.from('huérfano reciente'));
    expect(
      (await s.sweep({ isReferenced: () => false, orphanMinAgeMs: 3600_000, tempMinAgeMs: 0 }))
        .orphansRemoved,
    ).toBe(1);
    expect(existsSync(where(dir, again.sha256))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('startup sweep in the app', () => {
  it('runs when the app is ready and keeps blobs the archivos table references', async () => {
    const app = await createTestApp();
    const store = blobStoreFor(app.config.dataDir);
    const referenced = await store.put(Buffer.from('fila existente'));
    await app.db.execute(
      sql`INSERT INTO archivos (sha256, tamano, tipo_mime, extension) VALUES (${referenced.sha256}, 14, 'application/pdf', 'pdf')`,
    );
    const orphan = await store.put(Buffer.from('sin fila'));
    const filesDir = path.join(app.config.dataDir, 'files');
    hoursAgo(where(filesDir, referenced.sha256), 3);
    hoursAgo(where(filesDir, orphan.sha256), 3);
    mkdirSync(path.join(filesDir, 'tmp'), { recursive: true });
    writeFileSync(path.join(filesDir, 'tmp', 'crash.tmp'), 'a medias');
    // Old enough for both modes (PGlite removes temp files at once, PostgreSQL after an hour).
    hoursAgo(path.join(filesDir, 'tmp', 'crash.tmp'), 2);
    await app.ready(); // the evidence module's onReady hook sweeps
    expect(existsSync(path.join(filesDir, 'tmp', 'crash.tmp'))).toBe(false);
    expect(existsSync(where(filesDir, orphan.sha256))).toBe(false);
    // The same sweep is callable directly (e.g. by a maintenance job); nothing left to remove now.
    expect(await sweepBlobs(app.db, store, { singleProcess: true })).toMatchObject({
      tempRemoved: 0,
      orphansRemoved: 0,
      kept: 1,
    });
    expect(existsSync(where(filesDir, referenced.sha256))).toBe(true);
  });
});

describe('periodic sweep', () => {
  it('the jobs sweep old orphans while the server runs, not only at start', async () => {
    const app = await createTestApp();
    await app.ready();
    const store = blobStoreFor(app.config.dataDir);
    const filesDir = path.join(app.config.dataDir, 'files');
    const orphan = await store.put(Buffer.from('huérfano de una carga fallida'));
    const young = await store.put(Buffer.from('carga en curso'));
    hoursAgo(where(filesDir, orphan.sha256), 2);
    writeFileSync(path.join(filesDir, 'tmp', 'escribiendo.tmp'), 'a medias'); // young: kept while serving
    const stop = startJobs(app, { blobSweepEveryMs: 50 });
    try {
      const deadline = Date.now() + 10_000;
      while (existsSync(where(filesDir, orphan.sha256)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
    } finally {
      stop();
    }
    expect(existsSync(where(filesDir, orphan.sha256))).toBe(false);
    expect(existsSync(where(filesDir, young.sha256))).toBe(true);
    expect(existsSync(path.join(filesDir, 'tmp', 'escribiendo.tmp'))).toBe(true);
  });
});
