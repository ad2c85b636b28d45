import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { adjunto, pdfBytes, pngBytes, requisitoId, xlsxBytes } from '../../test/evidencias';
import { attachmentHeaders } from './download-attachment';

let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let staff: Record<string, string>;
let pdf: { idEntrega: number; sha256: string };
let annexId: number;
let bytes: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  [A, B, staff] = await Promise.all([
    authHeaders(app, CONTRACTOR_A),
    authHeaders(app, CONTRACTOR_B),
    authHeaders(app, REVIEWER),
  ]);
  const rut = await requisitoId(app, 'sg-sst', 'E01');
  bytes = pdfBytes();
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${rut}`,
    headers: A,
    payload: { adjunto: adjunto(bytes, 'Política SST "firmada".pdf') },
  });
  pdf = res.json();
  const annex = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${rut}/anexo`,
    headers: A,
    payload: { adjunto: adjunto(Buffer.concat([bytes, Buffer.from('%2')]), 'anexo ñ.pdf') },
  });
  annexId = annex.json().idAnexo;
});

const download = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('GET /api/adminflujos/adjunto/{id}', () => {
  it('serves the company its own file with the protective headers', async () => {
    const res = await download(`/api/adminflujos/adjunto/${pdf.idEntrega}`, A);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    // Accents were stripped and quotes removed at upload; RFC 5987 form always present.
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Politica SST firmada.pdf"; filename*=UTF-8''Politica%20SST%20firmada.pdf`,
    );
  });

  it('refuses the session token as ?token=: links carry a download ticket (docs/decisions/166)', async () => {
    const token = A.authorization.slice('Bearer '.length);
    const res = await download(
      `/api/adminflujos/adjunto/${pdf.idEntrega}?token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(401);
    expect((await download(`/api/adminflujos/adjunto/${pdf.idEntrega}?token=nope`)).statusCode).toBe(401);
    expect(
      (await download(`/api/contratista/adjuntos/sg-sst?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(401);
  });

  it('serves annexes by their own id', async () => {
    const res = await download(`/api/adminflujos/adjunto/anexo/${annexId}`, A);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="anexo n.pdf"; filename*=UTF-8''anexo%20n.pdf`,
    );
  });

  it("another company's file is not found; staff may read every file", async () => {
    for (const url of [
      `/api/adminflujos/adjunto/${pdf.idEntrega}`,
      `/api/adminflujos/adjunto/anexo/${annexId}`,
    ]) {
      expect((await download(url, B)).statusCode).toBe(404);
      expect((await download(url, staff)).statusCode).toBe(200);
      expect((await download(url)).statusCode).toBe(401);
    }
    expect((await download('/api/adminflujos/adjunto/999999', A)).statusCode).toBe(404);
  });

  it('a comment-only submission has no file', async () => {
    const e02 = await requisitoId(app, 'sg-sst', 'E02');
    const c = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${e02}`,
      headers: A,
      payload: { detalle: 'No aplica' },
    });
    expect((await download(`/api/adminflujos/adjunto/${c.json().idEntrega}`, A)).statusCode).toBe(404);
  });

  it('spreadsheets download as attachments with their detected type', async () => {
    const e08 = await requisitoId(app, 'sg-sst', 'E08');
    const up = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${e08}`,
      headers: A,
      payload: { adjunto: adjunto(await xlsxBytes(), 'plan.xlsx') },
    });
    const res = await download(`/api/adminflujos/adjunto/${up.json().idEntrega}`, A);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('an altered file on disk is never served (hash verified before sending)', async () => {
    const e03 = await requisitoId(app, 'sg-sst', 'E03');
    const png = pngBytes();
    const up = (
      await app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-sst/${e03}`,
        headers: A,
        payload: { adjunto: adjunto(png, 'cedula.png') },
      })
    ).json();
    const file = path.join(
      app.config.dataDir,
      'files',
      up.sha256.slice(0, 2),
      up.sha256.slice(2, 4),
      up.sha256,
    );
    chmodSync(file, 0o644);
    const altered = Buffer.from(png);
    altered[altered.length - 1] ^= 0xff;
    writeFileSync(file, altered);
    const res = await download(`/api/adminflujos/adjunto/${up.idEntrega}`, A);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('PNG');
    expect(res.json().requestId).toBeTruthy();
  });
});

describe('attachmentHeaders', () => {
  it('encodes non-ASCII names (RFC 5987) with an ASCII fallback', () => {
    const h = attachmentHeaders({
      mime: 'application/msword',
      nombre: "Informe (final)'s 日本.doc",
      bytes: Buffer.alloc(3),
    });
    expect(h['Content-Disposition']).toBe(
      `attachment; filename="Informe (final)'s __.doc"; filename*=UTF-8''Informe%20%28final%29%27s%20%E6%97%A5%E6%9C%AC.doc`,
    );
    expect(h['Content-Length']).toBe('3');
  });
});
