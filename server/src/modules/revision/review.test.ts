import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sumarDias, hoyEnColombia, formatDia, MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { diaColombiaSql } from '../../db/colombia-sql';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { commentSgSst, empresaId, requisito, setMotivos, uploadSgSst } from '../../test/revision';

/** Review queue, the state machine and the validity rules, through the real API. */
describe('review queue and decisions', async () => {
  const clock = manualClock(new Date());
  const app = await createTestApp({ clock, reviewMaxValidityDays: 730 });
  const [A, B, R] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  const [rut, camara, cedula, politica] = [
    await requisito(app, 'sg-sst', 'E01'), // 365 days
    await requisito(app, 'sg-sst', 'E02'), // 30 days
    await requisito(app, 'sg-sst', 'E03'), // does not expire
    await requisito(app, 'sg-sst', 'E06'),
  ];
  const hoy = () => hoyEnColombia(clock.now());
  const queue = (qs = '') => app.inject({ method: 'GET', url: `/api/revision/pendientes${qs}`, headers: R });
  const approve = (id: number, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/aprobar`, headers: R, payload });
  const reject = (id: number, payload: object) =>
    app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/rechazar`, headers: R, payload });
  const sgSstRow = async (headers: Record<string, string>, id: number) => {
    const res = await app.inject({ method: 'GET', url: '/api/contratista/adjuntos/sg-sst', headers });
    return (
      res.json() as Array<{
        id: number;
        codEstado: number;
        estado: string;
        motivorechazo: string | null;
        vigencia: string | null;
      }>
    ).find((r) => r.id === id)!;
  };

  it('lists pending submissions oldest first with everything the reviewer needs, and filters them', async () => {
    const first = await uploadSgSst(app, A, rut, 'rut.pdf');
    const second = await commentSgSst(
      app,
      B,
      politica,
      'No aplica: la política se publicó en la cartelera de obra.',
    );
    const res = await queue();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([first, second]);
    const item = body.items[0];
    expect(item).toMatchObject({
      id: first,
      modulo: 'sg-sst',
      moduloNombre: 'SG-SST',
      empresa: { nit: '900123456', dv: 8, razonSocial: 'Montajes y Estructuras del Norte S.A.S.' },
      contrato: null,
      requisito: { id: rut, codigo: 'E01', nombreCorto: 'RUT', vigenciaDias: 365, extensiones: 'pdf' },
      archivo: { nombre: 'rut.pdf', url: `/api/adminflujos/adjunto/${first}`, tipoMime: 'application/pdf' },
      codEstado: 0,
      estado: 'Cargado pendiente por aprobar',
      cargadoPor: { username: '900123456' },
      anterior: null,
      esActual: true,
      // E01 counts 365 days from the issue date (decision 105); the PDF states none: nothing to suggest.
      vigenciaSugerida: null,
      vigenciaMaxima: sumarDias(hoy(), 730),
    });
    expect(item.requisito.detalle).toContain('Registro Único Tributario');
    // The comment-only submission is in the queue too.
    expect(body.items[1]).toMatchObject({ archivo: null, comentario: expect.stringContaining('No aplica') });
    // The file link works for staff.
    const file = await app.inject({ method: 'GET', url: item.archivo.url, headers: R });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const ids = async (qs: string) => (await queue(qs)).json().items.map((i: { id: number }) => i.id);
    expect(await ids('?nit=800987654')).toEqual([second]);
    expect(await ids(`?empresaId=${await empresaId(app, '900123456')}`)).toEqual([first]);
    expect(await ids(`?requisitoId=${politica}`)).toEqual([second]);
    expect(await ids('?modulo=g-riesgo')).toEqual([]);
    expect(await ids(`?desde=${hoy()}&hasta=${hoy()}`)).toEqual([first, second]);
    expect(await ids(`?hasta=${sumarDias(hoy(), -2)}`)).toEqual([]);
    expect(await ids(`?desde=${sumarDias(hoy(), 2)}`)).toEqual([]);
    const page2 = (await queue('?pageSize=1&page=2')).json();
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((i: { id: number }) => i.id)).toEqual([second]);
    const bad = await queue(`?desde=${hoy()}&hasta=${sumarDias(hoy(), -1)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.reviewDateRangeInvalid);
    expect((await queue('?desde=2026-02-30')).statusCode).toBe(400);
  });

  it('approves with the requirement validity; the company sees Aprobado; the item leaves the queue', async () => {
    const id = await uploadSgSst(app, A, camara, 'camara.pdf');
    // The company gave the issue date at upload (decision 113): nothing to confirm.
    await query(app.db, sql`UPDATE entregas SET fecha_expedicion = ${hoy()}::date WHERE id = ${id}`);
    // No body at all is the same as {}: the stored dates apply.
    const res = await app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/aprobar`, headers: R });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      codEstado: 1,
      estado: 'Aprobado',
      vigenciaHasta: sumarDias(hoy(), 30),
      motivoRechazo: null,
    });
    expect((await queue()).json().items.map((i: { id: number }) => i.id)).not.toContain(id);
    expect(await sgSstRow(A, camara)).toMatchObject({
      codEstado: 1,
      estado: 'Aprobado',
      vigencia: sumarDias(hoy(), 30),
    });
    const [row] = await query<{ revisado_por: number; estado: number }>(
      app.db,
      sql`SELECT revisado_por, estado FROM entregas WHERE id = ${id}`,
    );
    expect(row.estado).toBe(1);
    expect(row.revisado_por).not.toBeNull();
  });

  it('approval validity: entered date within [today, today + max] without a rule, none for items that do not expire', async () => {
    // With a rule the end is never typed (decision 113).
    const typed = await uploadSgSst(app, A, rut, 'rut-tecleado.pdf');
    let res = await approve(typed, { vigenciaHasta: sumarDias(hoy(), 100), fechaExpedicion: hoy() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.reviewValidityByRule);
    res = await approve(typed, { fechaExpedicion: hoy() });
    expect(res.json()).toMatchObject({ codEstado: 1, vigenciaHasta: sumarDias(hoy(), 365) });

    // Without a rule (the catalogue rows the administrator has not classified), the reviewer may type it.
    const [{ regla }] = await query<{ regla: unknown }>(
      app.db,
      sql`SELECT regla_vigencia AS regla FROM requisitos WHERE id = ${rut}`,
    );
    await query(app.db, sql`UPDATE requisitos SET regla_vigencia = NULL WHERE id = ${rut}`);
    const past = await uploadSgSst(app, B, rut, 'rut-b.pdf');
    res = await approve(past, { vigenciaHasta: sumarDias(hoy(), -1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.reviewValidityPast);
    res = await approve(past, { vigenciaHasta: sumarDias(hoy(), 731) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.reviewValidityTooFar(730, formatDia(sumarDias(hoy(), 730))));
    // The maximum reads dd/mm/aaaa, as every date a person reads (decision 168).
    expect(res.json().message).toMatch(/máximo \d{2}\/\d{2}\/\d{4}\)/);
    res = await approve(past, { vigenciaHasta: '2027-13-01' });
    expect(res.statusCode).toBe(400);
    res = await approve(past, { vigenciaHasta: sumarDias(hoy(), 730), estado: 1 });
    expect(res.statusCode).toBe(400); // unknown fields refused
    // Still pending after the refusals.
    expect((await queue()).json().items.map((i: { id: number }) => i.id)).toContain(past);
    res = await approve(past, { vigenciaHasta: sumarDias(hoy(), 730) });
    expect(res.json()).toMatchObject({ codEstado: 1, vigenciaHasta: sumarDias(hoy(), 730) });
    await query(
      app.db,
      sql`UPDATE requisitos SET regla_vigencia = ${JSON.stringify(regla)}::jsonb WHERE id = ${rut}`,
    );

    const cc = await uploadSgSst(app, A, cedula, 'cedula.pdf');
    res = await approve(cc);
    expect(res.json()).toMatchObject({ codEstado: 1, vigenciaHasta: null });
    expect(await sgSstRow(A, cedula)).toMatchObject({ codEstado: 1, vigencia: null });
  });

  it('a requirement validity beyond the maximum is capped at the maximum', async () => {
    // the approval + vigencia_dias fallback of a requirement without a validity rule (decision 105)
    await query(
      app.db,
      sql`UPDATE requisitos SET vigencia_dias = 1000, regla_vigencia = NULL WHERE id = ${rut}`,
    );
    const id = await uploadSgSst(app, A, rut, 'rut-2.pdf');
    const item = (await queue()).json().items.find((i: { id: number }) => i.id === id);
    expect(item.vigenciaSugerida).toBe(sumarDias(hoy(), 730));
    expect((await approve(id)).json().vigenciaHasta).toBe(sumarDias(hoy(), 730));
    await query(app.db, sql`UPDATE requisitos SET vigencia_dias = 365 WHERE id = ${rut}`);
  });

  it('rejects only with a reason: standard reason and/or free text, 3..1000 characters', async () => {
    await setMotivos(app, politica, ['Documento ilegible', 'No está firmado por el representante legal']);
    const id = await uploadSgSst(app, A, politica, 'politica.pdf');
    const cases: Array<[object, string]> = [
      [{}, MSG.reviewReasonRequired],
      [{ observacion: '  ' }, MSG.reviewReasonRequired],
      [{ observacion: 'no' }, MSG.reviewReasonLength],
      [{ observacion: 'x'.repeat(1001) }, MSG.reviewReasonLength],
      [{ motivo: 'Otro motivo inventado' }, MSG.reviewReasonNotStandard],
    ];
    for (const [payload, message] of cases) {
      const res = await reject(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await query<{ estado: number }>(app.db, sql`SELECT estado FROM entregas WHERE id = ${id}`))[0].estado,
    ).toBe(0);
    const res = await reject(id, {
      motivo: 'No está firmado por el representante legal',
      observacion: 'Falta la firma en la página 2',
    });
    expect(res.statusCode).toBe(200);
    const motivo = 'No está firmado por el representante legal. Falta la firma en la página 2';
    expect(res.json()).toMatchObject({
      codEstado: -1,
      estado: 'Rechazado',
      motivoRechazo: motivo,
      vigenciaHasta: null,
    });
    expect(await sgSstRow(A, politica)).toMatchObject({
      codEstado: -1,
      estado: 'Rechazado',
      motivorechazo: motivo,
    });
  });

  it('state machine: only 0 -> 1 and 0 -> -1; anything else is 409 with a clear message; unknown ids 404', async () => {
    const a = await uploadSgSst(app, B, camara, 'camara-b.pdf');
    expect((await approve(a, { fechaExpedicion: hoy() })).statusCode).toBe(200);
    for (const res of [await approve(a), await reject(a, { observacion: 'Cambio de opinión' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.reviewAlreadyDecided('Aprobado'));
    }
    const r = await uploadSgSst(app, B, cedula, 'cedula-b.pdf');
    expect((await reject(r, { observacion: 'Ilegible' })).statusCode).toBe(200);
    for (const res of [await approve(r), await reject(r, { observacion: 'Otra vez' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.reviewAlreadyDecided('Rechazado'));
    }
    const missing = await approve(99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.reviewNotFound);
    // Nothing changed by the refused calls.
    const rows = await query<{ id: number; estado: number }>(
      app.db,
      sql`SELECT id, estado FROM entregas WHERE id IN (${a}, ${r}) ORDER BY id`,
    );
    expect(rows.map((x) => x.estado)).toEqual([1, -1]);
  });

  it('a submission replaced by a newer one cannot be decided; the new one shows the previous approved version', async () => {
    const v1 = await uploadSgSst(app, B, politica, 'politica-v1.pdf');
    expect((await approve(v1, { fechaExpedicion: hoy() })).statusCode).toBe(200);
    const v2 = await uploadSgSst(app, B, politica, 'politica-v2.pdf');
    const v3 = await uploadSgSst(app, B, politica, 'politica-v3.pdf');
    const res = await approve(v2, { fechaExpedicion: hoy() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.reviewSuperseded);
    const items = (await queue(`?requisitoId=${politica}&nit=800987654`)).json().items;
    expect(items.map((i: { id: number }) => i.id)).toEqual([v3]); // v2 is history, not work
    expect(items[0].anterior).toMatchObject({
      id: v1,
      codEstado: 1,
      archivo: { nombre: 'politica-v1.pdf', url: `/api/adminflujos/adjunto/${v1}` },
    });
    const detail = (
      await app.inject({ method: 'GET', url: `/api/revision/entregas/${v2}`, headers: R })
    ).json();
    expect(detail.esActual).toBe(false);
    expect(detail.historial.map((h: { id: number }) => h.id).slice(0, 3)).toEqual([v3, v2, v1]);
  });

  it('approved items past their validity are reported as 9 Vencido (moved clock; evidence lists on a moved date)', async () => {
    const id = await uploadSgSst(app, A, camara, 'camara-2.pdf');
    const approved = (await approve(id, { fechaExpedicion: hoy() })).json();
    expect(approved.vigenciaHasta).toBe(sumarDias(hoy(), 30));
    const detail = async () =>
      (await app.inject({ method: 'GET', url: `/api/revision/entregas/${id}`, headers: R })).json();
    expect(await detail()).toMatchObject({ codEstado: 1, estado: 'Aprobado' });

    clock.advanceDays(30); // last valid day
    expect(await detail()).toMatchObject({ codEstado: 1 });
    clock.advanceDays(1);
    expect(await detail()).toMatchObject({ codEstado: 9, estado: 'Vencido' });
    const items = await app.inject({
      method: 'GET',
      url: `/api/revision/cumplimiento/${await empresaId(app, '900123456')}/items?modulo=sg-sst&codEstado=9`,
      headers: R,
    });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().map((i: { entregaId: number }) => i.entregaId)).toEqual([id]);
    clock.set(new Date());

    // The evidence lists read the database date: move the validity into the past instead.
    expect(await sgSstRow(A, camara)).toMatchObject({ codEstado: 1 });
    await query(
      app.db,
      sql`UPDATE entregas SET vigencia_hasta = ${diaColombiaSql(sql`now()`)} - 1 WHERE id = ${id}`,
    );
    expect(await sgSstRow(A, camara)).toMatchObject({ codEstado: 9, estado: 'Vencido' });
    expect(await detail()).toMatchObject({ codEstado: 9 });
  });
});
