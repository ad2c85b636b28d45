import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ESTANDARES_0312, HABILITACION_MSG } from '@proveedores/domain';
import { query } from '../../db/client';
import { instanteBogota } from '../../compliance/agreement/world';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { ADMIN } from '../../test/revision';

/**
 * The minimum Resolución 0312 score per contract type (docs/decisions/142), through the API on a real
 * database: the admin edits it (validated, audited), the contract list and the staff summary mark
 * 'No habilitado', a new contract of the type is refused with nothing saved, which evaluation counts
 * (signed, this year or last; never a draft), the staff screen's overdue actions and history, isolation.
 */
const HOY = '2026-03-10';
describe('minimum 0312 score per contract type', async () => {
  const app = await createTestApp({ clock: manualClock(instanteBogota(HOY, 10, 0)) });
  const [A, B, R, ADM] = [
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, ADMIN),
  ];
  const api = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const [maestras] = (await api('GET', '/api/contratista/maestras', A)).json();
  const nuevo = (tipo: number) => ({
    descripcion: 'Contrato de prueba de habilitación',
    idProyecto: maestras.proyectos[0].id,
    idActividad: maestras.actividad[0].id,
    idTipocontrato: tipo,
  });
  const contratos = async (empresaNit: string) =>
    Number(
      (
        await query<{ n: number }>(
          app.db,
          sql`SELECT count(*)::int AS n FROM contratos c JOIN empresas e ON e.id = c.empresa_id WHERE e.nit = ${empresaNit}`,
        )
      )[0].n,
    );
  const empresaId = async (nit: string) =>
    (await query<{ id: number }>(app.db, sql`SELECT id FROM empresas WHERE nit = ${nit}`))[0].id;
  const lista = async (headers: Record<string, string>) =>
    (await api('GET', '/api/contratista', headers)).json()[0].contratos as Array<{
      id: number;
      tipocontrato_id: number;
      habilitacion: { habilitado: boolean; motivo: string; mensaje: string | null; puntaje: number | null };
    }>;
  // The signers are the company's registered ones (docs/decisions/163), set before the first signature.
  const FIRMANTES = {
    representante: { nombre: 'Ana María Pérez', documento: '1020304050' },
    responsable: { nombre: 'Luis Gómez Ríos', documento: '79000111' },
  };
  const FIRMA = { acepto: true };
  /** 60 items, all met but 1.1.1 (0.5 points): 99.5, with one plan action due `plazo`. */
  const casiTodo = (plazo: string) => ({
    trabajadores: 80,
    claseRiesgo: 3,
    items: ESTANDARES_0312.map((e) => ({
      codigo: e.codigo,
      respuesta: e.codigo === '1.1.1' ? 'no_cumple' : 'cumple',
    })),
    plan: [
      {
        codigo: '1.1.1',
        actividad: 'Designar responsable',
        responsable: 'Gerencia',
        plazo,
        recursos: 'Tiempo',
      },
    ],
  });
  const firmar = async (headers: Record<string, string>, ano: number, body: object) => {
    const put = await api('PUT', `/api/contratista/autoevaluacion/${ano}`, headers, body);
    expect(put.statusCode, put.body).toBe(200);
    const firmantes = await api('PUT', '/api/contratista/empresa/firmantes', headers, FIRMANTES);
    expect(firmantes.statusCode, firmantes.body).toBe(200);
    const res = await api('POST', `/api/contratista/autoevaluacion/${ano}/firmar`, headers, FIRMA);
    expect(res.statusCode, res.body).toBe(200);
  };

  let tipoId = 0;
  let contratoA = 0;

  it('the admin sets the minimum on a contract type: empty = off, 0-100 with two decimals, audited', async () => {
    const creado = await api('POST', '/api/admin/maestras/tipos-contrato', ADM, {
      descripcion: 'Obra habilitada',
    });
    expect(creado.statusCode, creado.body).toBe(200);
    expect(creado.json().item.puntajeMinimo0312).toBeNull();
    tipoId = creado.json().item.id;
    // Before any minimum: A gets a contract of the type.
    const c = await api('POST', '/api/contratista/contratos', A, nuevo(tipoId));
    expect(c.statusCode, c.body).toBe(200);
    contratoA = c.json().id;
    expect((await lista(A)).find((x) => x.id === contratoA)?.habilitacion).toMatchObject({
      habilitado: true,
      motivo: 'sin_minimo',
    });

    for (const bad of [100.5, -1, 85.123, 'ochenta'])
      expect(
        (
          await api('PUT', `/api/admin/maestras/tipos-contrato/${tipoId}`, ADM, { puntajeMinimo0312: bad })
        ).json().message,
      ).toBe(HABILITACION_MSG.habMinimoInvalido);
    const antes = await query(app.db, sql`SELECT id FROM auditoria WHERE evento = 'maestra.saved'`);
    const res = await api('PUT', `/api/admin/maestras/tipos-contrato/${tipoId}`, ADM, {
      puntajeMinimo0312: 99.75,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.puntajeMinimo0312).toBe(99.75);
    const despues = await query(app.db, sql`SELECT id FROM auditoria WHERE evento = 'maestra.saved'`);
    expect(despues.length).toBe(antes.length + 1);
    // A reviewer may read but not edit master data.
    expect(
      (await api('PUT', `/api/admin/maestras/tipos-contrato/${tipoId}`, R, { puntajeMinimo0312: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it('with no signed evaluation: the contract shows No habilitado and a new one is refused, nothing saved', async () => {
    const mio = (await lista(A)).find((x) => x.id === contratoA)!;
    expect(mio.habilitacion).toMatchObject({
      habilitado: false,
      motivo: 'sin_autoevaluacion',
      puntaje: null,
    });
    expect(mio.habilitacion.mensaje).toBe(HABILITACION_MSG.habSinAutoevaluacion(99.75));
    // Other types have no minimum.
    for (const c of (await lista(A)).filter((x) => x.tipocontrato_id !== tipoId))
      expect(c.habilitacion.motivo).toBe('sin_minimo');

    const antes = await contratos(CONTRACTOR_A.username);
    const res = await api('POST', '/api/contratista/contratos', A, nuevo(tipoId));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      HABILITACION_MSG.habContratoRechazado('Obra habilitada', 99.75, null, null),
    );
    expect(res.json().message).toContain('"Obra habilitada"');
    expect(await contratos(CONTRACTOR_A.username)).toBe(antes);
    // Another type is still accepted.
    const otro = maestras.tipoContrato.find((t: { id: number }) => t.id !== tipoId).id;
    expect((await api('POST', '/api/contratista/contratos', A, nuevo(otro))).statusCode).toBe(200);
  });

  it("last year's signed evaluation counts; a draft of this year does not; below the minimum is named", async () => {
    await firmar(A, 2025, casiTodo('2025-12-31'));
    let mio = (await lista(A)).find((x) => x.id === contratoA)!;
    expect(mio.habilitacion).toMatchObject({ habilitado: false, motivo: 'puntaje_bajo', puntaje: 99.5 });
    expect(mio.habilitacion.mensaje).toBe(HABILITACION_MSG.habPuntajeBajo(99.5, 99.75, 2025));
    const rechazo = await api('POST', '/api/contratista/contratos', A, nuevo(tipoId));
    expect(rechazo.json().message).toBe(
      HABILITACION_MSG.habContratoRechazado('Obra habilitada', 99.75, 99.5, 2025),
    );

    // A perfect DRAFT this year changes nothing.
    const todo = {
      trabajadores: 80,
      claseRiesgo: 3,
      items: ESTANDARES_0312.map((e) => ({ codigo: e.codigo, respuesta: 'cumple' })),
    };
    expect((await api('PUT', '/api/contratista/autoevaluacion/2026', A, todo)).statusCode).toBe(200);
    expect((await lista(A)).find((x) => x.id === contratoA)!.habilitacion.habilitado).toBe(false);

    // Lowering the minimum to the score: equal meets it.
    await api('PUT', `/api/admin/maestras/tipos-contrato/${tipoId}`, ADM, { puntajeMinimo0312: 99.5 });
    mio = (await lista(A)).find((x) => x.id === contratoA)!;
    expect(mio.habilitacion).toMatchObject({ habilitado: true, motivo: 'cumple', puntaje: 99.5, ano: 2025 });
    const ok = await api('POST', '/api/contratista/contratos', A, nuevo(tipoId));
    expect(ok.statusCode, ok.body).toBe(200);
    await api('PUT', `/api/admin/maestras/tipos-contrato/${tipoId}`, ADM, { puntajeMinimo0312: 99.75 });
  });

  it('staff summary marks No habilitado contracts per company and per contract', async () => {
    const idA = await empresaId(CONTRACTOR_A.username);
    const idB = await empresaId(CONTRACTOR_B.username);
    const todas = (await api('GET', '/api/revision/cumplimiento', R)).json() as Array<{
      empresaId: number;
      contratosNoHabilitados: number;
    }>;
    // A: the first contract and the one accepted at 99.5 are below 99.75.
    expect(todas.find((e) => e.empresaId === idA)?.contratosNoHabilitados).toBe(2);
    expect(todas.find((e) => e.empresaId === idB)?.contratosNoHabilitados).toBe(0);
    const det = (await api('GET', `/api/revision/cumplimiento/${idA}`, R)).json();
    const c = det.contratos.find((x: { contratoId: number }) => x.contratoId === contratoA);
    expect(c.habilitacion).toMatchObject({ habilitado: false, motivo: 'puntaje_bajo', minimo: 99.75 });
    expect(det.contratos[0].habilitacion).toBeUndefined();
    // Isolation: B's list never shows A's contracts, and B is not judged by A's evaluation.
    expect((await lista(B)).some((x) => x.id === contratoA)).toBe(false);
  });

  it('the staff screen: version, overdue plan actions with days overdue, history by year', async () => {
    await firmar(B, 2026, casiTodo('2026-02-01'));
    const idB = await empresaId(CONTRACTOR_B.username);
    const res = await api('GET', '/api/revision/autoevaluaciones?ano=2026', R);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.autoevaluaciones.find((f: { empresaid: number }) => f.empresaid === idB)).toMatchObject({
      version: 1,
      puntaje: 99.5,
      firmada: true,
      accionesVencidas: 1,
    });
    expect(body.vencidas.filter((v: { empresaid: number }) => v.empresaid === idB)).toEqual([
      {
        empresaid: idB,
        razonSocial: expect.any(String),
        codigo: '1.1.1',
        actividad: 'Designar responsable',
        responsable: 'Gerencia',
        plazo: '2026-02-01',
        diasVencida: 37,
      },
    ]);
    const idA = await empresaId(CONTRACTOR_A.username);
    const h = await api('GET', `/api/revision/autoevaluaciones/${idA}`, R);
    expect(h.statusCode, h.body).toBe(200);
    expect(
      h
        .json()
        .versiones.map((v: { ano: number; version: number; firmada: boolean }) => [
          v.ano,
          v.version,
          v.firmada,
        ]),
    ).toEqual([
      [2026, 1, false],
      [2025, 1, true],
    ]);
    expect(h.json().vigente).toEqual({ ano: 2025, version: 1, puntaje: 99.5 });
    expect((await api('GET', `/api/revision/autoevaluaciones/999999`, R)).statusCode).toBe(404);
    expect((await api('GET', `/api/revision/autoevaluaciones/${idA}`, A)).statusCode).toBe(403);
  });
});
