import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { formatLapso, MSG, periodoEnColombia, type EvidenceRow, type RiskRow } from '@proveedores/domain';
import { query } from '../../db/client';
import { entregas } from '../../db/schema';
import { clockOf } from '../../lib/clock';
import { insertEmpleado } from '../../test/empleados';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { adjunto, demoContracts, pdfBytes, requisitoId, storageCounts } from '../../test/evidencias';

let app: FastifyInstance;
let A: Record<string, string>;
let B: Record<string, string>;
let contracts: Awaited<ReturnType<typeof demoContracts>>;

beforeAll(async () => {
  app = await createTestApp();
  [A, B] = await Promise.all([authHeaders(app, CONTRACTOR_A), authHeaders(app, CONTRACTOR_B)]);
  contracts = await demoContracts(app);
});

const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/contratista/adjuntos/${url}`, headers });
const put = (url: string, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/contratista/adjuntos/${url}`, headers, payload });
const sgSst = async (h: Record<string, string>) => (await get('sg-sst', h)).json() as EvidenceRow[];
const codes = (rows: EvidenceRow[]) => rows.map((r) => r.codigo);

describe('SG-SST list', () => {
  it('lists applicable items in catalogue order, pending by default, with the row fields of the contract', async () => {
    const rows = await sgSst(A);
    expect(rows[0]).toEqual({
      id: await requisitoId(app, 'sg-sst', 'E01'),
      codigo: 'E01',
      nombreCorto: 'RUT',
      nombre: 'RUT',
      detalle: 'Registro Único Tributario con NIT, actividad económica y responsabilidades actualizadas',
      opcional: false,
      extensiones: 'pdf',
      baselegal: 'Estatuto Tributario art. 555-2',
      codEstado: -2,
      estado: 'Pendiente por cargar',
      motivorechazo: null,
      nombreadjunto: null,
      idEntrega: null,
      comentario: null,
      fechacarga: null,
      vigencia: null,
      fechaExpedicion: null,
      urladjunto: null,
      alerta: null,
      anexos: [],
      reuso: null,
      renovacion: null,
    });
    // Company A has a work-at-heights contract: E18 applies, confined spaces (E20) and fleet (E21) do not.
    expect(codes(rows)).toContain('E18');
    expect(codes(rows)).not.toContain('E20');
    expect(codes(rows)).not.toContain('E21');
    // Company B works in confined spaces.
    const rowsB = await sgSst(B);
    expect(codes(rowsB)).toContain('E20');
    expect(codes(rowsB)).not.toContain('E18');
    expect(rows.find((r) => r.codigo === 'E14')?.opcional).toBe(true);
    // Owed by every employer since Resolución 3461 de 2025 (decision 180).
    expect(rows.find((r) => r.codigo === 'E13')?.opcional).toBe(false);
  });

  it('applicability follows ACTIVE contracts only', async () => {
    await app.db.execute(sql`UPDATE contratos SET activo = false WHERE id = ${contracts.aAlturas.id}`);
    try {
      expect(codes(await sgSst(A))).not.toContain('E18');
    } finally {
      await app.db.execute(sql`UPDATE contratos SET activo = true WHERE id = ${contracts.aAlturas.id}`);
    }
  });

  it('computes every status code from real submissions (-2, 0, -1, 1, 9)', async () => {
    const [e02, e04, e06, e07] = await Promise.all(
      ['E02', 'E04', 'E06', 'E07'].map((c) => requisitoId(app, 'sg-sst', c)),
    );
    const up = async (id: number) =>
      (await put(`sg-sst/${id}`, A, { adjunto: adjunto(pdfBytes(), `doc-${id}.pdf`) })).json()
        .idEntrega as number;
    const [pend, rej, apr, venc] = await Promise.all([up(e02), up(e04), up(e06), up(e07)]);
    const ids = { pend, rej, apr, venc };
    // Review results written directly (the review module owns the real transitions).
    await app.db
      .update(entregas)
      .set({ estado: -1, motivoRechazo: 'Documento ilegible' })
      .where(eq(entregas.id, ids.rej));
    await app.db
      .update(entregas)
      .set({ estado: 1, vigenciaHasta: '2999-12-31' })
      .where(eq(entregas.id, ids.apr));
    await app.db
      .update(entregas)
      .set({ estado: 1, vigenciaHasta: '2020-01-31' })
      .where(eq(entregas.id, ids.venc));
    const rows = await sgSst(A);
    const by = (c: string) => rows.find((r) => r.codigo === c)!;
    expect(by('E01')).toMatchObject({ codEstado: -2, estado: 'Pendiente por cargar' });
    expect(by('E02')).toMatchObject({
      codEstado: 0,
      estado: 'Cargado pendiente por aprobar',
      nombreadjunto: `doc-${e02}.pdf`,
      idEntrega: pend,
      urladjunto: `/api/adminflujos/adjunto/${pend}`,
    });
    expect(by('E04')).toMatchObject({
      codEstado: -1,
      estado: 'Rechazado',
      motivorechazo: 'Documento ilegible',
    });
    expect(by('E06')).toMatchObject({
      codEstado: 1,
      estado: 'Aprobado',
      vigencia: '2999-12-31',
      alerta: 'vigente',
    });
    expect(by('E07')).toMatchObject({
      codEstado: 9,
      estado: 'Vencido',
      vigencia: '2020-01-31',
      alerta: 'vencido',
    });
  });

  it('a new file or comment replaces the current state; history rows stay', async () => {
    const e05 = await requisitoId(app, 'sg-sst', 'E05');
    const first = (
      await put(`sg-sst/${e05}`, A, { adjunto: adjunto(pdfBytes(), 'autoevaluacion.pdf') })
    ).json().idEntrega;
    await app.db
      .update(entregas)
      .set({ estado: -1, motivoRechazo: 'Falta firma' })
      .where(eq(entregas.id, first));
    const res = await put(`sg-sst/${e05}`, A, { detalle: 'Se firma la próxima semana' });
    expect(res.json().message).toBe(MSG.commentSaved);
    const row = (await sgSst(A)).find((r) => r.codigo === 'E05')!;
    expect(row).toMatchObject({
      codEstado: 0,
      comentario: 'Se firma la próxima semana',
      nombreadjunto: null,
      urladjunto: null,
      motivorechazo: null,
    });
    const history = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM entregas WHERE requisito_id = ${e05} ORDER BY id`,
    );
    expect(history).toHaveLength(2);
  });

  it('annexes attach to the current submission; none without one', async () => {
    const e10 = await requisitoId(app, 'sg-sst', 'E10');
    const before = await storageCounts(app);
    const refused = await put(`sg-sst/${e10}/anexo`, A, { adjunto: adjunto(pdfBytes(), 'anexo.pdf') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.evidenceAnnexNeedsSubmission);
    expect(await storageCounts(app)).toEqual(before);

    const main = (await put(`sg-sst/${e10}`, A, { adjunto: adjunto(pdfBytes(), 'programa.pdf') })).json();
    const annex = await put(`sg-sst/${e10}/anexo`, A, {
      adjunto: adjunto(Buffer.concat([pdfBytes(), Buffer.from('%anexo')]), 'registro asistencia.pdf'),
    });
    expect(annex.statusCode, annex.body).toBe(200);
    expect(annex.json()).toMatchObject({
      message: 'Archivo subido con exito: registro asistencia.pdf',
      idEntrega: main.idEntrega,
    });
    const row = (await sgSst(A)).find((r) => r.codigo === 'E10')!;
    expect(row.anexos).toEqual([
      expect.objectContaining({
        id: annex.json().idAnexo,
        nombreadjunto: 'registro asistencia.pdf',
        urladjunto: `/api/adminflujos/adjunto/anexo/${annex.json().idAnexo}`,
      }),
    ]);
    // The annex route also requires a file (the annex form has no comment).
    expect((await put(`sg-sst/${e10}/anexo`, A, { detalle: 'x' })).statusCode).toBe(400);
    const audits = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'anexo.created'`,
    );
    expect(audits[0].n).toBe(1);
  });

  it('providers only: staff get 403, anonymous 401', async () => {
    expect((await get('sg-sst', await authHeaders(app, REVIEWER))).statusCode).toBe(403);
    expect((await get('sg-sst', {})).statusCode).toBe(401);
  });
});

