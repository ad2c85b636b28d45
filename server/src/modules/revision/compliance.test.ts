import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ConteoCumplimiento } from '@proveedores/domain';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import {
  empresaId,
  fechasDeDocumento,
  fechasParaAprobar,
  finSegunRegla,
  hoyDe,
  reglaDe,
  requisito,
  uploadSgSst,
} from '../../test/revision';

type Conteo = ConteoCumplimiento;

describe('compliance per company, contract and module', async () => {
  const app = await createTestApp();
  const [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  const a = await empresaId(app, '900123456');
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: R });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const decide = (id: number, action: 'aprobar' | 'rechazar', payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/${action}`, headers: R, payload });
  const sum = (c: Conteo) => c.aprobados + c.pendientesRevision + c.rechazados + c.vencidos + c.sinCargar;

  it('counts every state over the mandatory applicable slots and agrees with the home summary', async () => {
    const before = (await get(`/api/revision/cumplimiento/${a}`)).modulos.find(
      (m: { modulo: string }) => m.modulo === 'sg-sst',
    ) as Conteo;
    expect(before.aplicables).toBeGreaterThan(10);
    expect(before.sinCargar).toBe(before.aplicables);

    const [e01, e02, e04, e05] = await Promise.all(
      ['E01', 'E02', 'E04', 'E05'].map((c) => requisito(app, 'sg-sst', c)),
    );
    // The reviewer confirms the document dates the validity rule reads (decision 113).
    const approved = await decide(
      await uploadSgSst(app, A, e01),
      'aprobar',
      await fechasParaAprobar(app, e01),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await uploadSgSst(app, A, e02); // pending review
    expect(
      (await decide(await uploadSgSst(app, A, e04), 'rechazar', { observacion: 'Clase de riesgo errada' }))
        .statusCode,
    ).toBe(200);
    // Expired: an autoevaluación issued one day more than its rule's days ago ended yesterday.
    const regla05 = await reglaDe(app, e05);
    if (regla05?.tipo !== 'dias_desde_expedicion') throw new Error(`E05 rule: ${regla05?.tipo}`);
    const hoy = hoyDe(app);
    const fechas05 = fechasDeDocumento(regla05, hoy, { expedidoHace: regla05.dias + 1 });
    const expired = await decide(await uploadSgSst(app, A, e05), 'aprobar', fechas05);
    expect(expired.statusCode, expired.body).toBe(200);
    const fin05 = finSegunRegla(regla05, fechas05);
    expect(fin05 !== null && fin05 < hoy).toBe(true);
    expect(expired.json().vigenciaHasta).toBe(fin05);

    const detail = await get(`/api/revision/cumplimiento/${a}`);
    const sst = detail.modulos.find((m: { modulo: string }) => m.modulo === 'sg-sst') as Conteo;
    expect(sst).toMatchObject({
      aprobados: 1,
      pendientesRevision: 1,
      rechazados: 1,
      vencidos: 1,
      sinCargar: before.aplicables - 4,
    });
    expect(sst.porcentaje).toBe(Math.round((1 / sst.aplicables) * 1000) / 10);
    expect(sum(sst)).toBe(sst.aplicables);
    expect(sum(detail.totales)).toBe(detail.totales.aplicables);

    // Same numbers as the contractor's home summary (reporte): pending upload, rejected, expired.
    const home = (await app.inject({ method: 'GET', url: '/api/contratista/reporte', headers: A })).json()[0];
    for (const m of home.modulos as Array<{
      modulo: string;
      faltantes: number;
      rechazados: number;
      vencidos: number;
    }>) {
      const mine = detail.modulos.find((x: { modulo: string }) => x.modulo === m.modulo) as Conteo;
      expect({
        modulo: m.modulo,
        faltantes: m.faltantes,
        rechazados: m.rechazados,
        vencidos: m.vencidos,
      }).toEqual({
        modulo: m.modulo,
        faltantes: mine.sinCargar,
        rechazados: mine.rechazados,
        vencidos: mine.vencidos,
      });
    }

    // Per contract: company-level SG-SST first, then each contract without sg-sst.
    expect(detail.contratos[0]).toMatchObject({ contratoId: null, modulos: [{ modulo: 'sg-sst' }] });
    expect(detail.contratos).toHaveLength(3);
    for (const c of detail.contratos.slice(1)) {
      expect(c.modulos.map((m: { modulo: string }) => m.modulo)).toEqual([
        'sg-personal',
        'g-riesgo',
        'g-retenido',
      ]);
      expect(sum(c.totales)).toBe(c.totales.aplicables);
    }
    const perContract = detail.contratos.reduce(
      (n: number, c: { totales: Conteo }) => n + c.totales.aplicables,
      0,
    );
    expect(perContract).toBe(detail.totales.aplicables);
  });

  it('lists every company, least compliant first, and searches', async () => {
    const list = await get('/api/revision/cumplimiento');
    expect(list.map((e: { nit: string }) => e.nit).sort()).toEqual(['800987654', '900123456']);
    expect(list[0].totales.porcentaje).toBeLessThanOrEqual(list[1].totales.porcentaje);
    expect((await get('/api/revision/cumplimiento?buscar=Redes')).map((e: { nit: string }) => e.nit)).toEqual(
      ['800987654'],
    );
    const onlyRisk = await get('/api/revision/cumplimiento?modulo=g-riesgo');
    expect(onlyRisk[0].modulos.map((m: { modulo: string }) => m.modulo)).toEqual(['g-riesgo']);
  });

  it('drills down to the items with their state and file link', async () => {
    const items = await get(`/api/revision/cumplimiento/${a}/items?modulo=sg-sst`);
    const byCode = (c: number) => items.filter((i: { codEstado: number }) => i.codEstado === c);
    expect(byCode(1)).toHaveLength(1);
    expect(byCode(0)).toHaveLength(1);
    expect(byCode(-1)[0]).toMatchObject({ estado: 'Rechazado', motivoRechazo: 'Clase de riesgo errada' });
    expect(byCode(9)[0]).toMatchObject({
      estado: 'Vencido',
      url: expect.stringMatching(/^\/api\/adminflujos\/adjunto\/\d+$/),
    });
    expect(byCode(-2)[0]).toMatchObject({ estado: 'Pendiente por cargar', entregaId: null, url: null });
    expect((await get(`/api/revision/cumplimiento/${a}/items?modulo=sg-sst&codEstado=-1`)).length).toBe(1);
    const company = await get(`/api/revision/cumplimiento/${a}/items?contrato=empresa`);
    expect(
      company.every(
        (i: { contrato: unknown; modulo: string }) => i.contrato === null && i.modulo === 'sg-sst',
      ),
    ).toBe(true);
    const withOptional = await get(`/api/revision/cumplimiento/${a}/items?modulo=sg-sst&opcionales=true`);
    expect(withOptional.length).toBeGreaterThanOrEqual(items.length);
    const risk = await get(`/api/revision/cumplimiento/${a}/items?modulo=g-riesgo`);
    expect(risk[0]).toMatchObject({
      periodo: { lapso: expect.any(String) },
      contrato: {
        proyecto: expect.any(String),
        tipoContrato: expect.any(String),
        actividad: expect.any(String),
      },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/revision/cumplimiento/999999/items', headers: R }))
        .statusCode,
    ).toBe(404);
  });

  it('exports an Excel workbook built on the server', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/revision/cumplimiento/excel?empresaId=${a}`,
      headers: R,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cumplimiento_900123456_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const resumen = wb.getWorksheet('Resumen')!;
    const detalle = wb.getWorksheet('Detalle')!;
    expect(resumen.getRow(1).getCell(1).value).toBe('Contrato');
    const items = await get(`/api/revision/cumplimiento/${a}/items?opcionales=true`);
    expect(detalle.rowCount - 1).toBe(items.length);
    const headers = (detalle.getRow(1).values as unknown[]).slice(1);
    const col = (h: string) => headers.indexOf(h) + 1;
    // The contract is named by project, contract type and activity (docs/decisions/099).
    expect(headers).toEqual(expect.arrayContaining(['Proyecto', 'Tipo de contrato', 'Actividad']));
    const estados = new Set<string>();
    detalle.eachRow((row, n) => n > 1 && estados.add(String(row.getCell(col('Estado')).value)));
    // Dates people read: dd/mm/aaaa (docs/decisions/092).
    detalle.eachRow((row, n) => {
      if (n === 1) return;
      const cargado = String(row.getCell(col('Cargado')).value ?? '');
      const vigencia = String(row.getCell(col('Vigencia')).value ?? '');
      if (cargado) expect(cargado).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      if (vigencia) expect(vigencia).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });
    expect([...estados]).toEqual(
      expect.arrayContaining([
        'Aprobado',
        'Rechazado',
        'Vencido',
        'Pendiente por cargar',
        'Cargado pendiente por aprobar',
      ]),
    );

    const all = await app.inject({ method: 'GET', url: '/api/revision/cumplimiento/excel', headers: R });
    expect(all.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('Resumen')!.rowCount).toBe(1 + 2 * 5); // 2 companies x (4 modules + total)
  });
});
