import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@proveedores/domain';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { adjunto, exeBytes, pdfBytes, requisitoId, storageCounts, xlsBytes } from '../../test/evidencias';
import { sampleOle, samplePdf } from '../../lib/file-check-samples';

/**
 * Per-company upload rate and storage quota (docs/decisions/085) and the structural content
 * checks seen through the API (docs/decisions/084).
 */
const put = (app: FastifyInstance, url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/contratista/adjuntos/${url}`, headers, payload: payload as object });

describe('content structure through the API', () => {
  it('refuses polyglots and active content with Spanish messages, storing nothing', async () => {
    const app = await createTestApp();
    const A = await authHeaders(app, CONTRACTOR_A);
    const [rut, plan] = await Promise.all([
      requisitoId(app, 'sg-sst', 'E01'),
      requisitoId(app, 'sg-sst', 'E08'),
    ]);
    const before = await storageCounts(app);
    const cases: Array<[number, Buffer, string, string]> = [
      [
        rut,
        Buffer.concat([Buffer.from('%PDF-1.7\n'), exeBytes()]),
        'poliglota.pdf',
        MSG.fileContentMismatch('poliglota.pdf'),
      ],
      [
        rut,
        samplePdf('x', { catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
        'script.pdf',
        MSG.fileActiveContent('script.pdf'),
      ],
      [plan, sampleOle('doc'), 'carta.xls', MSG.fileContentMismatch('carta.xls')],
      [plan, sampleOle('xls', ['_VBA_PROJECT_CUR']), 'macro.xls', MSG.fileActiveContent('macro.xls')],
    ];
    for (const [id, bytes, name, message] of cases) {
      const res = await put(app, `sg-sst/${id}`, A, { adjunto: adjunto(bytes, name) });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await storageCounts(app)).toEqual(before);
    expect(
      (await put(app, `sg-sst/${plan}`, A, { adjunto: adjunto(xlsBytes(), 'plan.xls') })).statusCode,
    ).toBe(200);
  });
});

describe('upload rate per company', () => {
  it('refuses past UPLOAD_RATE_PER_MINUTE with 429 and Retry-After; annexes count; other companies and comments do not', async () => {
    const app = await createTestApp({ uploadRatePerMinute: 3 });
    const [A, B] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, CONTRACTOR_B)]);
    const rut = await requisitoId(app, 'sg-sst', 'E01');
    for (let i = 0; i < 2; i++)
      expect(
        (await put(app, `sg-sst/${rut}`, A, { adjunto: adjunto(pdfBytes(undefined, `r${i}`), 'rut.pdf') }))
          .statusCode,
      ).toBe(200);
    expect(
      (await put(app, `sg-sst/${rut}/anexo`, A, { adjunto: adjunto(pdfBytes(undefined, 'an'), 'an.pdf') }))
        .statusCode,
    ).toBe(200);
    const before = await storageCounts(app);
    const refused = await put(app, `sg-sst/${rut}`, A, {
      adjunto: adjunto(pdfBytes(undefined, 'r4'), 'rut.pdf'),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.uploadRateExceeded);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await storageCounts(app)).toEqual(before);
    // A comment stores no file: not counted. Another company has its own count.
    expect((await put(app, `sg-sst/${rut}`, A, { detalle: 'No aplica este mes' })).statusCode).toBe(200);
    expect(
      (await put(app, `sg-sst/${rut}`, B, { adjunto: adjunto(pdfBytes(undefined, 'b'), 'rut.pdf') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('storage quota per company', () => {
  it('refuses with 413 before storing, exactly even under concurrency; staff see the usage', async () => {
    const file = () => pdfBytes(100_000, String(Math.random()));
    const size = file().length;
    const app = await createTestApp({ uploadQuotaBytes: size * 3 + 10, uploadRatePerMinute: 0 });
    const [A, staff] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, REVIEWER)]);
    const [rut, plan] = await Promise.all([
      requisitoId(app, 'sg-sst', 'E01'),
      requisitoId(app, 'sg-sst', 'E08'),
    ]);

    expect((await put(app, `sg-sst/${rut}`, A, { adjunto: adjunto(file(), 'a.pdf') })).statusCode).toBe(200);
    // Five at once with room for two: exactly two are stored.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => put(app, `sg-sst/${plan}`, A, { adjunto: adjunto(file(), 'b.pdf') })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 413, 413, 413]);
    const over = results.find((r) => r.statusCode === 413)!;
    expect(over.json().message).toMatch(/^Su empresa alcanzó su límite de almacenamiento de archivos \(/);

    const before = await storageCounts(app);
    const refused = await put(app, `sg-sst/${rut}/anexo`, A, { adjunto: adjunto(file(), 'c.pdf') });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(MSG.uploadQuotaExceeded(size * 3, size * 3 + 10));
    expect(await storageCounts(app)).toEqual(before);

    const empresaId = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/empresas?buscar=' + CONTRACTOR_A.username,
        headers: staff,
      })
    ).json().items[0].id;
    const one = await app.inject({ method: 'GET', url: `/api/admin/empresas/${empresaId}`, headers: staff });
    expect(one.json().almacenamiento).toEqual({ bytes: size * 3, archivos: 3, cuotaBytes: size * 3 + 10 });
    const list = await app.inject({ method: 'GET', url: '/api/admin/empresas', headers: staff });
    const other = list.json().items.find((e: { id: number }) => e.id !== empresaId);
    expect(other.almacenamiento).toMatchObject({ cuotaBytes: size * 3 + 10 });
  });
});