describe('risk management periods', () => {
  it('one period per month from the contract start to the current month, newest first', async () => {
    const res = await get(`g-riesgo?contratoid=${contracts.aAlturas.id}`, A);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as RiskRow[];
    expect(rows.map((r) => r.codigo)).toEqual(['M01', 'M02', 'M03', 'M04', 'M05', 'M06', 'M07', 'M08']);
    const now = periodoEnColombia(clockOf(app.config).now());
    const expected = [0, 1, 2, 3].map((back) => {
      const d = new Date(Date.UTC(now.ano, now.mes - 1 - back, 1));
      return { ano: d.getUTCFullYear(), mes: d.getUTCMonth() + 1 };
    });
    for (const row of rows) {
      // Demo contracts started on the first day of the month three months ago: 4 periods.
      expect(row.length).toBe(4);
      expect(row.Periodo.map((p) => ({ ano: p.ano, mes: p.mes }))).toEqual(expected);
      expect(row.Periodo[0]).toMatchObject({
        Lapso: formatLapso(now.ano, now.mes),
        anosriesgo: now.ano,
        messriesgo: now.mes,
        idsriesgo: row.id,
        codEstado: -2,
      });
    }
  });

  it('a comment on one period changes only that period, and the main row repeats the newest period', async () => {
    const m03 = await requisitoId(app, 'g-riesgo', 'M03');
    const now = periodoEnColombia(clockOf(app.config).now());
    const old = new Date(Date.UTC(now.ano, now.mes - 3, 1));
    const p = { ano: old.getUTCFullYear(), mes: old.getUTCMonth() + 1 };
    const res = await put(`g-riesgo/${m03}`, A, {
      contratoid: contracts.aAlturas.id,
      ...p,
      detalle: 'Nómina pagada por fiducia',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cur = await put(`g-riesgo/${m03}`, A, {
      contratoid: contracts.aAlturas.id,
      ...now,
      detalle: '',
      adjunto: adjunto(pdfBytes(), 'nomina.pdf'),
    });
    expect(cur.statusCode, cur.body).toBe(200);
    const row = ((await get(`g-riesgo?contratoid=${contracts.aAlturas.id}`, A)).json() as RiskRow[]).find(
      (r) => r.id === m03,
    )!;
    expect(row.Periodo.map((x) => x.codEstado)).toEqual([0, -2, 0, -2]);
    expect(row.Periodo[2]).toMatchObject({ comentario: 'Nómina pagada por fiducia', nombreadjunto: null });
    expect(row).toMatchObject({ codEstado: 0, nombreadjunto: 'nomina.pdf', idEntrega: cur.json().idEntrega });
    // The other contract of the company is untouched.
    const other = ((await get(`g-riesgo?contratoid=${contracts.aPlain.id}`, A)).json() as RiskRow[]).find(
      (r) => r.id === m03,
    )!;
    expect(other.Periodo.every((x) => x.codEstado === -2)).toBe(true);
  });

  it('a contract that has not started has no periods; without contratoid the project message', async () => {
    // Put back exactly what was there (not a date recomputed from the database's UTC calendar).
    const [original] = await query<{ fecha_inicio: string }>(
      app.db,
      sql`SELECT fecha_inicio::text AS fecha_inicio FROM contratos WHERE id = ${contracts.aPlain.id}`,
    );
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 2, 1);
    await app.db.execute(
      sql`UPDATE contratos SET fecha_inicio = ${next.toISOString().slice(0, 10)} WHERE id = ${contracts.aPlain.id}`,
    );
    try {
      const rows = (await get(`g-riesgo?contratoid=${contracts.aPlain.id}`, A)).json() as RiskRow[];
      expect(rows[0]).toMatchObject({ length: 0, Periodo: [], codEstado: -2 });
    } finally {
      await app.db.execute(
        sql`UPDATE contratos SET fecha_inicio = ${original.fecha_inicio} WHERE id = ${contracts.aPlain.id}`,
      );
    }
    const res = await get('g-riesgo', A);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.selectOrEnterProject);
  });
});

