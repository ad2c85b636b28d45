import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sumarDias } from '@proveedores/domain';
import { query } from '../db/client';
import { createTestApp } from '../test/app';
import { hoyDe } from '../test/revision';
import { aptitudDe } from './aptitud-sql';
import {
  companyCounts,
  computeCounts,
  CUMPLIMIENTO,
  withVersionsSql,
  type Versiones,
} from './company-counts';
import { loadEvidence } from './evidence-sql';
import { slotsSql } from './slots-sql';

/**
 * A worker's approved document counts on every contract of the same company (docs/decisions/138),
 * in every reader of the engine: the evidence list of one scope, the set of slots (summary, staff
 * compliance, reminders), fitness for site access and the per-company counts cache. PGlite by
 * default; PostgreSQL with DATABASE_URL.
 */
describe('worker documents reused across contracts', async () => {
  const app = await createTestApp();
  const db = app.db;
  afterAll(() => app.close());
  const hoy = hoyDe(app);
  let n = 0;

  const [general] = await query<{ id: number; codigo: string }>(
    db,
    sql`SELECT id, codigo FROM requisitos
         WHERE modulo = 'sg-personal' AND activo AND aplica_si IS NULL AND NOT opcional
           AND regla_vigencia->>'tipo' IS DISTINCT FROM 'por_proyecto'
         ORDER BY orden, id LIMIT 1`,
  );
  const [porProyecto] = await query<{ id: number; aplica_si: string | null }>(
    db,
    sql`SELECT id, aplica_si FROM requisitos
         WHERE modulo = 'sg-personal' AND activo AND regla_vigencia->>'tipo' = 'por_proyecto'
         ORDER BY orden, id LIMIT 1`,
  );
  const [actividad] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM actividades WHERE alturas AND espacios_confinados ORDER BY id LIMIT 1`,
  );
  const [tipo] = await query<{ id: number }>(db, sql`SELECT id FROM tipos_contrato ORDER BY id LIMIT 1`);

  /** A fresh company with contracts A and B on project X, C on project Y, one worker linked to all. */
  async function mundo() {
    const k = `${Date.now() % 1_000_000}${++n}`;
    const [e] = await query<{ id: number }>(
      db,
      sql`INSERT INTO empresas (nit, dv, razon_social, correo_contacto)
          VALUES (${`77${k}`.slice(0, 9).padEnd(9, '0')}, 0, ${`Reuso ${k}`}, ${`r${k}@example.test`}) RETURNING id`,
    );
    const proyectos = await query<{ id: number }>(
      db,
      sql`INSERT INTO proyectos (descripcion) VALUES (${`Obra X ${k}`}), (${`Obra Y ${k}`}) RETURNING id`,
    );
    const contrato = async (descripcion: string, proyectoId: number) =>
      (
        await query<{ id: number }>(
          db,
          sql`INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, fecha_inicio)
              VALUES (${e.id}, ${descripcion}, ${proyectoId}, ${actividad.id}, ${tipo.id}, ${sumarDias(hoy, -40)})
              RETURNING id`,
        )
      )[0].id;
    const A = await contrato('A', proyectos[0].id);
    const B = await contrato('B', proyectos[0].id);
    const C = await contrato('C', proyectos[1].id);
    const [w] = await query<{ id: number }>(
      db,
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
          VALUES (${e.id}, 'CC', ${`5${k}`}, 'Ana', 'Reuso') RETURNING id`,
    );
    await query(
      db,
      sql`INSERT INTO empleados_contratos (empleado_id, contrato_id)
          VALUES (${w.id}, ${A}), (${w.id}, ${B}), (${w.id}, ${C})`,
    );
    return { empresa: e.id, A, B, C, worker: w.id, numero: `5${k}` };
  }
  type M = Awaited<ReturnType<typeof mundo>>;

  async function entrega(
    m: M,
    contrato: number,
    requisito: number,
    estado: -1 | 0 | 1,
    vigencia: string | null = null,
    empresa = m.empresa,
  ) {
    const [r] = await query<{ id: number }>(
      db,
      sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado, vigencia_hasta)
          VALUES (${empresa}, ${contrato}, ${requisito}, ${m.worker}, 'doc', ${estado}, ${vigencia}) RETURNING id`,
    );
    return Number(r.id);
  }

  /** What each reader says about the worker's slot of `requisito` on `contrato`. */
  async function lee(m: M, contrato: number, requisito: number, dia = hoy) {
    const lista = await loadEvidence(db, {
      empresaId: m.empresa,
      contratoId: contrato,
      modulo: 'sg-personal',
      empleado: { tipo: 'CC', numero: m.numero },
      periodic: false,
      hoy: dia,
      warningDays: 30,
    });
    const [slot] = await query<{
      entrega_id: number | null;
      cod_estado: number;
      categoria: string | null;
      reuso_contrato_id: number | null;
      propia_id: number | null;
    }>(
      db,
      sql`${slotsSql({ empresa: { id: m.empresa }, modulo: 'sg-personal', hoy: dia, warningDays: 30 })}
          SELECT entrega_id, cod_estado, categoria, reuso_contrato_id, propia_id FROM slot
           WHERE contrato_id = ${contrato} AND empleado_id = ${m.worker} AND requisito_id = ${requisito}`,
    );
    const [apto] = await aptitudDe(db, { fecha: dia, contratoIds: [contrato], empleadoId: m.worker });
    const state = lista.states.get(`${requisito}::`);
    return {
      lista: state
        ? { cod: state.codEstado, id: state.idEntrega, reuso: state.reuso ?? null }
        : { cod: -2, id: null, reuso: null },
      slot: slot && {
        cod: Number(slot.cod_estado),
        id: slot.entrega_id === null ? null : Number(slot.entrega_id),
        reuso: slot.reuso_contrato_id,
        propia: slot.propia_id === null ? null : Number(slot.propia_id),
        categoria: slot.categoria,
      },
      falta: apto ? apto.items.some((i) => i.requisitoId === requisito) : null,
    };
  }

  it('an approval on contract A counts on B and C, with the contract it was made on', async () => {
    const m = await mundo();
    const antes = await lee(m, m.B, general.id);
    expect(antes.lista.cod).toBe(-2);
    expect(antes.slot.cod).toBe(-2);
    expect(antes.falta).toBe(true);

    const a = await entrega(m, m.A, general.id, 1, sumarDias(hoy, 100));
    for (const c of [m.B, m.C]) {
      const r = await lee(m, c, general.id);
      expect(r.lista).toMatchObject({ cod: 1, id: a, reuso: { contratoId: m.A, propia: null } });
      expect(r.lista.reuso?.contrato).toMatch(/^Obra X /);
      expect(r.slot).toEqual({ cod: 1, id: a, reuso: m.A, propia: null, categoria: null });
      expect(r.falta).toBe(false);
    }
    // Contract A shows its own submission, not a reuse.
    const own = await lee(m, m.A, general.id);
    expect(own.lista).toMatchObject({ cod: 1, id: a, reuso: null });
    expect(own.slot.reuso).toBeNull();
  });

  it('a newer own upload awaiting review (or rejected) on B leaves the reused approval in force, showing both', async () => {
    const m = await mundo();
    const a = await entrega(m, m.A, general.id, 1, null);
    const b = await entrega(m, m.B, general.id, 0);
    let r = await lee(m, m.B, general.id);
    expect(r.lista).toMatchObject({
      cod: 1,
      id: a,
      reuso: { contratoId: m.A, propia: { idEntrega: b, codEstado: 0 } },
    });
    expect(r.slot).toMatchObject({ cod: 1, id: a, reuso: m.A, propia: b });
    await query(db, sql`UPDATE entregas SET estado = -1, motivo_rechazo = 'ilegible' WHERE id = ${b}`);
    r = await lee(m, m.B, general.id);
    expect(r.lista.reuso?.propia).toMatchObject({ idEntrega: b, codEstado: -1 });
    expect(r.slot).toMatchObject({ cod: 1, id: a, propia: b });
    // B's own approval in force wins: no reuse.
    await query(db, sql`UPDATE entregas SET estado = 1, motivo_rechazo = NULL WHERE id = ${b}`);
    r = await lee(m, m.B, general.id);
    expect(r.lista).toMatchObject({ cod: 1, id: b, reuso: null });
    expect(r.slot).toMatchObject({ cod: 1, id: b, reuso: null, propia: null });
  });

  it('a per-project rule (heights re-training) reuses only a contract of the same project', async () => {
    const m = await mundo();
    const a = await entrega(m, m.A, porProyecto.id, 1, sumarDias(hoy, 200));
    const mismo = await lee(m, m.B, porProyecto.id);
    expect(mismo.lista).toMatchObject({ cod: 1, id: a, reuso: { contratoId: m.A } });
    expect(mismo.slot).toMatchObject({ cod: 1, id: a, reuso: m.A });
    const otro = await lee(m, m.C, porProyecto.id);
    expect(otro.lista).toMatchObject({ cod: -2, reuso: null });
    expect(otro.slot).toMatchObject({ cod: -2, id: null, reuso: null });
    expect(otro.falta).toBe(true);
  });

  it('the induction (P13) is of the work zone: reused on a contract of the same project only (decision 180)', async () => {
    const [p13] = await query<{ id: number }>(
      db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P13'`,
    );
    const m = await mundo();
    const a = await entrega(m, m.A, p13.id, 1, sumarDias(hoy, 200));
    expect((await lee(m, m.B, p13.id)).slot).toMatchObject({ cod: 1, id: a, reuso: m.A });
    const otro = await lee(m, m.C, p13.id);
    expect(otro.slot).toMatchObject({ cod: -2, id: null, reuso: null });
    expect(otro.falta).toBe(true);
  });

  it('an approval that ended yesterday is not reused; one ending today is, por vencer', async () => {
    const m = await mundo();
    const viejo = await entrega(m, m.A, general.id, 1, sumarDias(hoy, -1));
    let r = await lee(m, m.B, general.id);
    expect(r.lista).toMatchObject({ cod: -2, reuso: null });
    expect(r.slot).toMatchObject({ cod: -2, reuso: null, categoria: 'faltante' });
    // An own expired approval on B is replaced by a valid one of C.
    await entrega(m, m.B, general.id, 1, sumarDias(hoy, -3));
    const c = await entrega(m, m.C, general.id, 1, hoy);
    r = await lee(m, m.B, general.id);
    expect(r.lista).toMatchObject({ cod: 1, id: c, reuso: { contratoId: m.C } });
    expect(r.slot).toMatchObject({ cod: 1, id: c, reuso: m.C, categoria: 'porvencer' });
    // The next day neither counts: B's own expired approval shows again.
    r = await lee(m, m.B, general.id, sumarDias(hoy, 1));
    expect(r.lista).toMatchObject({ cod: 9, reuso: null });
    expect(r.slot).toMatchObject({ cod: 9, reuso: null });
    expect(viejo).toBeLessThan(c);
  });

  it('never reuses across companies', async () => {
    const m = await mundo();
    const otra = await mundo();
    // A row of another company naming this worker (bad data) must not count here.
    await entrega(m, otra.A, general.id, 1, null, otra.empresa);
    const r = await lee(m, m.B, general.id);
    expect(r.lista).toMatchObject({ cod: -2, reuso: null });
    expect(r.slot).toMatchObject({ cod: -2, reuso: null });
  });

  it('a worker withdrawn from A keeps the document; withdrawn from B, B owes nothing', async () => {
    const m = await mundo();
    const a = await entrega(m, m.A, general.id, 1, null);
    await query(
      db,
      sql`UPDATE empleados_contratos SET activo = false, fecha_retiro = ${hoy}
           WHERE empleado_id = ${m.worker} AND contrato_id = ${m.A}`,
    );
    expect((await lee(m, m.B, general.id)).slot).toMatchObject({ cod: 1, id: a, reuso: m.A });
    await query(
      db,
      sql`UPDATE empleados_contratos SET activo = false, fecha_retiro = ${hoy}
           WHERE empleado_id = ${m.worker} AND contrato_id = ${m.B}`,
    );
    expect((await lee(m, m.B, general.id)).slot).toBeUndefined();
    expect((await lee(m, m.C, general.id)).slot).toMatchObject({ cod: 1, id: a, reuso: m.A });
  });

  it("a decision on A's submission moves B's cached counts (decision 119's per-company counters)", async () => {
    const m = await mundo();
    const a = await entrega(m, m.A, general.id, 0);
    const versiones = () =>
      query<Versiones>(db, withVersionsSql(sql`SELECT id FROM empresas WHERE id = ${m.empresa}`));
    const aprobados = (rows: Array<{ modulo: string; aprobados: number }> | undefined) =>
      rows?.find((r) => r.modulo === 'sg-personal')?.aprobados;
    const antes = (await companyCounts(db, CUMPLIMIENTO, hoy, await versiones())).get(m.empresa);
    await query(db, sql`UPDATE entregas SET estado = 1, vigencia_hasta = NULL WHERE id = ${a}`);
    const despues = (await companyCounts(db, CUMPLIMIENTO, hoy, await versiones())).get(m.empresa);
    expect(despues).not.toBe(antes);
    expect(despues).toEqual((await computeCounts(db, CUMPLIMIENTO, hoy, [m.empresa])).get(m.empresa)?.rows);
    // A's own slot plus the same requirement on B and C: three approvals from one document.
    expect(aprobados(despues)).toBe((aprobados(antes) ?? 0) + 3);
  });
});
