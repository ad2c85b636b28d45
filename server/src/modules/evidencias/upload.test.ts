import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, MSG, periodoEnColombia } from '@proveedores/domain';
import { query } from '../../db/client';
import { OFF_THREAD_MIN } from '../../lib/file-check';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import {
  adjunto,
  dataUrl,
  demoContracts,
  exeBytes,
  htmlBytes,
  jpgBytes,
  pdfBytes,
  pngBytes,
  requisitoId,
  storageCounts,
  xlsBytes,
  xlsxBytes,
} from '../../test/evidencias';

let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;
let rut: number; // sg-sst E01, pdf
let cedula: number; // sg-sst E03, pdf,jpg,jpeg,png
let plan: number; // sg-sst E08, pdf,xlsx,xls
let pila: number; // g-riesgo M01, pdf
let listado: number; // g-riesgo M02, xlsx,xls
let pazysalvo: number; // g-retenido R01
let docId: number; // sg-personal P01
let alturasCert: number; // sg-personal P10 (alturas)

beforeAll(async () => {
  app = await createTestApp();
  [A, B] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, CONTRACTOR_B)]);
  contracts = await demoContracts(app);
  [rut, cedula, plan, pila, listado, pazysalvo, docId, alturasCert] = await Promise.all([
    requisitoId(app, 'sg-sst', 'E01'),
    requisitoId(app, 'sg-sst', 'E03'),
    requisitoId(app, 'sg-sst', 'E08'),
    requisitoId(app, 'g-riesgo', 'M01'),
    requisitoId(app, 'g-riesgo', 'M02'),
    requisitoId(app, 'g-retenido', 'R01'),
    requisitoId(app, 'sg-personal', 'P01'),
    requisitoId(app, 'sg-personal', 'P10'),
  ]);
});

