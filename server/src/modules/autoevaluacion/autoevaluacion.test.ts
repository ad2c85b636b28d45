import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTENCIA_LEGAL_0312, ESTADO, ESTANDARES_0312, itemsDeLista, MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { blobStoreFor } from '../../files';
import { manualClock } from '../../lib/clock';
import { instanteBogota } from '../../compliance/agreement/world';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { requisitoId } from '../../test/evidencias';
import { codigosDeBaseLegal } from './almacen';
import { autoevaluacionRespuestaServidor } from './calificacion';
import { autoevaluacionPdf } from './pdf';

/**
 * The Resolución 0312 self-evaluation through the API (docs/decisions/133, 135), on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): hand-computed scores; the bad inputs each a bare Spanish
 * 400 with nothing saved; signing freezes the version and stores the PDF as the company's E05
 * submission, rendered with poppler to check its content; a signed version is never edited; company
 * isolation; the staff list.
 */
const HOY = '2026-12-10';
const app = await createTestApp({ clock: manualClock(instanteBogota(HOY, 10, 0)) });
let A: Record<string, string>;
let B: Record<string, string>;
let R: Record<string, string>;
const tmp = mkdtempSync(path.join(tmpdir(), 'autoevaluacion-pdf-'));

const url = (ano: number, extra = '') => `/api/contratista/autoevaluacion/${ano}${extra}`;
const todos = (respuesta: 'cumple' | 'no_cumple') =>
  ESTANDARES_0312.map((e) => ({ codigo: e.codigo, respuesta }));
const put = (headers: Record<string, string>, ano: number, payload: unknown) =>
  app.inject({ method: 'PUT', url: url(ano), headers, payload: payload as Record<string, unknown> });
const filas = async (ano: number) =>
  query<{ version: number; estado: string; respuestas: unknown; entrega_id: number | null }>(
    app.db,
    sql`SELECT version, estado, respuestas, entrega_id::int AS entrega_id FROM autoevaluaciones WHERE ano = ${ano} ORDER BY version`,
  );
/** The signers are A's registered ones (docs/decisions/163, set in beforeAll); the body only accepts. */
const FIRMANTES = {
  representante: { nombre: 'Ana María Pérez', documento: '1020304050' },
  responsable: { nombre: 'Luis Gómez Ríos', documento: '79000111' },
};
const FIRMA = { acepto: true };
const e05 = async () =>
  query<{ id: number; archivo_id: number | null; sha256: string | null; comentario: string | null }>(
    app.db,
    sql`SELECT e.id::int AS id, e.archivo_id::int AS archivo_id, a.sha256, e.comentario FROM entregas e
          LEFT JOIN archivos a ON a.id = e.archivo_id
         WHERE e.requisito_id = (SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E05')
         ORDER BY e.id`,
  );

