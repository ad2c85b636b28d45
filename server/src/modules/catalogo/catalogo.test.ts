import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { ADMIN, requisito, uploadSgSst } from '../../test/revision';

describe('catalogue management', async () => {
  const app = await createTestApp();
  const [A, R, ADM] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, ADMIN),
  ];
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = ADM) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const sgSstList = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/contratista/adjuntos/sg-sst', headers: A })
    ).json() as Array<{
      id: number;
      nombreCorto: string;
      extensiones: string;
      opcional: boolean;
      detalle: string;
    }>;

  it('creates a requirement with normalised extensions; companies see it at once', async () => {
    const res = await api('POST', '/api/admin/requisitos', {
      modulo: 'sg-sst',
      codigo: 'e30',
      nombreCorto: 'Programa de orden y aseo',
      detalle: 'Debe incluir cronograma y responsables',
      extensiones: ' PDF, xlsx,.xls ,pdf',
      vigenciaDias: 365,
      motivosRechazo: ['Sin cronograma', 'Sin firma del responsable'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().requisito;
    expect(res.json().message).toBe(MSG.requisitoSaved);
    expect(r).toMatchObject({
      modulo: 'sg-sst',
      codigo: 'E30',
      extensiones: 'pdf,xlsx,xls',
      opcional: false,
      aplicaSi: null,
      vigenciaDias: 365,
      motivosRechazo: ['Sin cronograma', 'Sin firma del responsable'],
      activo: true,
      entregas: 0,
    });
    expect((await sgSstList()).find((x) => x.id === r.id)).toMatchObject({
      nombreCorto: 'Programa de orden y aseo',
      extensiones: 'pdf,xlsx,xls',
    });
  });

  it('refuses bad input with clear messages', async () => {
    const base = { modulo: 'sg-sst', codigo: 'E31', nombreCorto: 'Requisito', extensiones: 'pdf' };
    const cases: Array<[object, number, string]> = [
      [
        { ...base, extensiones: 'pdf,exe' },
        400,
        MSG.requisitoExtensionInvalida(
          'exe',
          'pdf, jpg, jpeg, png, gif, webp, tif, tiff, xlsx, xls, docx, doc, pptx, ppt',
        ),
      ],
      [{ ...base, extensiones: ' , ' }, 400, MSG.requisitoExtensionesRequeridas],
      [{ ...base, codigo: 'mal código' }, 400, MSG.requisitoCodigoInvalido],
      [{ ...base, nombreCorto: 'ab' }, 400, MSG.requisitoNombreRequerido],
      [{ ...base, motivosRechazo: ['Ilegible', 'ilegible'] }, 400, MSG.requisitoMotivoInvalido],
      [{ ...base, codigo: 'E01' }, 409, MSG.requisitoCodigoDuplicado],
      [{ ...base, activo: false }, 400, ''],
      [{ ...base, modulo: 'otro' }, 400, MSG.reportModuleInvalid],
      // No module chosen: the field is required, not an invalid code.
      [{ ...base, modulo: undefined }, 400, MSG.fieldRequired(MSG.requisitoModuloLabel)],
      [{ ...base, modulo: '' }, 400, MSG.fieldRequired(MSG.requisitoModuloLabel)],
      [{ ...base, modulo: null }, 400, MSG.fieldRequired(MSG.requisitoModuloLabel)],
    ];
    for (const [payload, status, message] of cases) {
      const res = await api('POST', '/api/admin/requisitos', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(res.json().message).toContain(message);
    }
  });

  it('edits only the fields sent', async () => {
    const id = await requisito(app, 'sg-sst', 'E06');
    const res = await api('PUT', `/api/admin/requisitos/${id}`, {
      detalle: 'Firmada por el representante legal y divulgada',
      opcional: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().requisito).toMatchObject({
      codigo: 'E06',
      nombreCorto: 'Política de SST',
      opcional: true,
      detalle: 'Firmada por el representante legal y divulgada',
    });
    expect((await sgSstList()).find((x) => x.id === id)).toMatchObject({
      opcional: true,
      detalle: 'Firmada por el representante legal y divulgada',
    });
    expect((await api('PUT', `/api/admin/requisitos/${id}`, { codigo: 'E01' })).statusCode).toBe(409);
    expect((await api('PUT', '/api/admin/requisitos/999999', { opcional: true })).statusCode).toBe(404);
  });

  it('what no authorization stands in for is data with its norm, edited by the administrator (decision 182)', async () => {
    const p05 = await requisito(app, 'sg-personal', 'P05');
    const leido = (await api('GET', `/api/admin/requisitos/${p05}`)).json();
    expect(leido).toMatchObject({
      dispensable: false,
      baseLegalDispensa: expect.stringContaining('2.2.4.6.28'),
    });
    const e06 = await requisito(app, 'sg-sst', 'E06');
    expect((await api('GET', `/api/admin/requisitos/${e06}`)).json()).toMatchObject({
      dispensable: true,
      baseLegalDispensa: null,
    });
    const sinNorma = await api('PUT', `/api/admin/requisitos/${e06}`, { dispensable: false });
    expect(sinNorma.statusCode).toBe(400);
    expect(sinNorma.json().message).toContain('Escriba la norma que exige este documento');
    const conNorma = await api('PUT', `/api/admin/requisitos/${e06}`, {
      dispensable: false,
      baseLegalDispensa: 'Decreto 1072 de 2015 art. 2.2.4.6.6',
    });
    expect(conNorma.statusCode, conNorma.body).toBe(200);
    expect(conNorma.json().requisito).toMatchObject({
      dispensable: false,
      baseLegalDispensa: 'Decreto 1072 de 2015 art. 2.2.4.6.6',
    });
    // Reviewers cannot change it.
    expect((await api('PUT', `/api/admin/requisitos/${e06}`, { dispensable: true }, R)).statusCode).toBe(403);
    expect((await api('PUT', `/api/admin/requisitos/${e06}`, { dispensable: true })).statusCode).toBe(200);
  });

  it('retiring keeps the history: submissions stay, the item leaves the lists, and can come back', async () => {
    const id = await requisito(app, 'sg-sst', 'E07');
    const entrega = await uploadSgSst(app, A, id, 'designacion.pdf');
    // A requirement with submissions cannot change module.
    const move = await api('PUT', `/api/admin/requisitos/${id}`, { modulo: 'g-retenido' });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(MSG.requisitoModuloConCargas);

    const res = await api('POST', `/api/admin/requisitos/${id}/retirar`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.requisitoRetired,
      requisito: { activo: false, entregas: 1 },
    });
    expect((await sgSstList()).map((x) => x.id)).not.toContain(id);
    const [row] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM entregas WHERE id = ${entrega} AND requisito_id = ${id}`,
    );
    expect(row.n).toBe(1);
    // The file is still downloadable and the submission still readable by staff.
    expect(
      (await app.inject({ method: 'GET', url: `/api/adminflujos/adjunto/${entrega}`, headers: R }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/revision/entregas/${entrega}`, headers: R })).json()
        .requisito.id,
    ).toBe(id);
    // Listed only on request.
    const active = (await api('GET', '/api/admin/requisitos?modulo=sg-sst')).json() as Array<{ id: number }>;
    expect(active.map((x) => x.id)).not.toContain(id);
    const all = (
      await api('GET', '/api/admin/requisitos?modulo=sg-sst&incluirRetirados=true')
    ).json() as Array<{ id: number }>;
    expect(all.map((x) => x.id)).toContain(id);

    const back = await api('POST', `/api/admin/requisitos/${id}/activar`);
    expect(back.json()).toMatchObject({ message: MSG.requisitoActivated, requisito: { activo: true } });
    expect((await sgSstList()).map((x) => x.id)).toContain(id);
  });

  it('reviewers read the catalogue; only administradores write it', async () => {
    expect((await api('GET', '/api/admin/requisitos?buscar=RUT', undefined, R)).json()).toEqual([
      expect.objectContaining({ codigo: 'E01' }),
    ]);
    expect((await api('POST', `/api/admin/requisitos/1/retirar`, undefined, R)).statusCode).toBe(403);
  });

  it('the validity rule (decision 105): stored validated, edited, cleared; absent keeps the specification payload', async () => {
    const base = { modulo: 'sg-sst', codigo: 'E40', nombreCorto: 'Póliza de prueba', extensiones: 'pdf' };
    const plain = await api('POST', '/api/admin/requisitos', base);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().requisito.reglaVigencia).toBeNull();
    const id = plain.json().requisito.id as number;

    const concepto = await api('PUT', `/api/admin/requisitos/${id}`, {
      reglaVigencia: { tipo: 'segun_concepto', baseLegal: 'Resolución 1843 de 2025' },
    });
    expect(concepto.statusCode, concepto.body).toBe(200);
    // the default maximum of the domain schema is filled in
    expect(concepto.json().requisito.reglaVigencia).toEqual({
      tipo: 'segun_concepto',
      mesesMaximos: 36,
      baseLegal: 'Resolución 1843 de 2025',
    });
    const listed = (await api('GET', '/api/admin/requisitos?buscar=E40', undefined, R)).json() as Array<{
      reglaVigencia: unknown;
    }>;
    expect(listed[0].reglaVigencia).toMatchObject({ tipo: 'segun_concepto', mesesMaximos: 36 });

    for (const bad of [
      { tipo: 'dias_desde_expedicion', baseLegal: 'Práctica de contratación' }, // no días
      { tipo: 'dias_desde_expedicion', dias: 0, baseLegal: 'Práctica de contratación' },
      { tipo: 'anual', baseLegal: 'Práctica de contratación' },
      { tipo: 'sin_vencimiento', baseLegal: '' },
    ]) {
      const res = await api('PUT', `/api/admin/requisitos/${id}`, { reglaVigencia: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // the refused edits left the stored rule alone; null clears it
    expect((await api('GET', `/api/admin/requisitos?buscar=E40`)).json()[0].reglaVigencia.tipo).toBe(
      'segun_concepto',
    );
    const cleared = await api('PUT', `/api/admin/requisitos/${id}`, { reglaVigencia: null });
    expect(cleared.json().requisito.reglaVigencia).toBeNull();
    expect((await api('GET', '/api/admin/requisitos?buscar=RUT')).json()[0].reglaVigencia).toMatchObject({
      tipo: 'dias_desde_expedicion',
      dias: 365,
    });
  });
});

