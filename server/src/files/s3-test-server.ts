import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from './s3-blob-store';

/**
 * A real S3-protocol server for tests (s3rver, objects in a temporary folder), on 127.0.0.1 and a
 * free port. `objectFile` is where s3rver keeps an object's bytes (its mtime is the LastModified),
 * so a test can age or damage an object behind the store's back. `stop` closes the server and keeps
 * the folder (to simulate an outage); `start` runs it again on the same port; `close` ends all.
 */
export async function startS3TestServer(bucket = 'proveedores') {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  let server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = 'files/'): S3Settings => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  });
  let running = true;
  return {
    endpoint,
    bucket,
    directory,
    settings,
    /** Environment variables that select this server (as an operator would). */
    env: (prefix = 'files/') => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: prefix,
    }),
    objectFile: (key: string) => path.join(directory, bucket, `${key}._S3rver_object`),
    async stop() {
      server.httpServer?.closeAllConnections(); // clients keep connections alive
      if (running) await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
      await server.run();
      running = true;
    },
    async close() {
      server.httpServer?.closeAllConnections();
      if (running) await server.close();
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