const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/contratista/adjuntos/${url}`, headers, payload: payload as object });

/** The current Colombian month of the app's (system) clock. */
const thisMonth = () => periodoEnColombia(new Date());

/** Runs a request that must be refused with `status` (and `message` when given) and store nothing. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => { message: string } }>,
  status: number,
  message?: string,
) {
  const before = await storageCounts(app);
  const res = await send();
  expect(res.statusCode).toBe(status);
  if (message !== undefined) expect(res.json().message).toBe(message);
  expect(await storageCounts(app)).toEqual(before);
  return res;
}

describe('good uploads', () => {
  it('stores a PDF for an SG-SST item: blob on disk (0444, content-addressed), rows, audit', async () => {
    const before = await storageCounts(app);
    const bytes = pdfBytes();
    const res = await put(`sg-sst/${rut}`, A, { adjunto: adjunto(bytes, 'RUT Compañía.pdf') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(body).toMatchObject({
      message: 'Archivo subido con exito: RUT Compania.pdf',
      nombreadjunto: 'RUT Compania.pdf',
      sha256: sha,
    });
    const file = path.join(app.config.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o444);
    const after = await storageCounts(app);
    expect(after).toMatchObject({
      entregas: before.entregas + 1,
      archivos: before.archivos + 1,
      auditoria: before.auditoria + 1,
      files: before.files + 1,
    });
    const [row] = await query<{
      archivo_id: number;
      contrato_id: number | null;
      tipo_mime: string;
      tamano: number;
      cargado_por: number;
    }>(
      app.db,
      sql`SELECT e.archivo_id, e.contrato_id, a.tipo_mime, a.tamano, e.cargado_por FROM entregas e JOIN archivos a ON a.id = e.archivo_id WHERE e.id = ${body.idEntrega}`,
    );
    expect(row).toMatchObject({ contrato_id: null, tipo_mime: 'application/pdf', tamano: bytes.length });
    expect(Number(row.archivo_id)).toBe(body.idArchivo);
  });

  it('identical content is stored once on disk', async () => {
    const before = await storageCounts(app);
    const res = await put(`sg-sst/${rut}`, A, {
      adjunto: { adjunto: dataUrl(pdfBytes()), nombreArchivo: 'otra vez.pdf', extension: 'pdf' },
    });
    expect(res.statusCode).toBe(200);
    const after = await storageCounts(app);
    expect(after.files).toBe(before.files);
    expect(after.entregas).toBe(before.entregas + 1);
  });

  it('accepts jpg/png where allowed, xlsx and xls (OLE2) where allowed', async () => {
    for (const [id, bytes, name] of [
      [cedula, pngBytes(), 'cedula.PNG'],
      [cedula, jpgBytes(), 'cedula.jpeg'],
      [plan, await xlsxBytes(), 'plan.xlsx'],
      [plan, xlsBytes(), 'plan.xls'],
    ] as const) {
      const res = await put(`sg-sst/${id}`, A, { adjunto: adjunto(bytes, name) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  });

  it('accepts a file of 5242879 decoded bytes', async () => {
    const res = await put(`sg-sst/${rut}`, A, {
      adjunto: adjunto(pdfBytes(MAX_UPLOAD_BYTES - 1), 'grande.pdf'),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a comment alone is a submission: Carga subida con exito.', async () => {
    const before = await storageCounts(app);
    const res = await put(`sg-sst/${rut}`, A, { detalle: 'No aplica: empresa sin trabajadores propios.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.commentSaved,
      idArchivo: null,
      nombreadjunto: null,
      sha256: null,
    });
    const after = await storageCounts(app);
    expect(after).toMatchObject({
      entregas: before.entregas + 1,
      archivos: before.archivos,
      files: before.files,
    });
  });

  it('risk period, withholdings and personnel uploads record their slot keys', async () => {
    const { ano, mes } = thisMonth();
    const r1 = await put(`g-riesgo/${pila}`, A, {
      contratoid: contracts.aAlturas.id,
      ano,
      mes,
      detalle: '',
      adjunto: adjunto(pdfBytes(), 'pila.pdf'),
    });
    expect(r1.statusCode, r1.body).toBe(200);
    const r2 = await put(`g-retenido/${pazysalvo}`, A, {
      contratoid: String(contracts.aAlturas.id),
      detalle: 'Paz y salvo',
    });
    expect(r2.statusCode, r2.body).toBe(200);
    const empleado = await insertEmpleado(app, {
      empresaId: contracts.aAlturas.empresa_id,
      numero: '1017000001',
    });
    const r3 = await put(`sg-personal/${alturasCert}`, A, {
      contratoid: contracts.aAlturas.id,
      tipodocumento: 'CC',
      numerodocumento: '1017000001',
      detalle: null,
      adjunto: adjunto(pdfBytes(), 'alturas.pdf'),
    });
    expect(r3.statusCode, r3.body).toBe(200);
    const rows = await query<{
      id: number;
      contrato_id: number;
      empleado_id: number | null;
      ano: number | null;
      mes: number | null;
      comentario: string | null;
    }>(
      app.db,
      sql`SELECT id, contrato_id, empleado_id, ano, mes, comentario FROM entregas WHERE id IN (${r1.json().idEntrega}, ${r2.json().idEntrega}, ${r3.json().idEntrega}) ORDER BY id`,
    );
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      { contrato_id: contracts.aAlturas.id, empleado_id: null, ano, mes, comentario: null },
      {
        contrato_id: contracts.aAlturas.id,
        empleado_id: null,
        ano: null,
        mes: null,
        comentario: 'Paz y salvo',
      },
      { contrato_id: contracts.aAlturas.id, empleado_id: empleado, ano: null, mes: null, comentario: null },
    ]);
    // The worker is now linked to the contract.
    const link = await query(
      app.db,
      sql`SELECT 1 FROM empleados_contratos WHERE empleado_id = ${empleado} AND contrato_id = ${contracts.aAlturas.id}`,
    );
    expect(link).toHaveLength(1);
  });
});

describe('bad uploads get a clear 4xx and store nothing', () => {
  it('extension not allowed (exact message of the contract)', async () => {
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(pngBytes(), 'foto.png') }),
      400,
      'Extenciones validas ( pdf ) para el archivo : foto.png',
    );
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(exeBytes(), 'virus.exe') }),
      400,
      'Extenciones validas ( pdf ) para el archivo : virus.exe',
    );
    // The declared extension wins over a misleading name.
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(pdfBytes(), 'doc.pdf', 'exe') }),
      400,
      'Extenciones validas ( pdf ) para el archivo : doc.pdf.exe',
    );
  });

  it("5242880 decoded bytes are refused with the contract's message", async () => {
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(pdfBytes(MAX_UPLOAD_BYTES), 'pesado.pdf') }),
      400,
      'El archivo : pesado.pdf pesa mas de 5mb',
    );
  });

  it('bodies over the upload limit get 413 before being read', async () => {
    const big = 'A'.repeat(8 * 1024 * 1024);
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: { adjunto: big, nombreArchivo: 'x.pdf', extension: 'pdf' } }),
      413,
    );
    // Other routes keep the small default limit.
    const res = await app.inject({
      method: 'PUT',
      url: '/api/login/userdata',
      headers: A,
      payload: { correo_notificaciones: 'a@b.co'.padEnd(200_000, 'x') },
    });
    expect(res.statusCode).toBe(413);
  });

  it('HTML or an executable renamed .pdf is refused (magic bytes)', async () => {
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(htmlBytes(), 'factura.pdf') }),
      400,
      MSG.fileContentMismatch('factura.pdf'),
    );
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: adjunto(exeBytes(), 'factura.pdf') }),
      400,
      MSG.fileContentMismatch('factura.pdf'),
    );
    await expectRefused(
      () => put(`sg-sst/${cedula}`, A, { adjunto: adjunto(pdfBytes(), 'cedula.png') }),
      400,
      MSG.fileContentMismatch('cedula.png'),
    );
    await expectRefused(
      () => put(`sg-sst/${plan}`, A, { adjunto: adjunto(pdfBytes(), 'plan.xlsx') }),
      400,
      MSG.fileContentMismatch('plan.xlsx'),
    );
  });

  /** The text with the unused low bits of its last character set (Node decodes it the same). */
  const nonCanonicalTail = (b64: string): string[] => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const m = /([A-Za-z0-9+/])(=+)$/.exec(b64);
    if (!m) return [`${b64.slice(0, -4)}QR==`]; // no padding: a last quantum whose unused bits are set
    return [`${b64.slice(0, m.index)}${alphabet[alphabet.indexOf(m[1]) | 1]}${m[2]}`];
  };

  it('malformed base64 is refused before decoding, small or large (decoded strictly on the event loop, decision 149)', async () => {
    for (const good of [pdfBytes().toString('base64'), pdfBytes(OFF_THREAD_MIN).toString('base64')])
      for (const bad of [
        good.slice(0, -1),
        `${good.slice(0, 8)}*${good.slice(9)}`,
        `${good.slice(0, 8)}-${good.slice(9)}`, // base64url, which Node would decode
        `${good.slice(0, 8)}_${good.slice(9)}`,
        `${good.slice(0, 8)} ${good.slice(9)}`,
        `${good.slice(0, -8)}==${good.slice(-6)}`, // padding inside
        ...nonCanonicalTail(good), // unused bits of the last character set
        '====',
        'data:text/html,<b>x</b>',
      ]) {
        await expectRefused(
          () =>
            put(`sg-sst/${rut}`, A, { adjunto: { adjunto: bad, nombreArchivo: 'x.pdf', extension: 'pdf' } }),
          400,
          MSG.invalidFileData('x.pdf'),
        );
      }
  });

  it('an empty comment without file is refused', async () => {
    await expectRefused(() => put(`sg-sst/${rut}`, A, { detalle: '   ' }), 400, MSG.commentRequired);
    await expectRefused(() => put(`sg-sst/${rut}`, A, {}), 400, MSG.commentRequired);
  });

  it('unknown or mistyped fields are refused (estado, empresa, nested extras)', async () => {
    await expectRefused(() => put(`sg-sst/${rut}`, A, { detalle: 'x', estado: 1 }), 400);
    await expectRefused(() => put(`sg-sst/${rut}`, A, { detalle: 'x', empresaId: 2 }), 400);
    await expectRefused(
      () => put(`sg-sst/${rut}`, A, { adjunto: { ...adjunto(pdfBytes(), 'a.pdf'), ruta: '/etc' } }),
      400,
    );
    await expectRefused(
      () =>
        put(`g-riesgo/${pila}`, A, {
          contratoid: contracts.aAlturas.id,
          ano: 'dos mil',
          mes: 1,
          detalle: 'x',
        }),
      400,
    );
    await expectRefused(() => put(`sg-sst/abc`, A, { detalle: 'x' }), 400);
  });

  it('prototype pollution keys are refused', async () => {
    await expectRefused(
      () =>
        app.inject({
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${rut}`,
          headers: { ...A, 'content-type': 'application/json' },
          payload: '{"detalle":"x","__proto__":{"estado":1}}',
        }),
      400,
    );
  });

  it('non-JSON bodies get 415', async () => {
    await expectRefused(
      () =>
        app.inject({
          method: 'PUT',
          url: `/api/contratista/adjuntos/sg-sst/${rut}`,
          headers: { ...A, 'content-type': 'text/plain' },
          payload: 'hola',
        }),
      415,
    );
  });

  it('wrong contract, other company ids, wrong module, inapplicable items: 404', async () => {
    const { ano, mes } = thisMonth();
    const other = contracts.bConfinados.id;
    await expectRefused(
      () => put(`g-riesgo/${pila}`, A, { contratoid: other, ano, mes, detalle: 'x' }),
      404,
      MSG.evidenceContractNotFound,
    );
    await expectRefused(
      () => put(`g-retenido/${pazysalvo}`, A, { contratoid: other, detalle: 'x' }),
      404,
      MSG.evidenceContractNotFound,
    );
    await expectRefused(
      () => put(`g-retenido/${pazysalvo}`, A, { contratoid: 999999, detalle: 'x' }),
      404,
      MSG.evidenceContractNotFound,
    );
    // A requisito of another module, an unknown id, and an item for work at heights on a contract without it.
    await expectRefused(
      () => put(`sg-sst/${pila}`, A, { detalle: 'x' }),
      404,
      MSG.evidenceRequirementNotFound,
    );
    await expectRefused(
      () => put(`sg-sst/999999`, A, { detalle: 'x' }),
      404,
      MSG.evidenceRequirementNotFound,
    );
    await insertEmpleado(app, { empresaId: contracts.aPlain.empresa_id, numero: '1017000002' });
    await expectRefused(
      () =>
        put(`sg-personal/${alturasCert}`, A, {
          contratoid: contracts.aPlain.id,
          tipodocumento: 'CC',
          numerodocumento: '1017000002',
          detalle: 'x',
        }),
      404,
      MSG.evidenceRequirementNotFound,
    );
    // Company B's employee seen from company A.
    await insertEmpleado(app, { empresaId: contracts.bConfinados.empresa_id, numero: '52000001' });
    await expectRefused(
      () =>
        put(`sg-personal/${docId}`, A, {
          contratoid: contracts.aAlturas.id,
          tipodocumento: 'CC',
          numerodocumento: '52000001',
          detalle: 'x',
        }),
      404,
      MSG.evidenceEmployeeNotFound,
    );
    // Company B's own contract works for B, not for A's items of work at heights.
    const ok = await put(`g-retenido/${pazysalvo}`, B, { contratoid: other, detalle: 'ok' });
    expect(ok.statusCode).toBe(200);
  });

  it('risk periods must be months of the contract: not before its start, not in the future', async () => {
    const start = await query<{ y: number; m: number }>(
      app.db,
      sql`SELECT extract(year FROM fecha_inicio)::int AS y, extract(month FROM fecha_inicio)::int AS m FROM contratos WHERE id = ${contracts.aAlturas.id}`,
    );
    const { y, m } = start[0];
    const before = m === 1 ? { ano: y - 1, mes: 12 } : { ano: y, mes: m - 1 };
    const now = thisMonth();
    const next = now.mes === 12 ? { ano: now.ano + 1, mes: 1 } : { ano: now.ano, mes: now.mes + 1 };
    for (const p of [before, next]) {
      await expectRefused(
        () => put(`g-riesgo/${pila}`, A, { contratoid: contracts.aAlturas.id, ...p, detalle: 'x' }),
        400,
        MSG.evidencePeriodInvalid,
      );
    }
    await expectRefused(
      () =>
        put(`g-riesgo/${pila}`, A, {
          contratoid: contracts.aAlturas.id,
          ano: now.ano,
          mes: 13,
          detalle: 'x',
        }),
      400,
    );
    await expectRefused(
      () => put(`g-riesgo/${pila}`, A, { contratoid: contracts.aAlturas.id, detalle: 'x' }),
      400,
    );
    const first = await put(`g-riesgo/${listado}`, A, {
      contratoid: contracts.aAlturas.id,
      ano: y,
      mes: m,
      detalle: 'Sin novedades',
    });
    expect(first.statusCode).toBe(200);
  });

  it('staff and anonymous callers cannot upload', async () => {
    const staff = await authHeaders(app, REVIEWER);
    await expectRefused(() => put(`sg-sst/${rut}`, staff, { detalle: 'x' }), 403);
    await expectRefused(() => put(`sg-sst/${rut}`, {}, { detalle: 'x' }), 401);
  });
});