beforeAll(async () => {
  await app.ready();
  [A, B, R] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
  ];
  const firmantes = await app.inject({
    method: 'PUT',
    url: '/api/contratista/empresa/firmantes',
    headers: A,
    payload: FIRMANTES,
  });
  expect(firmantes.statusCode, firmantes.body).toBe(200);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('self-evaluation: defaults and scores', () => {
  it('answers the starting values when nothing is saved: workers linked, highest risk class, 60 items', async () => {
    const [esperado] = await query<{ clase: number }>(
      app.db,
      sql`SELECT max(a.clase_riesgo)::int AS clase FROM contratos c JOIN actividades a ON a.id = c.actividad_id
            JOIN empresas e ON e.id = c.empresa_id WHERE e.nit = ${CONTRACTOR_A.username} AND c.activo`,
    );
    const res = await app.inject({ method: 'GET', url: url(2026), headers: A });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ano: 2026, version: 0, estado: 'borrador', claseRiesgo: esperado.clase });
    expect(body.trabajadores).toBeGreaterThanOrEqual(1);
    expect(body.items).toHaveLength(60);
    expect(body.items[0]).toMatchObject({ codigo: '1.1.1', peso: 0.5, ciclo: 'PLANEAR', respuesta: null });
    expect(body.advertenciaLegal).toBe(ADVERTENCIA_LEGAL_0312);
    expect(body.errores.length).toBeGreaterThan(0);
    // The table's data notes are for staff (decision 163): no item carries them to the contractor,
    // not even the rows the data marks (3.1.4 among them).
    expect(ESTANDARES_0312.find((e) => e.codigo === '3.1.4')?.sinVerificar).toBe(true);
    expect(body.items.filter((i: object) => 'sinVerificar' in i)).toEqual([]);
    expect(res.body).not.toContain('sin_verificar');
  });

  it('every item met = 100, Aceptable', async () => {
    const res = await put(B, 2020, { trabajadores: 80, claseRiesgo: 3, items: todos('cumple') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lista: 60,
      puntaje: 100,
      porcentajeLista: 100,
      clasificacion: 'Aceptable',
    });
    expect(res.json().errores).toEqual([]);
  });

  it('a 60-item company meeting nothing = 0, Crítico, each item missing its plan action', async () => {
    const res = await put(B, 2021, { trabajadores: 5, claseRiesgo: 4, items: todos('no_cumple') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ lista: 60, puntaje: 0, clasificacion: 'Crítico' });
    expect(body.errores).toHaveLength(60);
    expect(body.errores[0].mensaje).toBe(MSG.autoevaluacionPlanFaltante('1.1.1'));
    expect(body.plazos.reporteArl).toBe('2027-03-10');

    // Its PDF says that deadline as a person reads it (decision 168), never the API's ISO.
    const pdf = path.join(tmp, 'critico.pdf');
    const evaluacion = autoevaluacionRespuestaServidor.parse(body);
    writeFileSync(
      pdf,
      autoevaluacionPdf({ evaluacion, empresa: { nit: '1', razonSocial: 'B' }, firmadaPor: 'x' }),
    );
    const texto = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
    expect(texto).toMatch(/Reporte de avances a la ARL hasta\s+10\/03\/2027/);
    expect(texto).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('a 7-item company meeting nothing = 87.5 (the floor of the items outside its list)', async () => {
    const items = itemsDeLista(7).map((e) => ({ codigo: e.codigo, respuesta: 'no_cumple' }));
    const res = await put(B, 2022, { trabajadores: 10, claseRiesgo: 1, items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lista: 7,
      puntaje: 87.5,
      porcentajeLista: 0,
      clasificacion: 'Aceptable',
    });
  });
  it('two first saves of a year at once leave one version 1 (the loser, if any, a 409)', async () => {
    const payload = { trabajadores: 80, claseRiesgo: 3, items: todos('cumple') };
    const res = await Promise.all([put(B, 2018, payload), put(B, 2018, payload)]);
    for (const r of res) expect([200, 409], r.body).toContain(r.statusCode);
    expect(res.some((r) => r.statusCode === 200)).toBe(true);
    const conflicto = res.find((r) => r.statusCode === 409);
    if (conflicto) expect(conflicto.json().message).toBe(MSG.autoevaluacionGuardadaALaVez);
    expect((await filas(2018)).map((f) => f.version)).toEqual([1]);
  });
});

describe('self-evaluation: refusals, nothing saved', () => {
  it('an unknown code: the bare Spanish message naming it', async () => {
    const res = await put(A, 2023, {
      trabajadores: 60,
      claseRiesgo: 1,
      items: [{ codigo: '8.1.1', respuesta: 'cumple' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.autoevaluacionCodigoDesconocido('8.1.1'));
    const cero = await put(A, 2023, { trabajadores: 0, claseRiesgo: 1, items: [] });
    expect(cero.statusCode).toBe(400);
    expect(cero.json().message).toBe(MSG.autoevaluacionTrabajadores);
    expect(await filas(2023)).toEqual([]);
  });

  it("'no_aplica' without justification on an item of the company's list", async () => {
    const res = await put(A, 2023, {
      trabajadores: 60,
      claseRiesgo: 1,
      items: [{ codigo: '1.1.5', respuesta: 'no_aplica' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.autoevaluacionNoAplicaSinJustificacion('1.1.5'));
    expect(await filas(2023)).toEqual([]);
    // Outside a 7-item list it needs none.
    const fuera = await put(A, 2023, {
      trabajadores: 3,
      claseRiesgo: 1,
      items: [{ codigo: '1.1.5', respuesta: 'no_aplica' }],
    });
    expect(fuera.statusCode, fuera.body).toBe(200);
  });

  it('signing an incomplete evaluation, or a year with nothing saved', async () => {
    const antes = (await e05()).length;
    const vacio = await app.inject({ method: 'POST', url: url(2019, '/firmar'), headers: A, payload: FIRMA });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toBe(MSG.autoevaluacionNoGuardada(2019));
    const res = await app.inject({ method: 'POST', url: url(2023, '/firmar'), headers: A, payload: FIRMA });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^La autoevaluación no está completa/);
    expect(res.json().message).toContain(MSG.autoevaluacionSinRespuesta('1.1.1'));
    expect((await filas(2023)).map((f) => f.estado)).toEqual(['borrador']);
    expect(await e05()).toHaveLength(antes);
    const sinAcepto = await app.inject({
      method: 'POST',
      url: url(2023, '/firmar'),
      headers: A,
      payload: { ...FIRMA, acepto: false },
    });
    expect(sinAcepto.statusCode).toBe(400);
    expect(sinAcepto.json().message).toBe(MSG.autoevaluacionFirmaAcepto);
  });
});

describe('self-evaluation: signing', () => {
  const ANO = 2025;
  // 2.4.1 weighs 2 and 4.2.6 weighs 2.5 (Tabla de Valores): 100 - 4.5 = 95.5.
  const NO_CUMPLIDOS = ['2.4.1', '4.2.6'];
  const items = ESTANDARES_0312.map((e) => ({
    codigo: e.codigo,
    respuesta: NO_CUMPLIDOS.includes(e.codigo) ? 'no_cumple' : e.codigo === '4.1.3' ? 'no_aplica' : 'cumple',
    justificacion: e.codigo === '4.1.3' ? 'No se manipulan sustancias carcinógenas' : undefined,
  }));
  const plan = NO_CUMPLIDOS.map((codigo) => ({
    codigo,
    actividad: `Acción para ${codigo}`,
    responsable: 'Coordinador SST',
    plazo: '2026-11-30',
    recursos: 'Presupuesto SST',
    estado: 'pendiente',
  }));

  it('stores the signed PDF as the E05 submission, freezes the version, and a later PUT is a new version', async () => {
    // An approved E07 of the company is suggested for items 1.1.1 and 1.2.3 (its base_legal).
    const e07 = await requisitoId(app, 'sg-sst', 'E07');
    const [{ id: empresaA }] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM empresas WHERE nit = ${CONTRACTOR_A.username}`,
    );
    const [{ id: entregaE07 }] = await query<{ id: number }>(
      app.db,
      sql`INSERT INTO entregas (empresa_id, requisito_id, comentario, estado)
          VALUES (${empresaA}, ${e07}, 'Acta de designación', ${ESTADO.APROBADO}) RETURNING id::int AS id`,
    );

    const guardada = await put(A, ANO, { trabajadores: 60, claseRiesgo: 2, items, plan });
    expect(guardada.statusCode, guardada.body).toBe(200);
    const g = guardada.json();
    expect(g).toMatchObject({
      version: 1,
      estado: 'borrador',
      puntaje: 95.5,
      clasificacion: 'Aceptable',
      errores: [],
    });
    expect(g.plan.every((a: { vencida: boolean }) => a.vencida)).toBe(true);
    const sugerido = g.items.find((i: { codigo: string }) => i.codigo === '1.2.3');
    expect(sugerido.sugerencias).toEqual([
      expect.objectContaining({ entregaId: entregaE07, requisito: 'E07' }),
    ]);

    const antes = (await e05()).length;
    const res = await app.inject({ method: 'POST', url: url(ANO, '/firmar'), headers: A, payload: FIRMA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'firmada', message: MSG.autoevaluacionFirmada(ANO) });
    const nuevas = (await e05()).slice(antes);
    expect(nuevas).toHaveLength(1);
    const [fechas] = await query<{ fecha_expedicion: string }>(
      app.db,
      sql`SELECT fecha_expedicion::text FROM entregas WHERE id = ${nuevas[0].id}`,
    );
    expect(fechas.fecha_expedicion).toBe(HOY);
    expect(nuevas[0].comentario).toBe(MSG.autoevaluacionComentarioE05(ANO, '95.50', 'Aceptable'));
    expect(res.json().entregaId).toBe(nuevas[0].id);
    const [fila] = await filas(ANO);
    expect(fila).toMatchObject({ version: 1, estado: 'firmada', entrega_id: nuevas[0].id });

    // The PDF: poppler reads the items' codes, the score and the signers; the first page is not blank.
    const bytes = await blobStoreFor(app.config.dataDir).read(nuevas[0].sha256!);
    const pdf = path.join(tmp, 'e05.pdf');
    writeFileSync(pdf, bytes);
    if (process.env.AUTOEVALUACION_PDF) writeFileSync(process.env.AUTOEVALUACION_PDF, bytes);
    const texto = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
    for (const codigo of ['1.1.1', '2.4.1', '4.2.6', '7.1.4']) expect(texto).toContain(codigo);
    expect(texto).toContain('Calificación total: 95,50 %');
    expect(texto).toContain('Ana María Pérez');
    expect(texto).toContain('Acción para 2.4.1');
    expect(texto).toMatch(/Ley 599\s+de\s+2000/);
    // Every date reads dd/mm/aaaa (decision 168): the plan's deadline, the signing time; never ISO.
    expect(texto).toContain('30/11/2026');
    expect(texto).toMatch(/Firmada en el portal el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(texto).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', pdf, path.join(tmp, 'p')]);
    const png = readFileSync(path.join(tmp, 'p-1.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const gris = execFileSync('pdftoppm', ['-gray', '-r', '20', '-f', '1', '-l', '1', pdf]);
    // PGM: 'P5 <width> <height> 255' then one byte per pixel; count the dark ones (text and rules).
    const [cabecera, ancho, alto] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(gris.toString('latin1', 0, 40))!;
    const pixeles = gris.subarray(cabecera.length);
    expect(pixeles.length).toBe(Number(ancho) * Number(alto));
    const oscuros = [...pixeles].filter((v) => v < 128).length;
    expect(oscuros).toBeGreaterThan(200);

    // Signing again is refused; answers to the signed year make version 2, the signed one stays.
    const otra = await app.inject({ method: 'POST', url: url(ANO, '/firmar'), headers: A, payload: FIRMA });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toBe(MSG.autoevaluacionYaFirmada(ANO));
    const correccion = await put(A, ANO, { trabajadores: 60, claseRiesgo: 2, items: todos('cumple') });
    expect(correccion.statusCode, correccion.body).toBe(200);
    expect(correccion.json()).toMatchObject({ version: 2, estado: 'borrador', puntaje: 100, firma: null });
    const [v1, v2] = await filas(ANO);
    expect(v1).toMatchObject({ version: 1, estado: 'firmada', entrega_id: nuevas[0].id });
    expect(
      (v1.respuestas as { respuesta: string }[]).filter((r) => r.respuesta === 'no_cumple'),
    ).toHaveLength(2);
    expect(v2).toMatchObject({ version: 2, estado: 'borrador', entrega_id: null });
  });

  it('isolation: B never sees A’s evaluation', async () => {
    const res = await app.inject({ method: 'GET', url: url(ANO), headers: B });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 0, firma: null });
  });

  it('staff list: each active company’s latest version of the year, the others listed apart', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/revision/autoevaluaciones?ano=${ANO}`,
      headers: R,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const a = body.autoevaluaciones.find((f: { nit: string }) => f.nit === CONTRACTOR_A.username);
    expect(a).toMatchObject({ ano: ANO, puntaje: 100, firmada: false, completa: true, lista: 60 });
    expect(body.sinAutoevaluacion.map((f: { nit: string }) => f.nit)).toContain(CONTRACTOR_B.username);
    const firmada2021 = await app.inject({
      method: 'GET',
      url: '/api/revision/autoevaluaciones?ano=2021',
      headers: R,
    });
    const b = firmada2021
      .json()
      .autoevaluaciones.find((f: { nit: string }) => f.nit === CONTRACTOR_B.username);
    expect(b).toMatchObject({ puntaje: 0, clasificacion: 'Crítico', noCumplidos: 60, accionesVencidas: 0 });
    const negado = await app.inject({
      method: 'GET',
      url: `/api/revision/autoevaluaciones?ano=${ANO}`,
      headers: A,
    });
    expect(negado.statusCode).toBe(403);
  });

  it('reads the standards a catalogue base_legal names', () => {
    expect(codigosDeBaseLegal('Resolución 0312 de 2019 estándares 1.1.1 y 1.2.3')).toEqual([
      '1.1.1',
      '1.2.3',
    ]);
    expect(codigosDeBaseLegal('Decreto 1072 de 2015 art. 2.2.4.6.8')).toEqual([]);
  });
});
