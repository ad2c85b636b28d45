import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sumarDias, aptitudObra, aptitudTrabajador, type AptitudTrabajador } from '@proveedores/domain';
import { z } from 'zod';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';
import { aptitudDe } from '../../compliance/aptitud-sql';
import {
  escribirCaso,
  instanteBogota,
  loadCatalogo,
  tokenContratista,
  type Catalogo,
  type Mundo,
} from '../../compliance/agreement/world';

/**
 * Fitness for site access (docs/decisions/121) through the API, on a real database (PGlite, or
 * PostgreSQL with DATABASE_URL): every reason kind, the day an item expires, heights items only for
 * heights work, temporary authorizations, company isolation, the staff project view and 'dentro'.
 */

const HOY = '2026-03-10';
const clock = manualClock(instanteBogota(HOY, 10, 0));
const app = await createTestApp({ clock });
let cat: Catalogo;
let revisor: Record<string, string>;
let revisorId: number;

beforeAll(async () => {
  await app.ready();
  cat = await loadCatalogo(app);
  revisor = await authHeaders(app, REVIEWER);
  revisorId = (
    await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM usuarios WHERE username = ${DEMO.reviewer.username}`,
    )
  )[0].id;
});

const actividad = (alturas: boolean) =>
  cat.actividades.findIndex((a) => a.alturas === alturas && !a.espacios_confinados && !a.flota);

/** A company with one active contract (heights or not) and `empleados` workers linked to it. */
async function empresa(opts: { alturas: boolean; empleados?: number }): Promise<Mundo> {
  clock.set(instanteBogota(HOY, 10, 0));
  return escribirCaso(app, cat, {
    ahora: instanteBogota(HOY, 10, 0),
    contratos: [
      {
        actividad: actividad(opts.alturas),
        activo: true,
        inicio: { tipo: 'atras', meses: 2, dia: 'primero' },
      },
    ],
    empleados: opts.empleados ?? 1,
    vinculos: Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? 'activo' : 'ninguno')),
    entregas: [],
    detalleVacio: 0,
  });
}

const req = (codigo: string) => {
  for (const [id, c] of codigoDe) if (c === codigo) return id;
  throw new Error(`no ${codigo}`);
};
const codigoDe = new Map<number, string>();
beforeAll(async () => {
  for (const r of await query<{ id: number; codigo: string }>(app.db, sql`SELECT id, codigo FROM requisitos`))
    codigoDe.set(r.id, r.codigo);
});

type Entrega = { codigo: string; estado: -1 | 0 | 1; vigencia?: string | null; empleado?: number };

/** Submissions written directly (newest last): sg-sst for the company, sg-personal for a worker. */
async function entregar(m: Mundo, entregas: Entrega[]) {
  for (const e of entregas) {
    const id = req(e.codigo);
    const personal = e.codigo.startsWith('P');
    await query(
      app.db,
      sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado, vigencia_hasta, motivo_rechazo)
          VALUES (${m.empresaId}, ${personal ? m.contratos[0].id : null}, ${id},
                  ${personal ? m.empleados[e.empleado ?? 0].id : null}, 'prueba', ${e.estado},
                  ${e.vigencia ?? null}::date, ${e.estado === -1 ? 'Ilegible' : null})`,
    );
  }
}

/** Every SG-SST and SG-personal item approved (validity `vigencia`, null = does not end). */
async function aprobarTodo(m: Mundo, vigencia: string | null = null, empleado = 0) {
  const codigos = [...codigoDe.entries()]
    .filter(([id]) => ['sg-sst', 'sg-personal'].includes(cat.requisitos.find((r) => r.id === id)!.modulo))
    .map(([, c]) => c);
  await entregar(
    m,
    codigos.map((codigo) => ({ codigo, estado: 1 as const, vigencia, empleado })),
  );
}

/**
 * Removes the approvals of items `codigos`: an approval in force keeps counting under a newer
 * submission awaiting review or rejected (a renewal, docs/decisions/164), so a reason about such a
 * submission needs an item that was never approved.
 */
async function sinAprobar(m: Mundo, codigos: string[]) {
  await query(
    app.db,
    sql`DELETE FROM entregas WHERE empresa_id = ${m.empresaId} AND estado = 1
         AND requisito_id = ANY(${`{${codigos.map(req).join(',')}}`}::int[])`,
  );
}

