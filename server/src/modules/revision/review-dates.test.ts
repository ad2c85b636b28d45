import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, reglaVigencia, sumarDias, sumarMeses, type EntregaDetalle } from '@proveedores/domain';
import { CERTIFICADO_ARL, textPdf } from '../../compliance/document-dates/samples';
import { query } from '../../db/client';
import { REGLAS_VIGENCIA } from '../../db/seed-data/validity-rules';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { requisito, uploadSgSst } from '../../test/revision';

/**
 * Decision 113: each submission keeps the dates read from its file and the dates the contractor
 * gave; the review detail shows both with the rule; the reviewer confirms or corrects them on
 * approval and vigencia_hasta is derived by the rule from the confirmed ones, stored on the entrega.
 */
describe('document dates confirmed on approval', async () => {
  // A Bogotá afternoon after the certificate's issue date (3 November 2026).
  const clock = manualClock(new Date('2026-11-20T15:00:00Z'));
  const app = await createTestApp({ clock, reviewMaxValidityDays: 730 });
  const [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  const slot = (codigo: string) => requisito(app, 'sg-sst', codigo);

  const upload = async (req: number, pdf: Buffer, dates: object = {}) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${req}`,
      headers: A,
      payload: {
        ...dates,
        adjunto: { adjunto: pdf.toString('base64'), nombreArchivo: 'certificado.pdf', extension: 'pdf' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().idEntrega as number;
  };
  const detail = async (id: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/revision/entregas/${id}`, headers: R });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EntregaDetalle;
  };
  const approve = (id: number, payload?: object) =>
    app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/aprobar`, headers: R, payload });
  const stored = async (id: number) => {
    const [row] = await query<{
      exp: string | null;
      ven: string | null;
      prox: string | null;
      vig: string | null;
      leidas: unknown;
      declaradas: unknown;
    }>(
      app.db,
      sql`SELECT fecha_expedicion::text AS exp, fecha_vencimiento_doc::text AS ven, proximo_examen::text AS prox,
                 vigencia_hasta::text AS vig, fechas_leidas AS leidas, fechas_declaradas AS declaradas
            FROM entregas WHERE id = ${id}`,
    );
    const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
    return { ...row, leidas: json(row.leidas), declaradas: json(row.declaradas) };
  };
  const ruleOf = async (id: number, codigo: string | null, vigenciaDias: number | null = null) => {
    const regla = codigo === null ? null : JSON.stringify(reglaVigencia.parse(REGLAS_VIGENCIA[codigo].regla));
    await app.db.execute(
      sql`UPDATE requisitos SET regla_vigencia = ${regla}::jsonb, vigencia_dias = ${vigenciaDias} WHERE id = ${id}`,
    );
  };

  it('keeps the read and the given dates apart; the detail shows both, the rule and its end', async () => {
    const camara = await slot('E02'); // dias_desde_expedicion, 30
    // The file says 3 November 2026 (and "vigente hasta 30/11/2026"); the contractor says 1 October.
    const id = await upload(camara, textPdf(CERTIFICADO_ARL), { fechaExpedicion: '2026-10-01' });
    expect(await stored(id)).toMatchObject({
      exp: '2026-10-01',
      ven: '2026-11-30',
      leidas: { expedicion: '2026-11-03', vencimiento: '2026-11-30', proximoExamen: null },
      declaradas: { expedicion: '2026-10-01', vencimiento: null, proximoExamen: null },
      vig: null,
    });
    const d = await detail(id);
    expect(d.fechas).toMatchObject({
      regla: {
        tipo: 'dias_desde_expedicion',
        nombre: MSG.reglaVigenciaTipo.dias_desde_expedicion,
        baseLegal: expect.stringContaining('Código de Comercio'),
        definicion: { tipo: 'dias_desde_expedicion', dias: 30 },
      },
      pide: ['expedicion'],
      leidas: { expedicion: '2026-11-03' },
      declaradas: { expedicion: '2026-10-01' },
      vigentes: { expedicion: '2026-10-01' },
      finSegunRegla: sumarDias('2026-10-01', 30),
      faltan: [],
    });

    // The reviewer sees the file says 3 November and corrects the date: the rule counts from it.
    const res = await approve(id, { fechaExpedicion: '2026-11-03' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vigenciaHasta).toBe(sumarDias('2026-11-03', 30));
    expect(await stored(id)).toMatchObject({
      exp: '2026-11-03',
      vig: sumarDias('2026-11-03', 30),
      // what was read and what was given stay as they were
      leidas: { expedicion: '2026-11-03' },
      declaradas: { expedicion: '2026-10-01' },
    });
    expect((await detail(id)).fechas).toMatchObject({
      vigentes: { expedicion: '2026-11-03' },
      declaradas: { expedicion: '2026-10-01' },
    });
  });

  it('a body without dates approves with the stored ones; a needed date nobody gave is named in Spanish', async () => {
    const camara = await slot('E02');
    const given = await upload(camara, textPdf(['Documento sin fechas legibles']), {
      fechaExpedicion: '2026-11-02',
    });
    expect(await stored(given)).toMatchObject({ leidas: { expedicion: null }, exp: '2026-11-02' });
    const ok = await approve(given);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().vigenciaHasta).toBe(sumarDias('2026-11-02', 30));

    const poliza = await slot('E07'); // fecha_del_documento
    const id = await uploadSgSst(app, A, poliza, 'poliza.pdf');
    expect(await stored(id)).toMatchObject({ declaradas: null, ven: null });
    expect((await detail(id)).fechas).toMatchObject({
      pide: ['vencimiento'],
      finSegunRegla: null,
      faltan: ['vencimiento'],
    });
    const refused = await approve(id, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      MSG.reviewDatesMissing(['Fecha de vencimiento'], 'Fecha de vencimiento del documento'),
    );
    expect(refused.json().message).toMatch(/^Falta «Fecha de vencimiento»/);
    // Still pending, nothing stored.
    expect(await stored(id)).toMatchObject({ vig: null, ven: null });
    expect((await detail(id)).codEstado).toBe(0);
    // The reviewer types the end the policy states (beyond the 730-day window: the rule decides).
    const res = await approve(id, { fechaVencimiento: '2029-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vigenciaHasta).toBe('2029-03-31');
    expect(await stored(id)).toMatchObject({ ven: '2029-03-31', vig: '2029-03-31' });
  });

  it('sin_vencimiento honouring a stated end (P10, decision 183): that day when given, no end and no missing date otherwise', async () => {
    const [p10] = await query<{ regla: { tipo: string; vencimientoSiLoIndica?: boolean } }>(
      app.db,
      sql`SELECT regla_vigencia AS regla FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P10'`,
    );
    const regla = typeof p10.regla === 'string' ? JSON.parse(p10.regla) : p10.regla;
    expect(regla).toMatchObject({ tipo: 'sin_vencimiento', vencimientoSiLoIndica: true });
    // The same rule on a company item, so the test needs no worker.
    const req = await slot('E03');
    await app.db.execute(
      sql`UPDATE requisitos SET regla_vigencia = ${JSON.stringify({ ...regla, baseLegal: 'Norma de prueba art. 1' })}::jsonb
           WHERE id = ${req}`,
    );
    const con = await upload(req, textPdf(['Certificado de competencia laboral']), {
      fechaVencimiento: '2027-05-31',
    });
    expect((await detail(con)).fechas.pide).toEqual(['vencimiento']);
    const res = await approve(con);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vigenciaHasta).toBe('2027-05-31');
    const sin = await upload(req, textPdf(['Certificado sin fecha de vencimiento']));
    const ok = await approve(sin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().vigenciaHasta).toBeNull();
  });

  it('segun_concepto: the next exam, never past the maximum months after the exam', async () => {
    const examen = await slot('E09');
    await ruleOf(examen, 'P09');
    const id = await uploadSgSst(app, A, examen, 'concepto.pdf');
    const refused = await approve(id, { proximoExamen: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('«Fecha de expedición» y «Próximo examen»');
    const res = await approve(id, { fechaExpedicion: '2026-06-15', proximoExamen: '2030-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vigenciaHasta).toBe(sumarMeses('2026-06-15', 36));
    expect(await stored(id)).toMatchObject({ exp: '2026-06-15', prox: '2030-01-01' });
  });

  it('confirmed dates are validated: real, not absurd, an end not before the issue', async () => {
    const camara = await slot('E02');
    const id = await uploadSgSst(app, A, camara, 'camara.pdf');
    const cases: Array<[object, string | null]> = [
      [{ fechaExpedicion: '2026-02-30' }, 'La fecha no existe.'],
      [{ fechaExpedicion: '1900-01-01' }, MSG.reviewDocumentDateRange('1950-01-01', '2099-12-31')],
      [{ fechaExpedicion: '2026-11-21' }, MSG.reviewIssueDateFuture],
      [
        { fechaExpedicion: '2026-11-01', fechaVencimiento: '2026-10-01' },
        MSG.reviewDateBeforeIssue('Fecha de vencimiento'),
      ],
      [{ fechaExpedicion: '2026-11-01', vigencia: '2027-01-01' }, null], // unknown field
    ];
    for (const [payload, message] of cases) {
      const res = await approve(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect((await detail(id)).codEstado).toBe(0);
    expect((await approve(id, { fechaExpedicion: '2026-11-20' })).json().vigenciaHasta).toBe(
      sumarDias('2026-11-20', 30),
    );
  });

  it('without a rule: approval + vigencia_dias (capped); the confirmed dates are still stored', async () => {
    const plan = await slot('E10');
    await ruleOf(plan, null, 90);
    const id = await uploadSgSst(app, A, plan, 'plan.pdf');
    expect((await detail(id)).fechas).toMatchObject({ regla: null, pide: [], faltan: [] });
    const res = await approve(id, { fechaExpedicion: '2026-01-10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vigenciaHasta).toBe(sumarDias('2026-11-20', 90));
    expect(await stored(id)).toMatchObject({ exp: '2026-01-10' });
  });

  it("an earlier submission replaced while pending reads 'Reemplazado' in the detail, as in the history", async () => {
    const politica = await slot('E06');
    const first = await uploadSgSst(app, A, politica, 'politica-1.pdf');
    const second = await uploadSgSst(app, A, politica, 'politica-2.pdf');
    const d = await detail(second);
    expect(d.historial.map((h) => [h.id, h.codEstado, h.estado])).toEqual([
      [second, 0, 'Cargado pendiente por aprobar'],
      [first, 2, 'Reemplazado'],
    ]);
    expect(await detail(first)).toMatchObject({ codEstado: 2, estado: 'Reemplazado', esActual: false });
  });
});
