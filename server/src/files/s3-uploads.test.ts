import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjunto, pdfBytes, pngBytes, requisitoId, storageCounts } from '../test/evidencias';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../test/app';
import { s3ClientFor } from './s3-blob-store';
import { startS3TestServer } from './s3-test-server';
import { blobStoreFor, sweepBlobs } from '.';

// The portal with S3_* set (docs/decisions/141), on PGlite or on the PostgreSQL of DATABASE_URL,
// against a real S3-protocol server started here.
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let app: FastifyInstance;
let A: Record<string, string>;
const PREFIX = 'portal/';

beforeAll(async () => {
  s3 = await startS3TestServer();
  app = await createTestApp({ s3: s3.settings(PREFIX) });
  A = await authHeaders(app, CONTRACTOR_A);
});
afterAll(() => s3?.close());

async function keys(): Promise<string[]> {
  const out = await s3ClientFor(s3.settings()).send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: PREFIX }),
  );
  return (out.Contents ?? []).map((o) => o.Key!);
}

const upload = async (codigo: string, bytes: Buffer, name: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${await requisitoId(app, 'sg-sst', codigo)}`,
    headers: A,
    payload: { adjunto: adjunto(bytes, name) },
  });

describe('uploads with S3 object storage', () => {
  it('an upload lands in the bucket (not on disk) and downloads byte for byte, streamed', async () => {
    const bytes = pdfBytes(300_000, 'en el bucket'); // several chunks
    const res = await upload('E01', bytes, 'rut.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const { idEntrega, sha256 } = res.json() as { idEntrega: number; sha256: string };
    expect(await keys()).toContain(`${PREFIX}${sha256}`);
    expect(existsSync(path.join(app.config.dataDir, 'files', sha256.slice(0, 2)))).toBe(false);

    const down = await app.inject({
      method: 'GET',
      url: `/api/adminflujos/adjunto/${idEntrega}`,
      headers: A,
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-length']).toBe(String(bytes.length));
    expect(down.rawPayload.equals(bytes)).toBe(true);
  });

  it('S3 down mid-way: the upload fails and no row commits; back up, the same upload succeeds', async () => {
    const before = await storageCounts(app);
    await s3.stop();
    let res;
    try {
      res = await upload('E03', pngBytes(), 'cedula.png');
    } finally {
      await s3.start();
    }
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(await storageCounts(app)).toEqual(before);
    const again = await upload('E03', pngBytes(), 'cedula.png');
    expect(again.statusCode, again.body).toBe(200);
    expect((await storageCounts(app)).entregas).toBe(before.entregas + 1);
  });

  it('an object damaged in the bucket is never served: a logged 500', async () => {
    const bytes = Buffer.from(pngBytes());
    const res = await upload('E03', Buffer.concat([bytes]), 'otra.png');
    const { idEntrega, sha256 } = res.json() as { idEntrega: number; sha256: string };
    const { writeFileSync } = await import('node:fs');
    const altered = Buffer.from(bytes);
    altered[altered.length - 1] ^= 0xff;
    writeFileSync(s3.objectFile(`${PREFIX}${sha256}`), altered);
    const down = await app.inject({
      method: 'GET',
      url: `/api/adminflujos/adjunto/${idEntrega}`,
      headers: A,
    });
    expect(down.statusCode).toBe(500);
    expect(down.json().requestId).toBeTruthy();
  });

  it('the sweep removes old bucket orphans and keeps what archivos references', async () => {
    const store = blobStoreFor(app.config);
    expect(blobStoreFor(app.config.dataDir)).toBe(store); // one store per data folder
    const orphan = await store.put(Buffer.from('huérfano en el bucket'));
    const referenced = (await keys()).map((k) => k.slice(PREFIX.length));
    const old = new Date(Date.now() - 3 * 3600_000);
    for (const sha of [...referenced, orphan.sha256]) utimesSync(s3.objectFile(`${PREFIX}${sha}`), old, old);
    const result = await sweepBlobs(app.db, store, { singleProcess: false });
    expect(result.orphansRemoved).toBe(1);
    expect(await store.exists(orphan.sha256)).toBe(false);
    for (const sha of referenced) if (sha !== orphan.sha256) expect(await store.exists(sha)).toBe(true);
  });
});