describe('file names', () => {
  it('traversal, control characters and markup are cleaned; the stored name is the hash', async () => {
    const cases: Array<[string, string]> = [
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\system32.pdf', 'system32.pdf'],
      ['<script>alert(1)</script>.pdf', 'script.pdf'],
      ['<img src=x onerror="alert(1)">.pdf', 'img srcx onerroralert(1).pdf'],
      // (a NUL is refused before any handler: plugins/input-guard.test.ts)
      ['ctl\u0001byte\u0007.pdf', 'ctlbyte.pdf'],
      ['..', 'archivo.pdf'],
      ['\u202eexe.pdf', 'exe.pdf'],
      [`${'a'.repeat(600)}.pdf`, `${'a'.repeat(120)}.pdf`],
    ];
    for (const [raw, expected] of cases) {
      const res = await put(`sg-sst/${rut}`, A, {
        adjunto: { adjunto: pdfBytes().toString('base64'), nombreArchivo: raw, extension: 'pdf' },
      });
      expect(res.statusCode, raw).toBe(200);
      expect(res.json().nombreadjunto).toBe(expected);
    }
    // Nothing was written outside the blob folders.
    expect(existsSync(path.join(app.config.dataDir, 'etc'))).toBe(false);
  });

  it('names over 1024 characters are refused', async () => {
    await expectRefused(
      () =>
        put(`sg-sst/${rut}`, A, {
          adjunto: {
            adjunto: pdfBytes().toString('base64'),
            nombreArchivo: `${'b'.repeat(1100)}.pdf`,
            extension: 'pdf',
          },
        }),
      400,
    );
  });
});
