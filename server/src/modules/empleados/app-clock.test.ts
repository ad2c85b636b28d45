import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYEE_FIELDS,
  hoyEnColombia,
  inicioDiaColombia,
  MIN_WORKER_AGE,
  MSG,
  sumarDias,
  sumarMeses,
} from '@proveedores/domain';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../../test/app';
import { adjuntoXlsx, filaValida, llenarPlantilla } from '../../test/importacion';
import { contractIds, firstCargo, postEmployee, validEmployee } from '../../test/empleados';

/**
 * Ages and dates of a worker are judged on the app's clock, not the machine's (decision 174): the
 * app runs a year behind the wall clock, and the worker turns MIN_WORKER_AGE on the app's tomorrow,
 * so on the wall clock they are already old enough and on the app's day they are not.
 */
const hoyReal = hoyEnColombia(new Date());
const HOY = sumarMeses(hoyReal, -12);
const MANANA = sumarDias(HOY, 1);
const NACIMIENTO = sumarDias(sumarMeses(HOY, -12 * MIN_WORKER_AGE), 1);
const INGRESO = sumarDias(HOY, 30);
const mediodia = (dia: string) => new Date(inicioDiaColombia(dia).getTime() + 12 * 3_600_000);
const clock = manualClock(mediodia(HOY));
const app = await createTestApp({ clock });

describe('the worker form and the roster import on the app clock', () => {
  let a: Record<string, string>;
  let cargo: { id: number; descripcion: string };
  let contrato: number;

  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
    cargo = await firstCargo(app, a);
    [contrato] = await contractIds(app, CONTRACTOR_A.username);
  });

  it('the worker is old enough on the wall clock but not on the app day (the premise)', () => {
    expect(hoyReal > NACIMIENTO).toBe(true);
    expect(sumarMeses(NACIMIENTO, 12 * MIN_WORKER_AGE) <= hoyReal).toBe(true);
    expect(sumarMeses(NACIMIENTO, 12 * MIN_WORKER_AGE)).toBe(MANANA);
  });

  it('the form: refused the day before they turn the minimum age, accepted on the day', async () => {
    const body = validEmployee(cargo.id, {
      numerodocumento: '1099887766',
      fecha_nacimiento: NACIMIENTO,
      fecini_seg_social: INGRESO,
    });
    clock.set(mediodia(HOY));
    const antes = await postEmployee(app, a, body);
    expect(antes.statusCode, antes.body).toBe(400);
    expect(antes.json().message).toBe(MSG.workerUnderMinimumAge);

    clock.set(mediodia(MANANA));
    const despues = await postEmployee(app, a, body);
    expect(despues.statusCode, despues.body).toBe(200);
  });

  it('the roster import: the same row is refused, then planned, as the app day turns', async () => {
    const fila = filaValida(7001, cargo.descripcion, {
      fecha_nacimiento: new Date(`${NACIMIENTO}T00:00:00Z`),
      fecini_seg_social: new Date(`${INGRESO}T00:00:00Z`),
    });
    const plantilla = (
      await app.inject({ method: 'GET', url: '/api/contratista/empleados/importacion/plantilla', headers: a })
    ).rawPayload;
    const bytes = await llenarPlantilla(plantilla, [fila]);
    const previsualizar = () =>
      app.inject({
        method: 'POST',
        url: '/api/contratista/empleados/importacion/previsualizar',
        headers: a,
        payload: { contratoid: contrato, adjunto: adjuntoXlsx(bytes) },
      });

    clock.set(mediodia(HOY));
    const antes = await previsualizar();
    expect(antes.statusCode, antes.body).toBe(200);
    expect(antes.json().errores).toEqual([
      { fila: 2, columna: EMPLOYEE_FIELDS.fecha_nacimiento, mensaje: MSG.workerUnderMinimumAge },
    ]);
    const importado = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/importacion/importar',
      headers: a,
      payload: { contratoid: contrato, adjunto: adjuntoXlsx(bytes), confirmar: true },
    });
    expect(importado.statusCode, importado.body).toBe(200);
    expect(importado.json().resumen).toMatchObject({ creados: 0, rechazados: 1 });

    clock.set(mediodia(MANANA));
    const despues = await previsualizar();
    expect(despues.statusCode, despues.body).toBe(200);
    expect(despues.json().errores).toEqual([]);
    expect(despues.json().resumen).toMatchObject({ creados: 1, rechazados: 0 });
  });
});
