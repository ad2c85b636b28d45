import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrosDiaRespuesta, credencialesStaffLista } from '@proveedores/domain/porteria/staff';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { upsertStaff } from '../../ops/staff';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER, type LoginAs } from '../../test/app';
import { aprobarNoDispensables } from '../../test/aptitud';

/**
 * Staff read the gate (docs/decisions/131): a project's records of one Colombian day, and the
 * credentials of a contract or a project. PGlite, or PostgreSQL with DATABASE_URL.
 */
describe("staff: the day's gate records and the project's credentials", async () => {
  const clock = manualClock('2026-03-10T15:00:00Z'); // 10:00 on 2026-03-10 in Colombia
  const app = await createTestApp({ clock });
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0];
  const ADMIN: LoginAs = {
    username: DEMO.admin.username,
    password: DEMO.adminPassword,
    path: '/api/login/authenticatead',
  };
  const empresaA = await one<{ id: number; nit: string; razon_social: string }>(
    sql`SELECT id, nit, razon_social FROM empresas WHERE nit = ${DEMO.companies[0].nit}`,
  );
  const c1 = await one<{ id: number; proyecto_id: number }>(
    sql`SELECT id, proyecto_id FROM contratos WHERE empresa_id = ${empresaA.id} ORDER BY id LIMIT 1`,
  );
  const P1 = c1.proyecto_id;
  const P2 = (
    await one<{ id: number }>(sql`SELECT id FROM proyectos WHERE id <> ${P1} AND activo ORDER BY id LIMIT 1`)
  ).id;
  const worker = async (numero: string, nombres: string) => {
    const { id } = await one<{ id: number }>(
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          VALUES (${empresaA.id}, 'CC', ${numero}, ${nombres}, 'REGISTRO') RETURNING id`,
    );
    await query(
      app.db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${id}, ${c1.id})`,
    );
    return id;
  };
  const ANA = await worker('2000000001', 'ANA');
  await worker('2000000002', 'BETO');
  const { password } = await upsertStaff(app.db, {
    username: 'guardia.registros',
    rol: 'porteria',
    correo: 'guardia.registros@constructora.co',
    proyectos: [P1, P2],
  });
  await query(
    app.db,
    sql`UPDATE usuarios SET must_change_password = false WHERE username = 'guardia.registros'`,
  );
  const G: LoginAs = { username: 'guardia.registros', password, path: '/api/login/authenticatead' };
  const guardia = (
    await one<{ nombre: string }>(sql`SELECT nombre FROM usuarios WHERE username = ${G.username}`)
  ).nombre;
  const revisor = (
    await one<{ nombre: string }>(sql`SELECT nombre FROM usuarios WHERE username = ${DEMO.reviewer.username}`)
  ).nombre;
  const [hG, hR, hA, hAdm] = [
    await authHeaders(app, G),
    await authHeaders(app, REVIEWER),
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, ADMIN),
  ];
  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });
  const rec = (at: string, over: Record<string, unknown> = {}) => ({
    clienteId: randomUUID(),
    proyectoid: P1,
    tipo: 'entrada',
    at,
    tipodocumento: 'CC',
    numerodocumento: '2000000001',
    apto: true,
    ...over,
  });
  // ANA may enter on March 10 by a temporary authorization (what none stands in for approved,
  // decision 182); BETO has no documents (not apto).
  await aprobarNoDispensables(app.db, { contratoId: c1.id, empleadoId: ANA });
  const autorizacion = await app.inject({
    method: 'POST',
    url: '/api/revision/aptitud/autorizaciones',
    headers: hR,
    payload: { empleadoId: ANA, contratoId: c1.id, motivo: 'Documentos en trámite', hasta: '2026-03-11' },
  });
  expect(autorizacion.statusCode, autorizacion.body).toBe(200);
  /** Sent a minute after its last record's time, as a gate with signal does (decision 160 flags others). */
  const send = async (payload: { at?: string; registros?: Array<{ at: string }>; enviadoAt?: string }) => {
    const ats = (payload.registros ?? [payload as { at: string }]).map((r) => Date.parse(r.at));
    clock.set(new Date(Math.max(...ats) + 60_000));
    const res = await app.inject({ method: 'POST', url: '/api/porteria/registros', headers: hG, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  // The day's edges: 00:00:00 and 23:59:59 of March 10 in Colombia are in; the evening before and
  // the next midnight are not.
  await send(rec('2026-03-10T04:30:00Z')); // 2026-03-09 23:30 Colombia (more than 60 s before the next)
  await send(rec('2026-03-10T05:00:00Z')); // 2026-03-10 00:00
  await send(
    rec('2026-03-10T12:00:00-05:00', {
      tipo: 'salida',
      numerodocumento: '2000000002',
      apto: false,
      motivos: ['Falta la afiliación a la ARL'],
    }),
  ); // an exit without an entry that day
  await send(rec('2026-03-10T13:00:00-05:00', { numerodocumento: '9999999999', apto: false })); // unknown
  await send({
    registros: [rec('2026-03-10T14:00:00-05:00', { numerodocumento: '2000000002' })],
    enviadoAt: '2026-03-10T19:11:00Z', // 10 minutes ahead of the server
  });
  await send(rec('2026-03-10T23:59:59-05:00', { tipo: 'salida' }));
  await send(rec('2026-03-11T00:00:00-05:00', { tipo: 'salida' })); // the next day
  await send(rec('2026-03-10T11:00:00-05:00', { proyectoid: P2 })); // another project
  clock.set('2026-03-10T15:00:00Z');

  it('lists the Colombian day of the project, newest first, with worker, company, guard and flags', async () => {
    const res = await get(hR, `/api/revision/porteria/registros?proyectoid=${P1}&fecha=2026-03-10`);
    expect(res.statusCode, res.body).toBe(200);
    const body = registrosDiaRespuesta.parse(res.json());
    expect(body.fecha).toBe('2026-03-10');
    expect(body.registros.map((r) => r.at)).toEqual([
      '2026-03-11T04:59:59.000Z',
      '2026-03-10T19:00:00.000Z',
      '2026-03-10T18:00:00.000Z',
      '2026-03-10T17:00:00.000Z',
      '2026-03-10T05:00:00.000Z',
    ]);
    const [ultima, desfasada, desconocido, sinEntrada, primera] = body.registros;
    expect(ultima).toMatchObject({ tipo: 'salida', nombre: 'ANA REGISTRO', flags: [], guardia });
    expect(primera).toMatchObject({
      tipo: 'entrada',
      tipodocumento: 'CC',
      numerodocumento: '2000000001',
      nit: empresaA.nit,
      razonSocial: empresaA.razon_social,
      contratoid: c1.id,
      apto: true,
      motivos: [],
    });
    // BETO is not apto: the server's verdict, whatever the phone showed, and his entry is an alert.
    expect(desfasada).toMatchObject({
      nombre: 'BETO REGISTRO',
      apto: false,
      aptoDispositivo: true,
      motivoExcepcion: null,
      flags: ['reloj_desfasado', 'ingreso_no_apto'],
    });
    expect(desfasada.motivos.length).toBeGreaterThan(0);
    expect(desconocido).toMatchObject({
      nombre: null,
      numerodocumento: null,
      contratoid: null,
      razonSocial: null,
      apto: false,
      flags: ['trabajador_desconocido', 'ingreso_no_apto'],
    });
    expect(body).toMatchObject({ ingresosNoAptos: 2, alertas: 2 });
    expect(sinEntrada).toMatchObject({
      tipo: 'salida',
      apto: false,
      aptoDispositivo: false,
      flags: ['salida_sin_entrada'],
    });
  });

  it("defaults to today in Colombia, the day before holds its own records, another project's stay out", async () => {
    const hoy = await get(hAdm, `/api/revision/porteria/registros?proyectoid=${P1}`);
    expect(hoy.statusCode).toBe(200);
    expect(hoy.json().fecha).toBe('2026-03-10');
    expect(hoy.json().registros).toHaveLength(5);
    const ayer = (await get(hR, `/api/revision/porteria/registros?proyectoid=${P1}&fecha=2026-03-09`)).json();
    expect(ayer.registros.map((r: { at: string }) => r.at)).toEqual(['2026-03-10T04:30:00.000Z']);
    const otro = (await get(hR, `/api/revision/porteria/registros?proyectoid=${P2}&fecha=2026-03-10`)).json();
    expect(otro.registros).toHaveLength(1);
  });

  it('is staff only and validates its query', async () => {
    const url = `/api/revision/porteria/registros?proyectoid=${P1}&fecha=2026-03-10`;
    expect((await get(hA, url)).statusCode).toBe(403);
    expect((await get(hG, url)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await get(hR, `/api/revision/porteria/registros?proyectoid=${P1}&fecha=2026-02-30`)).statusCode,
    ).toBe(400);
    expect((await get(hR, '/api/revision/porteria/registros')).statusCode).toBe(400);
    expect((await get(hR, '/api/revision/porteria/registros?proyectoid=999999')).statusCode).toBe(404);
  });

  it("lists a project's credentials with their contract, and who revoked one and why", async () => {
    const pdf = await get(hR, `/api/revision/credenciales/pdf?contratoid=${c1.id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const porContrato = credencialesStaffLista.parse(
      (await get(hR, `/api/revision/credenciales?contratoid=${c1.id}`)).json(),
    );
    const ana = porContrato.credenciales.find((c) => c.numerodocumento === '2000000001')!;
    expect(ana).toMatchObject({ contratoid: c1.id, nit: empresaA.nit, revocadaAt: null, revocadaPor: null });
    const rev = await app.inject({
      method: 'POST',
      url: `/api/revision/credenciales/${ana.id}/revocar`,
      headers: hR,
      payload: { motivo: 'Carné extraviado' },
    });
    expect(rev.statusCode, rev.body).toBe(200);
    const porProyecto = credencialesStaffLista.parse(
      (await get(hR, `/api/revision/credenciales?proyectoid=${P1}`)).json(),
    );
    const proyectoContratos = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM contratos WHERE proyecto_id = ${P1}`,
    );
    expect(porProyecto.credenciales.length).toBeGreaterThanOrEqual(porContrato.credenciales.length);
    for (const c of porProyecto.credenciales)
      expect(proyectoContratos.map((k) => k.id)).toContain(c.contratoid);
    expect(porProyecto.credenciales.find((c) => c.id === ana.id)).toMatchObject({
      motivo: 'Carné extraviado',
      revocadaPor: revisor,
      revocadaAt: clock.now().toISOString(),
    });
    const otro = credencialesStaffLista.parse(
      (await get(hR, `/api/revision/credenciales?proyectoid=${P2}`)).json(),
    );
    expect(otro.credenciales.some((c) => c.id === ana.id)).toBe(false);
    expect((await get(hR, '/api/revision/credenciales')).statusCode).toBe(400);
    expect((await get(hR, '/api/revision/credenciales?proyectoid=999999')).statusCode).toBe(404);
    expect((await get(hA, `/api/revision/credenciales?proyectoid=${P1}`)).statusCode).toBe(403);
  });
});
