import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, type HorasHombreFila } from '@proveedores/domain';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { clockOf } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B, REVIEWER } from '../../test/app';
import { diasTrabajados, type Marca } from './horas-hombre';

/** Colombian wall time -> instant (Colombia is UTC-5 all year). */
const co = (local: string) => new Date(`${local}:00-05:00`);
const m = (tipo: string, local: string, empleadoId = 1): Marca => ({ empleadoId, tipo, at: co(local) });

describe('man-hours rule (docs/decisions/123)', () => {
  it('counts first entry to last exit of the day; re-entries inside do not add', () => {
    const d = diasTrabajados(
      [
        m('entrada', '2026-03-02T07:00'),
        m('salida', '2026-03-02T12:00'),
        m('entrada', '2026-03-02T13:00'),
        m('salida', '2026-03-02T17:30'),
      ],
      8,
    );
    expect(d).toEqual([{ empleadoId: 1, dia: '2026-03-02', horas: 10.5, sinSalida: false }]);
  });

  it('gives a night shift to the Colombian day of its entry', () => {
    const d = diasTrabajados([m('salida', '2026-03-04T06:00'), m('entrada', '2026-03-03T22:00')], 8);
    expect(d).toEqual([{ empleadoId: 1, dia: '2026-03-03', horas: 8, sinSalida: false }]);
  });

  it('counts the configured shift for a day without an exit, and ignores an exit with no entry', () => {
    const d = diasTrabajados(
      [
        m('entrada', '2026-03-05T07:00'),
        // The next day's entry closes the window: yesterday had no exit.
        m('entrada', '2026-03-06T07:00'),
        m('salida', '2026-03-06T15:00'),
        m('salida', '2026-03-08T10:00'),
      ],
      10,
    );
    expect(d).toEqual([
      { empleadoId: 1, dia: '2026-03-05', horas: 10, sinSalida: true },
      { empleadoId: 1, dia: '2026-03-06', horas: 8, sinSalida: false },
    ]);
    // An exit more than 24 h after the entry is not that day's.
    expect(diasTrabajados([m('entrada', '2026-03-10T07:00'), m('salida', '2026-03-11T08:00')], 8)).toEqual([
      { empleadoId: 1, dia: '2026-03-10', horas: 8, sinSalida: true },
    ]);
  });
});

describe('GET /api/revision/horas-hombre and /api/contratista/horas-hombre', async () => {
  const app = await createTestApp();
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0];
  const [hR, hA, hB] = [
    await authHeaders(app, REVIEWER),
    await authHeaders(app, CONTRACTOR_A),
    await authHeaders(app, CONTRACTOR_B),
  ];
  const empresaA = (
    await one<{ id: number }>(sql`SELECT id FROM empresas WHERE nit = ${DEMO.companies[0].nit}`)
  ).id;
  const base = await one<{ actividad_id: number; tipo_contrato_id: number; proyecto_id: number }>(
    sql`SELECT actividad_id, tipo_contrato_id, proyecto_id FROM contratos WHERE empresa_id = ${empresaA} LIMIT 1`,
  );
  // A project of its own, so that no other record counts.
  const proyecto = (
    await one<{ id: number }>(
      sql`INSERT INTO proyectos (descripcion) VALUES ('Obra horas hombre') RETURNING id`,
    )
  ).id;
  const contrato = (
    await one<{ id: number }>(
      sql`INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, fecha_inicio)
          VALUES (${empresaA}, 'Contrato horas hombre', ${proyecto}, ${base.actividad_id}, ${base.tipo_contrato_id},
                  ${hoyEnColombia(clockOf(app.config).now())})
          RETURNING id`,
    )
  ).id;
  const guardia = (
    await one<{ id: number }>(sql`SELECT id FROM usuarios WHERE username = ${REVIEWER.username}`)
  ).id;
  const worker = async (numero: string) =>
    (
      await one<{ id: number }>(
        sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
            VALUES (${empresaA}, 'CC', ${numero}, 'OBRERO', ${numero}) RETURNING id`,
      )
    ).id;
  const W1 = await worker('2000000001');
  const W2 = await worker('2000000002');
  const rec = async (empleadoId: number, tipo: string, local: string) =>
    query(
      app.db,
      sql`INSERT INTO registros_porteria (cliente_id, proyecto_id, contrato_id, empleado_id, tipo, at, guardia_id)
          VALUES (${randomUUID()}, ${proyecto}, ${contrato}, ${empleadoId}, ${tipo}, ${co(local).toISOString()}::timestamptz, ${guardia})`,
    );
  // W1: a 10 h day, a night shift (8 h), a day without exit (TURNO_HORAS = 8), an exit alone.
  await rec(W1, 'entrada', '2026-03-02T07:00');
  await rec(W1, 'salida', '2026-03-02T17:00');
  await rec(W1, 'entrada', '2026-03-03T22:00');
  await rec(W1, 'salida', '2026-03-04T06:00');
  await rec(W1, 'entrada', '2026-03-05T07:00');
  await rec(W1, 'salida', '2026-03-09T10:00');
  // W2: a night shift from March's last day into April: March's.
  await rec(W2, 'entrada', '2026-03-31T22:00');
  await rec(W2, 'salida', '2026-04-01T06:00');
  // February's last night: not March's, though its exit is on March 1st.
  await rec(W2, 'entrada', '2026-02-28T22:00');
  await rec(W2, 'salida', '2026-03-01T06:00');

  const expected: HorasHombreFila = {
    nit: DEMO.companies[0].nit,
    razonSocial: DEMO.companies[0].razonSocial,
    proyectoid: proyecto,
    proyecto: 'Obra horas hombre',
    ano: 2026,
    mes: 3,
    horas: 34,
    dias: 4,
    trabajadores: 2,
    diasSinSalida: 1,
  };

  it('sums per contractor, project and month for staff', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/revision/horas-hombre?proyectoid=${proyecto}&ano=2026&mes=3`,
      headers: hR,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expected]);
    const feb = await app.inject({
      method: 'GET',
      url: `/api/revision/horas-hombre?proyectoid=${proyecto}&ano=2026&mes=2`,
      headers: hR,
    });
    expect(feb.json()).toEqual([
      { ...expected, mes: 2, horas: 8, dias: 1, trabajadores: 1, diasSinSalida: 0 },
    ]);
    const apr = await app.inject({
      method: 'GET',
      url: `/api/revision/horas-hombre?proyectoid=${proyecto}&ano=2026&mes=4`,
      headers: hR,
    });
    expect(apr.json()).toEqual([]);
    const all = await app.inject({
      method: 'GET',
      url: '/api/revision/horas-hombre?ano=2026&mes=3',
      headers: hR,
    });
    expect(all.json()).toContainEqual(expected);
    expect(
      (await app.inject({ method: 'GET', url: '/api/revision/horas-hombre?ano=2026&mes=13', headers: hR }))
        .statusCode,
    ).toBe(400);
  });

  it("gives a contractor its own contract's rows, and refuses another company's contract", async () => {
    const url = `/api/contratista/horas-hombre?contratoid=${contrato}&ano=2026&mes=3`;
    const res = await app.inject({ method: 'GET', url, headers: hA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expected]);
    const b = await app.inject({ method: 'GET', url, headers: hB });
    expect(b.statusCode).toBe(404);
    expect(b.body).not.toContain(DEMO.companies[0].nit);
    expect((await app.inject({ method: 'GET', url, headers: hR })).statusCode).toBe(403);
  });
});
