import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B } from '../../test/app';
import { CERTIFICADO_ARL, certificatePng, textPdf } from '../../compliance/document-dates/samples';
import { adjunto, demoContracts, requisitoId, xlsxBytes } from '../../test/evidencias';

/** Decision 108: the dates of a document, read at upload, answered, stored and listed. */

let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;
let arl: number; // sg-sst E04: pdf, rule mes_certificado (asks the issue date)
let cedula: number; // sg-sst E03: pdf, jpg, jpeg, png, rule sin_vencimiento (asks no date)
let plan: number; // sg-sst E08: pdf, xlsx, xls

beforeAll(async () => {
  app = await createTestApp();
  [A, B] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, CONTRACTOR_B)]);
  contracts = await demoContracts(app);
  [arl, cedula, plan] = await Promise.all([
    requisitoId(app, 'sg-sst', 'E04'),
    requisitoId(app, 'sg-sst', 'E03'),
    requisitoId(app, 'sg-sst', 'E08'),
  ]);
});

const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/contratista/adjuntos/${url}`, headers, payload: payload as object });
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/contratista/adjuntos/${url}`,
    headers,
    payload: payload as object,
  });

const certificado = () => textPdf(CERTIFICADO_ARL);

async function stored(idEntrega: number) {
  const [row] = await query<{ exp: string | null; ven: string | null; prox: string | null }>(
    app.db,
    sql`SELECT fecha_expedicion::text AS exp, fecha_vencimiento_doc::text AS ven, proximo_examen::text AS prox
          FROM entregas WHERE id = ${idEntrega}`,
  );
  return row;
}

async function listRow(id: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/contratista/adjuntos/sg-sst?contratoid=${contracts.aPlain.id}`,
    headers: A,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ id: number; fechaExpedicion: string | null; vigencia: string | null }>).find(
    (r) => r.id === id,
  )!;
}

describe('PUT upload answers the dates the file states', () => {
  it("a PDF saying 'Fecha de expedición: 3 de noviembre de 2026' answers fechas.expedicion = '2026-11-03' and stores it", async () => {
    const res = await put(`sg-sst/${arl}`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(certificado(), 'certificado.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fechas).toEqual({ expedicion: '2026-11-03', vencimiento: '2026-11-30', proximoExamen: null });
    expect(await stored(body.idEntrega)).toEqual({ exp: '2026-11-03', ven: '2026-11-30', prox: null });
    const row = await listRow(arl);
    expect(row.fechaExpedicion).toBe('2026-11-03');
    // Not approved: the rule has given no end date yet.
    expect(row.vigencia).toBeNull();
  });

  it('the dates the contractor sends win over what was read (the answer still says what was read)', async () => {
    const res = await put(`sg-sst/${arl}`, A, {
      contratoid: contracts.aPlain.id,
      fechaExpedicion: '2026-10-01',
      fechaVencimiento: null,
      adjunto: adjunto(certificado(), 'certificado.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fechas.expedicion).toBe('2026-11-03');
    // null keeps the reading; a given date replaces it.
    expect(await stored(res.json().idEntrega)).toEqual({ exp: '2026-10-01', ven: '2026-11-30', prox: null });
    expect((await listRow(arl)).fechaExpedicion).toBe('2026-10-01');
  });

  it('an impossible date is refused with its message, nothing stored', async () => {
    const before = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    const res = await put(`sg-sst/${arl}`, A, {
      contratoid: contracts.aPlain.id,
      fechaExpedicion: '2026-02-30',
      adjunto: adjunto(certificado(), 'certificado.pdf'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MSG.documentDateInvalid);
    const after = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('a spreadsheet or a comment answers null dates and still uploads', async () => {
    const xlsx = await put(`sg-sst/${plan}`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(await xlsxBytes(), 'plan.xlsx'),
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().fechas).toEqual({ expedicion: null, vencimiento: null, proximoExamen: null });
    const comment = await put(`sg-sst/${plan}`, A, {
      contratoid: contracts.aPlain.id,
      detalle: 'En trámite',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.json().fechas).toEqual({ expedicion: null, vencimiento: null, proximoExamen: null });
  });

  it('an unreadable PDF (valid structure, no text) answers null dates, the upload is saved', async () => {
    const res = await put(`sg-sst/${arl}`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(textPdf(['Documento sin fechas']), 'otro.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fechas).toEqual({ expedicion: null, vencimiento: null, proximoExamen: null });
    expect(await stored(res.json().idEntrega)).toEqual({ exp: null, ven: null, prox: null });
  });
});

describe('the rule decides whether the file is read', () => {
  it('a requirement whose rule needs no date (the cédula) answers null dates: the file is not read', async () => {
    const res = await put(`sg-sst/${cedula}`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(certificado(), 'cedula.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fechas).toEqual({ expedicion: null, vencimiento: null, proximoExamen: null });
    const read = await post(`sg-sst/${cedula}/fechas`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(certificado(), 'cedula.pdf'),
    });
    expect(read.json()).toEqual({
      fechas: { expedicion: null, vencimiento: null, proximoExamen: null },
      pide: [],
    });
  });
});

describe('POST .../fechas reads a file before saving and stores nothing', () => {
  it('answers the PDF dates and writes no row', async () => {
    const before = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    const res = await post(`sg-sst/${arl}/fechas`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(certificado(), 'certificado.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fechas).toEqual({
      expedicion: '2026-11-03',
      vencimiento: '2026-11-30',
      proximoExamen: null,
    });
    const after = await query<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM entregas`);
    expect(after[0].n).toBe(before[0].n);
  });

  it("another company's contract is not found; a file of a kind the requirement refuses is refused", async () => {
    const other = await post(`sg-sst/${arl}/fechas`, B, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(certificado(), 'certificado.pdf'),
    });
    expect(other.statusCode).toBe(404);
    const wrong = await post(`sg-sst/${arl}/fechas`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(await xlsxBytes(), 'plan.xlsx'),
    });
    expect(wrong.statusCode).toBe(400);
  });

  // Needs Tesseract with Spanish (README; `.ci/run` installs it): without it this test fails.
  it('a PNG certificate (a scan) pre-fills its dates through Tesseract', async () => {
    // The default E04 takes PDFs only; an administrator may allow images (the catalogue's extensions).
    await app.db.execute(sql`UPDATE requisitos SET extensiones = 'pdf,png' WHERE id = ${arl}`);
    const png = await certificatePng(CERTIFICADO_ARL);
    const res = await post(`sg-sst/${arl}/fechas`, A, {
      contratoid: contracts.aPlain.id,
      adjunto: adjunto(png, 'certificado.png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fechas.expedicion).toBe('2026-11-03');
    expect(res.json().fechas.vencimiento).toBe('2026-11-30');
  }, 30_000);
});