async function leer(m: Mundo, fecha?: string): Promise<AptitudTrabajador[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/contratista/trabajadores/aptitud?contratoid=${m.contratos[0].id}${fecha ? `&fecha=${fecha}` : ''}`,
    headers: await tokenContratista(app, m),
  });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(aptitudTrabajador).parse(res.json());
}

/** The reviewer asks for a one-day authorization (today) of worker `i` of the company's contract. */
const autorizarHoy = (m: Mundo, i = 0) =>
  app.inject({
    method: 'POST',
    url: '/api/revision/aptitud/autorizaciones',
    headers: revisor,
    payload: { empleadoId: m.empleados[i].id, contratoId: m.contratos[0].id, motivo: 'Urgencia', hasta: HOY },
  });

describe('fitness for site access', () => {
  it('is apto with everything approved; vence is the day after the earliest validity end', async () => {
    const m = await empresa({ alturas: true });
    await aprobarTodo(m);
    await entregar(m, [{ codigo: 'P04', estado: 1, vigencia: '2026-03-31' }]);
    const [w] = await leer(m);
    expect(w).toMatchObject({
      empleadoId: m.empleados[0].id,
      contratoid: m.contratos[0].id,
      apto: true,
      motivos: [],
      items: [],
      vence: '2026-04-01',
      autorizacion: null,
      nit: m.nit,
    });
  });

  it('names each reason: pending approval, expired on its date, not uploaded, rejected', async () => {
    const m = await empresa({ alturas: true });
    await aprobarTodo(m);
    await sinAprobar(m, ['P09', 'P13', 'E06']);
    await entregar(m, [
      { codigo: 'P09', estado: 0 },
      { codigo: 'P10', estado: 1, vigencia: '2026-03-09' },
      { codigo: 'P13', estado: -1 },
      { codigo: 'E06', estado: -1 },
    ]);
    await query(
      app.db,
      sql`DELETE FROM entregas WHERE empresa_id = ${m.empresaId} AND requisito_id = ${req('P11')}`,
    );
    const [w] = await leer(m);
    expect(w.apto).toBe(false);
    expect(w.vence).toBeNull();
    expect(w.motivos).toEqual([
      'Concepto médico ocupacional de ingreso pendiente por aprobar',
      'Certificado de trabajo en alturas vencido el 09/03/2026',
      'Reentrenamiento en alturas por vinculación al proyecto no cargado',
      'Inducción SST rechazada',
      'Política de SST rechazada',
    ]);
    expect(w.items.map((i) => [i.codigo, i.codEstado, i.modulo, i.empleadoId])).toEqual([
      ['P09', 0, 'sg-personal', m.empleados[0].id],
      ['P10', 9, 'sg-personal', m.empleados[0].id],
      ['P11', -2, 'sg-personal', m.empleados[0].id],
      ['P13', -1, 'sg-personal', m.empleados[0].id],
      ['E06', -1, 'sg-sst', null],
    ]);
  });

  it('stops being apto the day after the validity ends, in Bogotá', async () => {
    const m = await empresa({ alturas: false });
    await aprobarTodo(m);
    await entregar(m, [{ codigo: 'P09', estado: 1, vigencia: HOY }]);
    expect((await leer(m))[0]).toMatchObject({ apto: true, vence: '2026-03-11' });
    // 23:59 in Bogotá is already the 11th in UTC: still the 10th here.
    clock.set(instanteBogota(HOY, 23, 59));
    expect((await leer(m))[0]).toMatchObject({ apto: true, vence: '2026-03-11' });
    clock.set(instanteBogota('2026-03-11', 0, 1));
    expect((await leer(m))[0]).toMatchObject({
      apto: false,
      motivos: ['Concepto médico ocupacional de ingreso vencido el 10/03/2026'],
    });
    // An explicit day answers for that day, whatever the clock.
    expect((await leer(m, HOY))[0].apto).toBe(true);
    clock.set(instanteBogota(HOY, 10, 0));
  });

  it('asks for the heights certificate and re-training only when the activity involves heights', async () => {
    const llano = await empresa({ alturas: false });
    const alto = await empresa({ alturas: true });
    for (const m of [llano, alto]) {
      await aprobarTodo(m);
      await query(
        app.db,
        sql`DELETE FROM entregas WHERE empresa_id = ${m.empresaId}
             AND requisito_id IN (${req('P10')}, ${req('P11')}, ${req('E18')})`,
      );
    }
    expect((await leer(llano))[0]).toMatchObject({ apto: true, motivos: [] });
    expect((await leer(alto))[0]).toMatchObject({
      apto: false,
      motivos: [
        'Certificado de trabajo en alturas no cargado',
        'Reentrenamiento en alturas por vinculación al proyecto no cargado',
        'Programa de protección contra caídas no cargado',
      ],
    });
  });

  it('a temporary authorization makes the worker apto until its last day, keeps the reasons, is audited and revocable', async () => {
    const m = await empresa({ alturas: true });
    await aprobarTodo(m);
    await sinAprobar(m, ['P14']);
    await entregar(m, [{ codigo: 'P14', estado: -1 }]);
    const body = (hasta: string, empleadoId = m.empleados[0].id) => ({
      empleadoId,
      contratoId: m.contratos[0].id,
      motivo: 'Examen médico programado para mañana',
      hasta,
    });
    const post = (payload: Record<string, unknown>, headers = revisor) =>
      app.inject({ method: 'POST', url: '/api/revision/aptitud/autorizaciones', headers, payload });

    // Limits: from today to today + 7; the worker must be linked to the contract; staff only.
    expect((await post(body(sumarDias(HOY, -1)))).statusCode).toBe(400);
    const tarde = await post(body(sumarDias(HOY, 8)));
    expect(tarde.statusCode).toBe(400);
    expect(tarde.json().message).toBe('La autorización temporal debe terminar entre hoy y dentro de 7 días.');
    const otro = await empresa({ alturas: false });
    expect((await post(body(HOY, otro.empleados[0].id))).statusCode).toBe(404);
    expect((await post(body(HOY), await tokenContratista(app, m))).statusCode).toBe(403);

    const res = await post(body(sumarDias(HOY, 7)));
    expect(res.statusCode, res.body).toBe(200);
    const aut = res.json() as { id: number; hasta: string; otorgadaPor: string };
    expect(aut).toMatchObject({ hasta: '2026-03-17', otorgadaPor: DEMO.reviewer.nombre });
    const [audit] = await query<{ usuario_id: number; empresa_id: number; datos: Record<string, unknown> }>(
      app.db,
      sql`SELECT usuario_id, empresa_id, datos FROM auditoria WHERE evento = 'autorizacion.otorgada'
           AND (datos->>'autorizacionId')::int = ${aut.id}`,
    );
    expect(audit).toMatchObject({
      usuario_id: revisorId,
      empresa_id: m.empresaId,
      datos: { empleadoId: m.empleados[0].id, contratoId: m.contratos[0].id, hasta: '2026-03-17' },
    });

    const [w] = await leer(m);
    expect(w).toMatchObject({
      apto: true,
      motivos: ['Registro de entrega de EPP rechazado'],
      vence: '2026-03-18',
      autorizacion: { id: aut.id, hasta: '2026-03-17', motivo: 'Examen médico programado para mañana' },
    });
    expect((await leer(m, '2026-03-17'))[0].apto).toBe(true);
    expect((await leer(m, '2026-03-18'))[0]).toMatchObject({ apto: false, autorizacion: null });
    expect((await leer(m, '2026-03-09'))[0].apto).toBe(false); // before it was granted

    const revocar = () =>
      app.inject({
        method: 'POST',
        url: `/api/revision/aptitud/autorizaciones/${aut.id}/revocar`,
        headers: revisor,
      });
    expect((await revocar()).statusCode).toBe(200);
    expect((await revocar()).statusCode).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/revision/aptitud/autorizaciones/999999/revocar',
          headers: revisor,
        })
      ).statusCode,
    ).toBe(404);
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'autorizacion.revocada'
           AND (datos->>'autorizacionId')::int = ${aut.id}`,
    );
    expect(n).toBe(1);
    expect((await leer(m))[0]).toMatchObject({ apto: false, autorizacion: null, vence: null });
  });

  it('an authorization stands in only for what the law lets be waived: never ARL, heights or the medical concept (decision 182)', async () => {
    const m = await empresa({ alturas: true });
    await aprobarTodo(m);
    await sinAprobar(m, ['P05', 'P14']);
    // Without ARL affiliation: refused, naming it and why.
    const sinArl = await autorizarHoy(m);
    expect(sinArl.statusCode).toBe(400);
    expect(sinArl.json().message).toContain(
      '• Certificado de afiliación a ARL no cargado (Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3)',
    );
    expect(sinArl.json().message).toContain('Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3');
    expect(sinArl.json().message).not.toContain('EPP');
    // With ARL approved, only the EPP record missing: granted, apto.
    await entregar(m, [{ codigo: 'P05', estado: 1 }]);
    expect((await autorizarHoy(m)).statusCode).toBe(200);
    expect((await leer(m))[0]).toMatchObject({
      apto: true,
      motivos: ['Registro de entrega de EPP no cargado'],
    });
    // The heights certificate then rejected: the authorization does not lift it, and says so.
    await sinAprobar(m, ['P10']);
    await entregar(m, [{ codigo: 'P10', estado: -1 }]);
    const [w] = await leer(m);
    expect(w).toMatchObject({ apto: false, vence: null });
    expect(w.motivos).toEqual([
      'Certificado de trabajo en alturas rechazado: no se dispensa con una autorización temporal (Resolución 4272 de 2021 arts. 9 y 61)',
      'Registro de entrega de EPP no cargado',
    ]);
    expect(w.items.map((i) => [i.codigo, i.dispensable])).toEqual([
      ['P10', false],
      ['P14', true],
    ]);
  });

  it('a minor is never apto on heights work, even with every document and an authorization (decision 181)', async () => {
    const m = await empresa({ alturas: true, empleados: 2 });
    await aprobarTodo(m, null, 0);
    await aprobarTodo(m, null, 1);
    const nacimiento = async (i: number, fecha: string) =>
      query(
        app.db,
        sql`UPDATE empleados SET datos = datos || jsonb_build_object('fecha_nacimiento', ${fecha}::text)
             WHERE id = ${m.empleados[i].id}`,
      );
    await nacimiento(0, '2009-03-11'); // 16 on HOY, 17 tomorrow
    await nacimiento(1, '2008-03-10'); // 18 on HOY
    const res = await autorizarHoy(m);
    // No authorization is granted for the minor, and one on record does not lift the bar.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Menor de edad (16 años)');
    await query(
      app.db,
      sql`INSERT INTO autorizaciones_temporales (empleado_id, contrato_id, motivo, desde, hasta, otorgada_por)
          VALUES (${m.empleados[0].id}, ${m.contratos[0].id}, 'Urgencia', ${HOY}::date, ${HOY}::date, ${revisorId})`,
    );
    const [menor, mayor] = [...(await leer(m))].sort((a, b) => a.empleadoId - b.empleadoId);
    expect(menor).toMatchObject({ apto: false, vence: null, items: [] });
    expect(menor.motivos).toHaveLength(1);
    expect(menor.motivos[0]).toMatch(
      new RegExp(
        `^Menor de edad \\(16 años\\): la actividad «${m.contratos[0].actividad}» es trabajo en alturas`,
      ),
    );
    expect(menor.motivos[0]).toContain('Resolución 4272 de 2021 art. 61 lit. j');
    expect(mayor).toMatchObject({ apto: true, motivos: [] });
    // The same worker on work without heights of risk class III: apto; of class IV: not.
    const actividadId = m.contratos[0].actividadId;
    const [{ clase }] = await query<{ clase: number }>(
      app.db,
      sql`SELECT clase_riesgo AS clase FROM actividades WHERE id = ${actividadId}`,
    );
    const cambiar = (alturas: boolean, c: number) =>
      query(
        app.db,
        sql`UPDATE actividades SET alturas = ${alturas}, clase_riesgo = ${c} WHERE id = ${actividadId}`,
      );
    const delMenor = async () => (await leer(m)).find((w) => w.empleadoId === m.empleados[0].id)!;
    try {
      await cambiar(false, 3);
      expect(await delMenor()).toMatchObject({ apto: true });
      await cambiar(false, 4);
      expect((await delMenor()).motivos[0]).toContain(
        'es trabajo de riesgo clase IV, prohibido a menores de 18 años',
      );
    } finally {
      await cambiar(true, clase);
    }
  });

  it("contractor B cannot read contractor A's contract", async () => {
    const a = await empresa({ alturas: false });
    const b = await empresa({ alturas: false });
    const res = await app.inject({
      method: 'GET',
      url: `/api/contratista/trabajadores/aptitud?contratoid=${a.contratos[0].id}`,
      headers: await tokenContratista(app, b),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(a.empleados[0].numero);
    const staff = await app.inject({
      method: 'GET',
      url: `/api/contratista/trabajadores/aptitud?contratoid=${a.contratos[0].id}`,
      headers: revisor,
    });
    expect(staff.statusCode).toBe(403);
  });

  it('staff see a project (or one contract of it) with who is inside from the gate records', async () => {
    const a = await empresa({ alturas: false, empleados: 2 });
    const b = await empresa({ alturas: false });
    await aprobarTodo(a, null, 0);
    await aprobarTodo(a, null, 1);
    const proyectoId = (
      await query<{ p: number }>(
        app.db,
        sql`SELECT proyecto_id AS p FROM contratos WHERE id = ${a.contratos[0].id}`,
      )
    )[0].p;
    await query(
      app.db,
      sql`UPDATE contratos SET proyecto_id = ${proyectoId} WHERE id = ${b.contratos[0].id}`,
    );
    const registro = (empleado: number, contrato: number, tipo: string, at: Date) =>
      query(
        app.db,
        sql`INSERT INTO registros_porteria (cliente_id, proyecto_id, contrato_id, empleado_id, tipo, at, guardia_id)
            VALUES (${randomUUID()}, ${proyectoId}, ${contrato}, ${empleado}, ${tipo}, ${at.toISOString()}::timestamptz, ${revisorId})`,
      );
    const [w0, w1] = a.empleados.map((e) => e.id);
    // Worker 0: in at 07:00, out at 12:00, in again at 22:30 (03:30 UTC the next day): inside.
    await registro(w0, a.contratos[0].id, 'entrada', instanteBogota(HOY, 7, 0));
    await registro(w0, a.contratos[0].id, 'salida', instanteBogota(HOY, 12, 0));
    await registro(w0, a.contratos[0].id, 'entrada', instanteBogota(HOY, 22, 30));
    // Worker 1: in yesterday only: not inside today.
    await registro(w1, a.contratos[0].id, 'entrada', instanteBogota('2026-03-09', 8, 0));

    const ver = async (q: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/revision/aptitud?proyectoid=${proyectoId}${q}`,
        headers: revisor,
      });
      expect(res.statusCode, res.body).toBe(200);
      return z.array(aptitudObra).parse(res.json());
    };
    const todas = await ver(`&fecha=${HOY}`);
    expect(todas.map((r) => r.contratoid).sort()).toEqual(
      [a.contratos[0].id, a.contratos[0].id, b.contratos[0].id].sort(),
    );
    expect(todas.find((r) => r.empleadoId === w0)).toMatchObject({
      apto: true,
      dentro: true,
      ultimoRegistro: instanteBogota(HOY, 22, 30).toISOString(),
    });
    expect(todas.find((r) => r.empleadoId === w1)).toMatchObject({ dentro: false, ultimoRegistro: null });
    expect(todas.find((r) => r.contratoid === b.contratos[0].id)).toMatchObject({
      apto: false,
      dentro: false,
    });
    // The day before: worker 1 inside, worker 0 not yet.
    const ayer = await ver('&fecha=2026-03-09');
    expect(ayer.find((r) => r.empleadoId === w1)?.dentro).toBe(true);
    expect(ayer.find((r) => r.empleadoId === w0)?.dentro).toBe(false);

    const soloB = await ver(`&contratoid=${b.contratos[0].id}`);
    expect(soloB.map((r) => r.empleadoId)).toEqual([b.empleados[0].id]);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/revision/aptitud?proyectoid=${proyectoId}`,
          headers: await tokenContratista(app, a),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/revision/aptitud?proyectoid=999999', headers: revisor }))
        .statusCode,
    ).toBe(404);
    // The SQL entry point other modules call, scoped by worker.
    const solo = await aptitudDe(app.db, { fecha: HOY, proyectoId, empleadoId: w1 });
    expect(solo.map((r) => r.empleadoId)).toEqual([w1]);
  });
});