describe('withholdings and personnel lists', () => {
  it('g-retenido rows carry nombreCorto and nombre', async () => {
    const rows = (await get(`g-retenido?contratoid=${contracts.aAlturas.id}`, A)).json() as EvidenceRow[];
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({
      codigo: 'R01',
      nombreCorto: 'Paz y salvo laboral de los trabajadores',
      nombre: 'Paz y salvo laboral de los trabajadores',
      codEstado: -2,
    });
  });

  it('sg-personal: items of the contract activity, per employee; 404 for unknown employees', async () => {
    await insertEmpleado(app, { empresaId: contracts.aAlturas.empresa_id, numero: '71000001' });
    const url = (c: number, n = '71000001') =>
      `sg-personal?tipodocumento=CC&numerodocumento=${n}&contratoid=${c}`;
    const alturas = (await get(url(contracts.aAlturas.id), A)).json() as EvidenceRow[];
    expect(codes(alturas)).toEqual(expect.arrayContaining(['P01', 'P10', 'P11']));
    expect(codes(alturas)).not.toContain('P12');
    const plain = (await get(url(contracts.aPlain.id), A)).json() as EvidenceRow[];
    expect(codes(plain)).not.toContain('P10');

    const p01 = alturas.find((r) => r.codigo === 'P01')!.id;
    const up = await put(`sg-personal/${p01}`, A, {
      contratoid: contracts.aAlturas.id,
      tipodocumento: 'CC',
      numerodocumento: '71000001',
      detalle: '',
      adjunto: adjunto(pdfBytes(), 'cedula.pdf'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const after = (await get(url(contracts.aAlturas.id), A)).json() as EvidenceRow[];
    expect(after.find((r) => r.id === p01)).toMatchObject({ codEstado: 0, nombreadjunto: 'cedula.pdf' });
    // Per contract: the same worker on the other contract still owes it.
    expect(
      ((await get(url(contracts.aPlain.id), A)).json() as EvidenceRow[]).find((r) => r.id === p01)?.codEstado,
    ).toBe(-2);

    // Document numbers are compared as the employees module stores them (dots and spaces are formatting).
    const formatted = await get(
      `sg-personal?tipodocumento=cc&numerodocumento=71.000.001&contratoid=${contracts.aAlturas.id}`,
      A,
    );
    expect(formatted.statusCode).toBe(200);
    expect((formatted.json() as EvidenceRow[]).find((r) => r.id === p01)?.codEstado).toBe(0);

    const missing = await get(url(contracts.aAlturas.id, '999'), A);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.evidenceEmployeeNotFound);
    const noEmployee = await get(`sg-personal?contratoid=${contracts.aAlturas.id}`, A);
    expect(noEmployee.statusCode).toBe(400);
    expect(noEmployee.json().message).toBe(MSG.employeeIdRequired);
  });
});

describe('isolation between the two demo companies', () => {
  it("another company's contract or employee is not found, in every list", async () => {
    await insertEmpleado(app, { empresaId: contracts.bConfinados.empresa_id, numero: '1130000001' });
    for (const url of [
      `g-riesgo?contratoid=${contracts.bConfinados.id}`,
      `g-retenido?contratoid=${contracts.bConfinados.id}`,
      `sg-personal?tipodocumento=CC&numerodocumento=1130000001&contratoid=${contracts.bConfinados.id}`,
    ]) {
      const res = await get(url, A);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(MSG.evidenceContractNotFound);
    }
    // B's employee with A's own contract: not found either.
    const res = await get(
      `sg-personal?tipodocumento=CC&numerodocumento=1130000001&contratoid=${contracts.aAlturas.id}`,
      A,
    );
    expect(res.json().message).toBe(MSG.evidenceEmployeeNotFound);
  });

  it("writes with another company's contract store nothing (uploads, comments, annexes)", async () => {
    const m01 = await requisitoId(app, 'g-riesgo', 'M01');
    const r01 = await requisitoId(app, 'g-retenido', 'R01');
    const now = periodoEnColombia(clockOf(app.config).now());
    const before = await storageCounts(app);
    for (const [url, body] of [
      [`g-riesgo/${m01}`, { contratoid: contracts.aAlturas.id, ...now, detalle: 'de B' }],
      [
        `g-riesgo/${m01}/anexo`,
        { contratoid: contracts.aAlturas.id, ...now, adjunto: adjunto(pdfBytes(), 'b.pdf') },
      ],
      [
        `g-retenido/${r01}`,
        { contratoid: contracts.aPlain.id, detalle: '', adjunto: adjunto(pdfBytes(), 'b.pdf') },
      ],
      [`g-retenido/${r01}/anexo`, { contratoid: contracts.aPlain.id, adjunto: adjunto(pdfBytes(), 'b.pdf') }],
    ] as const) {
      const res = await put(url, B, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(MSG.evidenceContractNotFound);
    }
    expect(await storageCounts(app)).toEqual(before);
  });

  it('ownership is still checked when no requisito of the module applies', async () => {
    await app.db.execute(sql`UPDATE requisitos SET activo = false WHERE modulo = 'g-retenido'`);
    try {
      const own = await get(`g-retenido?contratoid=${contracts.aAlturas.id}`, A);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([]);
      const other = await get(`g-retenido?contratoid=${contracts.bConfinados.id}`, A);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(MSG.evidenceContractNotFound);
    } finally {
      await app.db.execute(sql`UPDATE requisitos SET activo = true WHERE modulo = 'g-retenido'`);
    }
  });

  it("one company's submissions never show in the other's lists", async () => {
    const rowsA = await sgSst(A);
    expect(rowsA.some((r) => r.codEstado !== -2)).toBe(true);
    const rowsB = await sgSst(B);
    expect(rowsB.every((r) => r.codEstado === -2)).toBe(true);
  });
});