describe('master data management', async () => {
  const app = await createTestApp();
  const [A, ADM] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, ADMIN)];
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: ADM, ...(payload ? { payload } : {}) });
  const maestras = async () =>
    (await app.inject({ method: 'GET', url: '/api/contratista/maestras', headers: A })).json()[0];

  it('creates, edits, retires and reactivates a project; contractors see only active ones', async () => {
    const [reg] = (await api('GET', '/api/admin/maestras/regionales')).json();
    const res = await api('POST', '/api/admin/maestras/proyectos', {
      descripcion: 'Edificio Mirador del Río',
      regionalId: reg.id,
      ciudad: 'Medellín',
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().item;
    expect(p).toMatchObject({
      descripcion: 'Edificio Mirador del Río',
      regionalId: reg.id,
      regional: reg.descripcion,
      ciudad: 'Medellín',
      activo: true,
      usos: 0,
    });
    expect((await maestras()).proyectos.map((x: { id: number }) => x.id)).toContain(p.id);

    expect(
      (await api('PUT', `/api/admin/maestras/proyectos/${p.id}`, { ciudad: 'Envigado' })).json().item,
    ).toMatchObject({ ciudad: 'Envigado', descripcion: 'Edificio Mirador del Río' });
    const dup = await api('POST', '/api/admin/maestras/proyectos', {
      descripcion: 'edificio mirador del río',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.maestraDuplicada);
    expect(
      (await api('POST', '/api/admin/maestras/proyectos', { descripcion: 'Otro', regionalId: 999999 }))
        .statusCode,
    ).toBe(400);

    expect((await api('POST', `/api/admin/maestras/proyectos/${p.id}/retirar`)).json()).toMatchObject({
      message: MSG.maestraRetired,
      item: { activo: false },
    });
    expect((await maestras()).proyectos.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expect(
      (await api('GET', '/api/admin/maestras/proyectos')).json().map((x: { id: number }) => x.id),
    ).not.toContain(p.id);
    expect(
      (await api('GET', '/api/admin/maestras/proyectos?incluirRetirados=true'))
        .json()
        .map((x: { id: number }) => x.id),
    ).toContain(p.id);
    expect((await api('POST', `/api/admin/maestras/proyectos/${p.id}/activar`)).json().item.activo).toBe(
      true,
    );
  });

  it('activities carry their applicability flags; retiring one in use keeps its contracts', async () => {
    const res = await api('POST', '/api/admin/maestras/actividades', {
      descripcion: 'Demoliciones',
      alturas: true,
      flota: true,
    });
    expect(res.json().item).toMatchObject({ alturas: true, espaciosConfinados: false, flota: true });
    const acts = (await api('GET', '/api/admin/maestras/actividades')).json() as Array<{
      id: number;
      descripcion: string;
      usos: number;
    }>;
    const used = acts.find((a) => a.descripcion === 'Estructura en concreto')!;
    expect(used.usos).toBeGreaterThan(0);
    expect((await api('POST', `/api/admin/maestras/actividades/${used.id}/retirar`)).statusCode).toBe(200);
    const contratos = (await app.inject({ method: 'GET', url: '/api/contratista', headers: A })).json()[0]
      .contratos as Array<{ actividad_id: number }>;
    expect(contratos.map((c) => c.actividad_id)).toContain(used.id);
    expect(
      (await api('PUT', `/api/admin/maestras/actividades/${used.id}`, { descripcion: 'x' })).json().message,
    ).toBe(MSG.maestraDescripcionRequerida);
    expect((await api('PUT', `/api/admin/maestras/cargos/${used.id}`, { alturas: true })).statusCode).toBe(
      400,
    ); // not a cargo field
  });
});
