import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { adjunto, pdfBytes, pngBytes, requisitoId } from '../modules/evidencias/test-helpers';
import { authHeaders, CONTRACTOR_A } from '../test/app';
import { backup } from './backup';
import { restore } from './restore';

const dirs: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `proveedores-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// The PostgreSQL variant (pg_dump/pg_restore) needs an empty target database; this file covers the embedded folder.
describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of the embedded data folder', () => {
  it('restores into an empty folder with equal counts and every file hash verified', async () => {
    const dataDir = tmp('data');
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000' },
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
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_MAX_NUMBER: '1000' },
        { dataDir: target, webDist: path.join(target, 'none') },
      ),
      { logger: false },
    );
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
});
