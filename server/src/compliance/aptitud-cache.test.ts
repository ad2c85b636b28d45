import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AptitudTrabajador } from '@proveedores/domain';
import { query } from '../db/client';
import { manualClock } from '../lib/clock';
import { createTestApp } from '../test/app';
import { aptitudDe } from './aptitud-sql';
import { aptitudDeProyecto } from './aptitud-cache';
import { escribirCaso, instanteBogota, loadCatalogo, type Catalogo, type Mundo } from './agreement/world';

/**
 * The project fitness cache (docs/decisions/126): after every kind of change that moves a worker's
 * fitness or what the gate shows of them, the cached answer equals a fresh `aptitudDe` of the project
 * and differs from the previous one; a company that did not change keeps its rows (the same objects);
 * a rolled-back change keeps them too. PGlite, or PostgreSQL with DATABASE_URL.
 */
const HOY = '2026-03-10';
const app = await createTestApp({ clock: manualClock(instanteBogota(HOY, 10, 0)) });
const db = app.db;
let cat: Catalogo;
let a: Mundo;
let b: Mundo;
let proyectoId: number;

const conAlturas = () => cat.actividades.findIndex((x) => x.alturas && !x.espacios_confinados && !x.flota);

beforeAll(async () => {
  await app.ready();
  cat = await loadCatalogo(app);
  const caso = () =>
    escribirCaso(app, cat, {
      ahora: instanteBogota(HOY, 10, 0),
      contratos: [
        { actividad: conAlturas(), activo: true, inicio: { tipo: 'atras', meses: 2, dia: 'primero' } },
      ],
      empleados: 2,
      vinculos: Array.from({ length: 16 }, (_, i) => (i % 4 === 0 ? 'activo' : 'ninguno')),
      entregas: [],
      detalleVacio: 0,
    });
  a = await caso();
  b = await caso();
  // B's contract moves to A's project: two companies on one project.
  [{ proyectoId }] = await query<{ proyectoId: number }>(
    db,
    sql`SELECT proyecto_id AS "proyectoId" FROM contratos WHERE id = ${a.contratos[0].id}`,
  );
  await query(db, sql`UPDATE contratos SET proyecto_id = ${proyectoId} WHERE id = ${b.contratos[0].id}`);
});

const requisitoId = (codigo: string) => cat.requisitos.find((r) => r.codigo === codigo)!.id;

/** A's first worker's submission of `codigo` (SG-personal) or A's (SG-SST). */
async function entregar(codigo: string, estado: number, vigencia: string | null = null) {
  const personal = codigo.startsWith('P');
  const [row] = await query<{ id: number }>(
    db,
    sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado, vigencia_hasta)
        VALUES (${a.empresaId}, ${personal ? a.contratos[0].id : null}, ${requisitoId(codigo)},
                ${personal ? a.empleados[0].id : null}, 'prueba', ${estado}, ${vigencia}::date)
        RETURNING id`,
  );
  return row.id;
}

/** What a user sees of the project's workers: a change of any of it must show. */
const vista = (rows: AptitudTrabajador[]) =>
  JSON.stringify(
    rows.map((r) => [
      r.nombre,
      r.numerodocumento,
      r.razonSocial,
      r.proyecto,
      r.contrato,
      r.apto,
      r.motivos,
      r.vence,
      r.autorizacion,
    ]),
  );

async function agrees(fecha = HOY) {
  const cached = await aptitudDeProyecto(db, { proyectoId, fecha });
  const fresh = await aptitudDe(db, { proyectoId, fecha });
  expect(cached).toEqual(fresh);
  return cached;
}
const deA = (rows: AptitudTrabajador[]) => rows.filter((r) => r.nit === a.nit);
const deB = (rows: AptitudTrabajador[]) => rows.filter((r) => r.nit === b.nit);

describe('project fitness cache', () => {
  it('answers as the engine after every kind of change, recomputing only the company that changed', async () => {
    const first = await agrees();
    expect(deA(first).length).toBe(2);
    expect(deB(first).length).toBe(2);
    const again = await aptitudDeProyecto(db, { proyectoId, fecha: HOY });
    expect(again[0]).toBe(first[0]); // nothing changed: the same rows, not a recomputation

    let previous = first;
    /** After `change`, cached = fresh and A's view moved; B's rows are the same objects. */
    async function after(what: string, change: () => Promise<unknown>, opts: { bTouched?: boolean } = {}) {
      await change();
      const now = await agrees();
      expect(vista(deA(now)), what).not.toBe(vista(deA(previous)));
      if (!opts.bTouched) expect(deB(now)[0], what).toBe(deB(previous)[0]);
      previous = now;
    }

    await after('an upload of the medical concept', () => entregar('P09', 0));
    const cert = await entregar('P10', 0);
    await after('an approval with a validity', () =>
      query(db, sql`UPDATE entregas SET estado = 1, vigencia_hasta = '2026-03-09' WHERE id = ${cert}`),
    );
    await after('the worker renamed', () =>
      query(db, sql`UPDATE empleados SET nombres = 'Renombrado' WHERE id = ${a.empleados[0].id}`),
    );
    const [usuario] = await query<{ id: number }>(db, sql`SELECT id FROM usuarios ORDER BY id LIMIT 1`);
    let autorizacion = 0;
    await after('a temporary authorization', async () => {
      [{ id: autorizacion }] = await query<{ id: number }>(
        db,
        sql`INSERT INTO autorizaciones_temporales (empleado_id, contrato_id, motivo, desde, hasta, otorgada_por)
            VALUES (${a.empleados[0].id}, ${a.contratos[0].id}, 'Inducción en curso', ${HOY}, '2026-03-12', ${usuario.id})
            RETURNING id`,
      );
    });
    await after('the authorization revoked', () =>
      query(db, sql`UPDATE autorizaciones_temporales SET revocada_at = now() WHERE id = ${autorizacion}`),
    );
    await after('the company renamed', () =>
      query(db, sql`UPDATE empresas SET razon_social = razon_social || ' S.A.S.' WHERE id = ${a.empresaId}`),
    );
    await after(
      'the project renamed',
      () =>
        query(
          db,
          sql`UPDATE proyectos SET descripcion = descripcion || ' (etapa 2)' WHERE id = ${proyectoId}`,
        ),
      { bTouched: true },
    );
    await after(
      'the heights certificate withdrawn from the catalogue',
      () => query(db, sql`UPDATE requisitos SET activo = false WHERE id = ${requisitoId('P10')}`),
      { bTouched: true },
    );
    await after('a worker unlinked', () =>
      query(
        db,
        sql`UPDATE empleados_contratos SET activo = false
             WHERE empleado_id = ${a.empleados[1].id} AND contrato_id = ${a.contratos[0].id}`,
      ),
    );

    // A rolled-back change moves nothing: the same rows.
    const before = await aptitudDeProyecto(db, { proyectoId, fecha: HOY });
    await db
      .transaction(async (tx) => {
        await query(tx as never, sql`UPDATE empleados SET nombres = 'Nunca' WHERE id = ${a.empleados[0].id}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const afterRollback = await aptitudDeProyecto(db, { proyectoId, fecha: HOY });
    expect(afterRollback[0]).toBe(before[0]);

    // Another day: recomputed for that day (the expired certificate's day has passed or not).
    await agrees('2026-03-09');
    await agrees(HOY);

    // The contract ended: its workers leave the project's answer, and B stays.
    await query(db, sql`UPDATE contratos SET activo = false WHERE id = ${a.contratos[0].id}`);
    const ended = await agrees();
    expect(deA(ended)).toEqual([]);
    expect(deB(ended).length).toBe(2);
  });
});
