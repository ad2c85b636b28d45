import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, sumarDias } from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B } from '../../test/app';
import { hoyDe } from '../../test/revision';
import { contractIds, firstCargo, postEmployee, validEmployee } from '../../test/empleados';

/** A worker's withdrawal from a contract (docs/decisions/132), on PGlite or DATABASE_URL. */
describe('withdrawing a worker from a contract', async () => {
  const app = await createTestApp();
  const [A, B] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, CONTRACTOR_B)];
  const [contratoId] = await contractIds(app, '900123456');
  const cargo = await firstCargo(app, A);
  const numero = '1023456789';
  const saved = await postEmployee(
    app,
    A,
    validEmployee(cargo.id, { numerodocumento: numero, contratoid: contratoId }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const empleadoId = saved.json().id as number;
  const hoy = hoyDe(app);

  const retiro = (fecha: string, headers = A, contrato = contratoId) =>
    app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/retiro',
      headers,
      payload: { contratoid: contrato, tipodocumento: 'CC', numerodocumento: '1.023.456.789', fecha },
    });
  const vinculados = (headers = A) =>
    app.inject({
      method: 'GET',
      url: `/api/contratista/empleados/vinculados?contratoid=${contratoId}`,
      headers,
    });
  const link = async () =>
    (
      await query<{ activo: boolean; fecha_retiro: string | null }>(
        app.db,
        sql`SELECT activo, fecha_retiro::text AS fecha_retiro FROM empleados_contratos
             WHERE empleado_id = ${empleadoId} AND contrato_id = ${contratoId}`,
      )
    )[0];
  const retiros = async () =>
    (
      await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'empleado.retirado'`,
      )
    )[0].n;

  it("lists the contract's workers with their entry date", async () => {
    const res = await vinculados();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual({
      tipodocumento: 'CC',
      numerodocumento: numero,
      nombre: 'JUAN CARLOS PÉREZ GÓMEZ',
      fechaIngreso: '2026-01-12',
      activo: true,
      fechaRetiro: null,
    });
  });

  it('refuses a date after today, before the entry date or not a date, and writes nothing', async () => {
    const cases: Array<[string, string]> = [
      [sumarDias(hoy, 1), MSG.retiroFechaFutura],
      ['2026-01-11', MSG.retiroFechaAntesIngreso('2026-01-12')],
      ['2026-02-30', MSG.retiroFechaRequerida],
      ['15/02/2026', MSG.retiroFechaRequerida],
    ];
    for (const [fecha, message] of cases) {
      const res = await retiro(fecha);
      expect(res.statusCode, fecha).toBe(400);
      expect(res.json().message, fecha).toBe(message);
    }
    expect(await link()).toEqual({ activo: true, fecha_retiro: null });
    expect(await retiros()).toBe(0);
  });

  it("gives another company 404 on A's contract and worker, and changes nothing", async () => {
    const res = await retiro('2026-02-15', B);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('PÉREZ');
    expect((await vinculados(B)).statusCode).toBe(404);
    expect(await link()).toEqual({ activo: true, fecha_retiro: null });
  });

  it('withdraws on the entry date or later: inactive link, exit date, audit, listed as withdrawn', async () => {
    const res = await retiro('2026-02-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.retiroGuardado('JUAN CARLOS PÉREZ GÓMEZ', '2026-02-15'));
    expect(res.json().trabajador).toMatchObject({ activo: false, fechaRetiro: '2026-02-15' });
    expect(await link()).toEqual({ activo: false, fecha_retiro: '2026-02-15' });
    expect(await retiros()).toBe(1);
    const [auditRow] = await query<{ datos: unknown; empresa_id: number }>(
      app.db,
      sql`SELECT datos, empresa_id FROM auditoria WHERE evento = 'empleado.retirado'`,
    );
    expect(auditRow.datos).toEqual({ empleadoId, contratoId, fecha: '2026-02-15' });
    expect((await vinculados()).json()).toContainEqual(
      expect.objectContaining({ numerodocumento: numero, activo: false, fechaRetiro: '2026-02-15' }),
    );
    const employee = await app.inject({
      method: 'GET',
      url: `/api/contratista/empleados/CC/${numero}`,
      headers: A,
    });
    expect(employee.json().contratos).not.toContain(contratoId);
  });

  it('refuses a second withdrawal with the first date (409)', async () => {
    const res = await retiro('2026-03-01');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.retiroYaRetirado('2026-02-15'));
    expect(await link()).toEqual({ activo: false, fecha_retiro: '2026-02-15' });
  });

  it('linking the worker again clears the withdrawal', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/contratista/empleados/CC/${numero}/contratos`,
      headers: A,
      payload: { contratoid: contratoId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await link()).toEqual({ activo: true, fecha_retiro: null });
  });

  it('a worker never linked to the contract gets 404 with its own message', async () => {
    const other = await postEmployee(app, A, validEmployee(cargo.id, { numerodocumento: '52111222' }));
    expect(other.statusCode, other.body).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/retiro',
      headers: A,
      payload: {
        contratoid: contratoId,
        tipodocumento: 'CC',
        numerodocumento: '52111222',
        fecha: '2026-02-15',
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.retiroNoVinculado);
  });
});
