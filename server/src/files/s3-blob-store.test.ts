import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { utimesSync, writeFileSync } from 'node:fs';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { BlobStoreFullError, type BlobStore } from './blob-store';
import { blobStoreContract } from './blob-store-contract';
import { createS3BlobStore, s3ClientFor } from './s3-blob-store';
import { startS3TestServer } from './s3-test-server';

// A real S3-protocol server (s3rver) in a temporary folder, started here and closed after.
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3?.close());

/** Each store of the contract gets a prefix of its own in the one bucket. */
const prefixes = new Map<BlobStore, string>();
blobStoreContract('S3 (s3rver)', {
  make: async () => {
    const prefix = `t-${randomUUID()}/`;
    const store = createS3BlobStore(s3.settings(prefix));
    prefixes.set(store, prefix);
    return store;
  },
  // s3rver answers an object's LastModified from its file's mtime.
  age: (store, sha, hours) => {
    const t = new Date(Date.now() - hours * 3600_000);
    utimesSync(s3.objectFile(`${prefixes.get(store)}${sha}`), t, t);
  },
  damage: (store, sha, bytes) => writeFileSync(s3.objectFile(`${prefixes.get(store)}${sha}`), bytes),
});

describe('S3 blob store', () => {
  it('keys are <prefix><sha256>; the sweep leaves other keys and other prefixes alone', async () => {
    const settings = s3.settings('mios/');
    const store = createS3BlobStore(settings);
    const client = s3ClientFor(settings);
    const put = await store.put(Buffer.from('mío'));
    const foreign = 'a'.repeat(64);
    for (const Key of ['mios/notas.txt', `otros/${foreign}`]) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: 'x' }));
      const t = new Date(Date.now() - 5 * 3600_000);
      utimesSync(s3.objectFile(Key), t, t);
    }
    const t = new Date(Date.now() - 5 * 3600_000);
    utimesSync(s3.objectFile(`mios/${put.sha256}`), t, t);
    const result = await store.sweep({
      isReferenced: () => false,
      orphanMinAgeMs: 3600_000,
      tempMinAgeMs: 0,
    });
    expect(result).toEqual({ tempRemoved: 0, orphansRemoved: 1, kept: 0 });
    const keys = (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents!.map(
      (o) => o.Key,
    );
    expect(keys).toEqual(expect.arrayContaining(['mios/notas.txt', `otros/${foreign}`]));
    expect(keys).not.toContain(`mios/${put.sha256}`);
  });

  it('server down: put rejects (not "full"), nothing half-stored; after it is back, put works', async () => {
    const store = createS3BlobStore(s3.settings('caida/'));
    await s3.stop();
    try {
      const err = await store.put(Buffer.from('durante la caída')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(BlobStoreFullError);
    } finally {
      await s3.start();
    }
    const put = await store.put(Buffer.from('durante la caída'));
    expect((await store.read(put.sha256)).toString()).toBe('durante la caída');
  });

  it('a full bucket or quota (507, QuotaExceeded) is BlobStoreFullError', async () => {
    // An HTTP server that answers every request as a bucket over its quota does (Ceph RGW, MinIO).
    const full = createServer((req, res) => {
      res.writeHead(req.method === 'HEAD' ? 404 : 403, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>QuotaExceeded</Code><Message>quota</Message></Error>',
      );
    });
    await new Promise<void>((r) => full.listen(0, '127.0.0.1', r));
    try {
      const { port } = full.address() as AddressInfo;
      const store = createS3BlobStore({ ...s3.settings(), endpoint: `http://127.0.0.1:${port}` });
      await expect(store.put(Buffer.from('no cabe'))).rejects.toBeInstanceOf(BlobStoreFullError);
    } finally {
      full.close();
    }
  });
});

describe('S3 settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 's3-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }, { dataDir });

  it('unset bucket = disk; a bucket alone = AWS with virtual hosts; an endpoint = path style', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: 'b-1', S3_ENDPOINT: '' }).s3).toEqual({
      bucket: 'b-1',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: 'files/',
    });
    expect(load({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://minio:9000' }).s3?.forcePathStyle).toBe(true);
    expect(
      load({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses an endpoint without a bucket, one key without the other, and a prefix without its slash', () => {
    expect(() => load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => load({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => load({ S3_BUCKET: 'b-1', S3_PREFIX: 'files' })).toThrow(/S3_PREFIX/);
    expect(load({ S3_BUCKET: 'b-1', S3_PREFIX: '' }).s3?.prefix).toBe('');
  });
});
