import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, MSG, plazoPila, reglaVigencia, sumarDias, sumarMeses } from '@proveedores/domain';
import { query } from '../../db/client';
import { REGLAS_VIGENCIA } from '../../db/seed-data/validity-rules';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { requisito, uploadSgSst } from '../../test/revision';

/**
 * Approval computes vigencia_hasta from the requirement's validity rule and the dates the document
 * states (decision 105), not from the approval date; without a rule, approval + vigencia_dias.
 * The document dates are written to the entrega directly: this checks the approval, not the upload.
 */
describe('approval validity by the catalogue rule', async () => {
  // a fixed Bogotá morning, months after the document dates used below
  const clock = manualClock(new Date('2026-11-20T15:00:00Z'));
  const app = await createTestApp({ clock, reviewMaxValidityDays: 730 });
  const [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  const hoy = () => hoyEnColombia(clock.now());
  const [{ nit }] = await query<{ nit: string }>(
    app.db,
    sql`SELECT nit FROM empresas WHERE nit LIKE '900123456%' LIMIT 1`,
  );

  /** Sets the rule of one seeded requirement to that of a catalogue code (e.g. P10 on an SG-SST slot). */
  const ruleOf = async (id: number, codigo: string | null, vigenciaDias: number | null = null) => {
    const regla = codigo === null ? null : JSON.stringify(reglaVigencia.parse(REGLAS_VIGENCIA[codigo].regla));
    await app.db.execute(
      sql`UPDATE requisitos SET regla_vigencia = ${regla}::jsonb, vigencia_dias = ${vigenciaDias} WHERE id = ${id}`,
    );
  };
  const approveWith = async (
    req: number,
    fechas: { expedicion?: string; vencimiento?: string; proximo?: string; periodo?: string },
  ) => {
    const id = await uploadSgSst(app, A, req, 'documento.pdf');
    await app.db.execute(
      sql`UPDATE entregas SET fecha_expedicion = ${fechas.expedicion ?? null}::date,
                              fecha_vencimiento_doc = ${fechas.vencimiento ?? null}::date,
                              proximo_examen = ${fechas.proximo ?? null}::date,
                              periodo_certificado = ${fechas.periodo ?? null}
           WHERE id = ${id}`,
    );
    const res = await app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/aprobar`, headers: R });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await query<{ v: string | null }>(
      app.db,
      sql`SELECT vigencia_hasta::text AS v FROM entregas WHERE id = ${id}`,
    );
    expect(row.v).toBe(res.json().vigenciaHasta);
    return row.v;
  };
  const slot = (codigo: string) => requisito(app, 'sg-sst', codigo);

  it('P10 (alturas course, sin_vencimiento): no end even with vigencia_dias set', async () => {
    const req = await slot('E05');
    await ruleOf(req, 'P10', 365);
    expect(REGLAS_VIGENCIA.P10.regla.tipo).toBe('sin_vencimiento');
    expect(await approveWith(req, { expedicion: '2026-03-02' })).toBeNull();
  });

  it('P04 (mes_certificado): the PILA deadline of the next month for the NIT', async () => {
    const req = await slot('E04');
    await ruleOf(req, 'P04');
    expect(await approveWith(req, { expedicion: '2026-10-05' })).toBe(plazoPila(nit, { ano: 2026, mes: 11 }));
    // the month certified, when stored, wins over the issue month
    expect(await approveWith(req, { expedicion: '2026-10-05', periodo: '2026-09' })).toBe(
      plazoPila(nit, { ano: 2026, mes: 10 }),
    );
  });

  it('dias_desde_expedicion counts from the issue date, not from the approval', async () => {
    const req = await slot('E02');
    expect(REGLAS_VIGENCIA.E02.regla).toMatchObject({ tipo: 'dias_desde_expedicion', dias: 30 });
    expect(await approveWith(req, { expedicion: '2026-11-01' })).toBe(sumarDias('2026-11-01', 30));
    // no issue date from anyone: not the approval day (decision 113), the approval says what is missing
    const sinFecha = await uploadSgSst(app, A, req, 'sin-fecha.pdf');
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${sinFecha}/aprobar`,
      headers: R,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      MSG.reviewDatesMissing(['Fecha de expedición'], MSG.reglaVigenciaTipo.dias_desde_expedicion),
    );
    // the reviewer gives it: counted from it
    const ok = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${sinFecha}/aprobar`,
      headers: R,
      payload: { fechaExpedicion: '2026-11-10' },
    });
    expect(ok.json()).toMatchObject({ codEstado: 1, vigenciaHasta: sumarDias('2026-11-10', 30) });
  });

  it('fecha_del_documento, por_proyecto (P11) and segun_concepto read their own dates', async () => {
    const poliza = await slot('E07');
    expect(REGLAS_VIGENCIA.E07.regla.tipo).toBe('fecha_del_documento');
    // beyond the reviewer's 730-day window: the legal rule decides
    expect(await approveWith(poliza, { vencimiento: '2029-01-31' })).toBe('2029-01-31');

    const alturas = await slot('E08');
    await ruleOf(alturas, 'P11');
    expect(await approveWith(alturas, { expedicion: '2026-06-15' })).toBe(sumarMeses('2026-06-15', 18));

    const examen = await slot('E09');
    const concepto = Object.keys(REGLAS_VIGENCIA).find(
      (c) => REGLAS_VIGENCIA[c].regla.tipo === 'segun_concepto',
    )!;
    await ruleOf(examen, concepto);
    expect(await approveWith(examen, { expedicion: '2026-06-15', proximo: '2027-06-15' })).toBe('2027-06-15');
    // without a next exam date, the maximum after the exam (36 months by default)
    expect(await approveWith(examen, { expedicion: '2026-06-15' })).toBe(sumarMeses('2026-06-15', 36));
  });

  it('the queue suggests the rule end; the review form sending it back is accepted past the window', async () => {
    const poliza = await slot('E07');
    const id = await uploadSgSst(app, A, poliza, 'poliza.pdf');
    await app.db.execute(sql`UPDATE entregas SET fecha_vencimiento_doc = '2029-06-30' WHERE id = ${id}`);
    const queue = await app.inject({ method: 'GET', url: '/api/revision/pendientes', headers: R });
    const item = (queue.json().items as Array<{ id: number; vigenciaSugerida: string | null }>).find(
      (i) => i.id === id,
    );
    expect(item?.vigenciaSugerida).toBe('2029-06-30');
    const approve = (vigenciaHasta: string) =>
      app.inject({
        method: 'POST',
        url: `/api/revision/entregas/${id}/aprobar`,
        headers: R,
        payload: { vigenciaHasta },
      });
    // another end than the rule's is refused: the end is never typed with a rule (decision 113)
    const typed = await approve('2029-07-31');
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(MSG.reviewValidityByRule);
    const ok = await approve('2029-06-30');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().vigenciaHasta).toBe('2029-06-30');
  });

  it('without a rule, approval + vigencia_dias as the specification says', async () => {
    const req = await slot('E10');
    await ruleOf(req, null, 90);
    expect(await approveWith(req, { expedicion: '2026-01-10' })).toBe(sumarDias(hoy(), 90));
  });
});
