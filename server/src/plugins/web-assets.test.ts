import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

/** The build writes .br and .gz next to each asset (web/scripts/vite-precompress.ts); they are sent as they are. */
describe('web assets', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Proveedores</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), js);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));
  const app = await createTestApp({ webDist: dist });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip, or the plain file, to clients that accept only that', async () => {
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves index.html at / without long caching', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
