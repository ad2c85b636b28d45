import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, rosterContenido, type RegistrosRespuesta } from '@proveedores/domain';
import { registrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';
import { aprobarNoDispensables } from '../../test/aptitud';
import { gateWorld } from '../../test/porteria';

/**
 * The gate does not believe the phone (docs/decisions/160): fitness on the server's Colombian day,
 * the stored verdict the server's with the device's beside it, a record's time flagged when it cannot
 * be right, an entry of a person who is not apto marked (with the guard's reason, or as an alert),
 * and another project's carnet naming nobody.
 */
describe('site gate: the server decides', async () => {
  const clock = manualClock('2026-03-10T15:00:00Z'); // 10:00 in Colombia
  const app = await createTestApp({ clock });
  const { one, c1, P1, P2, worker, gateUser, credencial, post, registro } = await gateWorld(app, clock);
  // W1 may enter on March 10 and 11 only, by a temporary authorization; W2 never (no documents).
  const W1 = await worker('3000000001', { apellidos: 'VEREDICTO' });
  const W2 = await worker('3000000002', { apellidos: 'VEREDICTO' });
  const hR = await authHeaders(app, REVIEWER);
  // What no authorization stands in for approved first (decision 182).
  await aprobarNoDispensables(app.db, { contratoId: c1.id, empleadoId: W1 });
  const aut = await app.inject({
    method: 'POST',
    url: '/api/revision/aptitud/autorizaciones',
    headers: hR,
    payload: { empleadoId: W1, contratoId: c1.id, motivo: 'Documentos en trámite', hasta: '2026-03-11' },
  });
  expect(aut.statusCode, aut.body).toBe(200);

  const hG1 = await authHeaders(app, await gateUser('guardia.v1', [P1]));
  const hG2 = await authHeaders(app, await gateUser('guardia.v2', [P2]));

  const valida = await credencial(W1, false);
  const revocada = await credencial(W2, true);

  const record = (over: Record<string, unknown> = {}) =>
    registro({ numerodocumento: '3000000002', apto: true, motivos: [], ...over });
  const send = async (payload: object, headers = hG1) => {
    const res = await post(headers, '/api/porteria/registros', payload);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RegistrosRespuesta).registros[0]!;
  };
  const stored = (id: number) =>
    one<{
      apto: boolean | null;
      motivos: string[];
      apto_dispositivo: boolean | null;
      motivo_excepcion: string | null;
      marcas: string[];
      empleado_id: number | null;
      contrato_id: number | null;
      credencial_id: number | null;
    }>(
      sql`SELECT apto, motivos, apto_dispositivo, motivo_excepcion, marcas, empleado_id, contrato_id, credencial_id
            FROM registros_porteria WHERE id = ${id}`,
    );
  const verificar = async (payload: object, headers = hG1) => {
    const res = await post(headers, '/api/porteria/verificar', payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { apto: boolean; motivos: string[]; trabajador: unknown; credencialId: unknown };
  };

  it("judges fitness on the server's Colombian day, whatever fecha the phone sends", async () => {
    clock.set('2026-03-12T15:00:00Z'); // the authorization ended yesterday
    const doc = { proyectoid: P1, tipodocumento: 'CC', numerodocumento: '3000000001' };
    expect(await verificar({ ...doc, fecha: '2026-03-11' })).toMatchObject({ apto: false });
    expect(await verificar({ ...doc, codigo: undefined, fecha: '2026-03-10' })).toMatchObject({
      apto: false,
    });
    expect(await verificar({ proyectoid: P1, codigo: valida.codigo, fecha: '2026-03-11' })).toMatchObject({
      apto: false,
      credencialId: valida.id,
    });
    // The roster too is of the server's day, whatever day it is asked for.
    const res = await app.inject({
      method: 'GET',
      url: `/api/porteria/roster?proyectoid=${P1}&fecha=2026-03-11`,
      headers: hG1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const roster = rosterContenido.parse(JSON.parse((res.json() as { contenido: string }).contenido));
    expect(roster.fecha).toBe('2026-03-12');
    expect(roster.trabajadores.find((t) => t.empleadoId === W1)?.apto).toBe(false);
    clock.set('2026-03-11T15:00:00Z');
    expect(await verificar(doc)).toMatchObject({ apto: true });
  });

  it("stores the server's verdict with the device's beside it; a not-apto entry is an alert", async () => {
    clock.set('2026-03-11T16:00:00Z');
    const phoneSaid = await send(record());
    expect(phoneSaid.marcas).toEqual(['ingreso_no_apto']);
    const row = await stored(phoneSaid.id);
    expect(row).toMatchObject({ apto: false, apto_dispositivo: true, motivo_excepcion: null });
    expect(row.motivos.length).toBeGreaterThan(0);
    // Let in by the guard with a reason: recorded, marked, the reason kept.
    clock.set('2026-03-11T16:10:00Z');
    const motivo = 'Ingreso a recoger su casco, acompañado por el residente';
    const excepcion = await send(record({ apto: false, motivoExcepcion: motivo }));
    expect(excepcion.marcas).toEqual(['ingreso_excepcional']);
    expect(await stored(excepcion.id)).toMatchObject({ apto: false, motivo_excepcion: motivo });
    // An exit needs no reason and is no alert; an apto worker's entry carries no mark.
    const salida = await send(record({ tipo: 'salida', motivoExcepcion: motivo }));
    expect(salida.marcas).toEqual([]);
    expect(await stored(salida.id)).toMatchObject({ motivo_excepcion: null });
    const apto = await send(record({ numerodocumento: '3000000001', apto: false }));
    expect(apto.marcas).toEqual([]);
    expect(await stored(apto.id)).toMatchObject({ apto: true, apto_dispositivo: false, motivos: [] });
    // A reason of fewer than 5 characters is refused.
    expect((await post(hG1, '/api/porteria/registros', record({ motivoExcepcion: 'ok' }))).statusCode).toBe(
      400,
    );
    // The day's summary for staff counts them.
    const dia = await app.inject({
      method: 'GET',
      url: `/api/revision/porteria/registros?proyectoid=${P1}&fecha=2026-03-11`,
      headers: hR,
    });
    const body = registrosDiaRespuesta.parse(dia.json());
    expect(body).toMatchObject({ ingresosNoAptos: 2, alertas: 2 });
    expect(body.registros.find((r) => r.id === excepcion.id)).toMatchObject({
      motivoExcepcion: motivo,
      aptoDispositivo: false,
      flags: ['ingreso_excepcional'],
    });
  });

  it('keeps the time of an offline record but flags it when it cannot be right', async () => {
    clock.set('2026-03-11T20:00:00Z');
    // Exits (no fitness mark); those of a day without an entry also say 'salida_sin_entrada'.
    const HORA = ['hora_futura', 'registro_tardio', 'anterior_a_lista'];
    const horaDe = (marcas: string[]) => marcas.filter((m) => HORA.includes(m));
    const ok = await send(record({ tipo: 'salida', at: '2026-03-11T16:30:00Z' })); // 3.5 h in the queue
    expect(ok.marcas).toEqual([]);
    const futura = await send(record({ tipo: 'salida', at: '2035-01-01T12:00:00Z' }));
    expect(horaDe(futura.marcas)).toEqual(['hora_futura']);
    const vieja = await send(record({ tipo: 'salida', at: '2020-01-01T12:00:00Z' }));
    expect(horaDe(vieja.marcas)).toEqual(['registro_tardio']);
    const antes = await send(
      record({ tipo: 'salida', at: '2026-03-11T17:00:00Z', rosterGeneradoAt: '2026-03-11T18:00:00Z' }),
    );
    expect(antes.marcas).toEqual(['anterior_a_lista']);
    const despues = await send(
      record({ tipo: 'salida', at: '2026-03-11T19:00:00Z', rosterGeneradoAt: '2026-03-11T18:00:00Z' }),
    );
    expect(despues.marcas).toEqual([]);
    const stored2035 = await one<{ at: Date | string }>(
      sql`SELECT at FROM registros_porteria WHERE id = ${futura.id}`,
    );
    expect(new Date(stored2035.at).toISOString()).toBe('2035-01-01T12:00:00.000Z');
    // W1 is apto on March 11: a record of that day is judged on it; one dated 2035 on the server's day.
    clock.set('2026-03-12T10:00:00Z'); // 05:00 on March 12 in Colombia
    const ayer = await send(record({ numerodocumento: '3000000001', at: '2026-03-11T22:00:00Z' }));
    expect(await stored(ayer.id)).toMatchObject({ apto: true });
    expect(ayer.marcas).toEqual([]);
    const w1Futuro = await send(record({ numerodocumento: '3000000001', at: '2035-03-11T22:00:00Z' }));
    expect(w1Futuro.marcas).toEqual(['hora_futura', 'ingreso_no_apto']);
    expect(await stored(w1Futuro.id)).toMatchObject({ apto: false });
  });

  it("shows another project's carnet as only 'No pertenece a este proyecto' and charges nothing to it", async () => {
    clock.set('2026-03-11T15:00:00Z');
    for (const codigo of [valida.codigo, revocada.codigo])
      expect(await verificar({ proyectoid: P2, codigo }, hG2)).toEqual({
        apto: false,
        motivos: [MSG.credencialOtroProyecto],
        trabajador: null,
        credencialId: null,
      });
    const r = await send(record({ proyectoid: P2, codigo: valida.codigo, tipodocumento: undefined }), hG2);
    expect(r.marcas).toEqual(['trabajador_desconocido', 'ingreso_no_apto']);
    expect(await stored(r.id)).toMatchObject({ empleado_id: null, contrato_id: null, credencial_id: null });
  });

  it('records a revoked carnet at its own project as an alert', async () => {
    clock.set('2026-03-11T17:00:00Z');
    const r = await send(record({ codigo: revocada.codigo, tipodocumento: undefined }));
    expect(r.marcas).toEqual(['credencial_revocada', 'ingreso_no_apto']);
    expect(await stored(r.id)).toMatchObject({
      empleado_id: W2,
      credencial_id: revocada.id,
      apto: false,
      motivos: [MSG.credencialRevocada],
    });
  });
});
