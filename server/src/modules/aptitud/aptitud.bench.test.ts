import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';
import { aptitudDe } from '../../compliance/aptitud-sql';

/**
 * How long a 2,000-worker project takes (docs/decisions/121 records the numbers). Opt-in, as it
 * writes 80,000 submissions: APTITUD_BENCH=1 (and DATABASE_URL for PostgreSQL)
 *   APTITUD_BENCH=1 DATABASE_URL=postgres://... npx vitest run --project server server/src/modules/aptitud/aptitud.bench.test.ts
 * World: 50 companies with a heights contract on the project (40 workers each) and another contract
 * elsewhere (20 workers each); every SG-SST and SG-personal item handed in twice (history), the
 * newest approved; 1 worker in 10 with an item rejected.
 */
const EMPRESAS = 50;
const EN_OBRA = 40;
const FUERA = 20;

describe.skipIf(!process.env.APTITUD_BENCH)('fitness bench', async () => {
  const app = await createTestApp({ clock: manualClock('2026-03-10T15:00:00Z') });

  it('answers a 2,000-worker project', async () => {
    await app.ready();
    const db = app.db;
    const t0 = Date.now();
    await query(db, sql`INSERT INTO proyectos (descripcion) VALUES ('Obra bench'), ('Otra obra bench')`);
    await query(
      db,
      sql`WITH e AS (
            INSERT INTO empresas (nit, dv, razon_social, correo_contacto)
            SELECT (800000000 + g)::text, 0, 'Bench ' || lpad(g::text, 3, '0'), 'b' || g || '@example.test'
              FROM generate_series(1, ${EMPRESAS}::int) g RETURNING id)
          INSERT INTO contratos (empresa_id, descripcion, proyecto_id, actividad_id, tipo_contrato_id, fecha_inicio)
          SELECT e.id, d.descripcion, p.id, (SELECT id FROM actividades WHERE alturas ORDER BY id LIMIT 1),
                 (SELECT id FROM tipos_contrato ORDER BY id LIMIT 1), '2026-01-01'
            FROM e CROSS JOIN (VALUES ('En obra', 'Obra bench'), ('Fuera', 'Otra obra bench')) AS d(descripcion, proyecto)
            JOIN proyectos p ON p.descripcion = d.proyecto`,
    );
    await query(
      db,
      sql`WITH c AS (SELECT id, empresa_id, descripcion FROM contratos WHERE descripcion IN ('En obra', 'Fuera')),
           w AS (
            INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos)
            SELECT c.empresa_id, 'CC', c.id || '-' || g, 'NOMBRE ' || g, 'APELLIDO ' || c.id
              FROM c CROSS JOIN generate_series(1, CASE WHEN c.descripcion = 'En obra' THEN ${EN_OBRA}::int ELSE ${FUERA}::int END) g
            RETURNING id, numero_documento)
          INSERT INTO empleados_contratos (empleado_id, contrato_id)
          SELECT w.id, split_part(w.numero_documento, '-', 1)::int FROM w`,
    );
    // Every slot twice: an old rejected submission, then the newest (approved, or rejected for 1 in 10).
    await query(
      db,
      sql`INSERT INTO entregas (empresa_id, contrato_id, requisito_id, empleado_id, comentario, estado, vigencia_hasta)
          SELECT c.empresa_id, c.id, r.id, ec.empleado_id, 'bench', v.estado,
                 CASE WHEN v.estado = 1 THEN '2026-12-31'::date END
            FROM contratos c
            JOIN empleados_contratos ec ON ec.contrato_id = c.id
            JOIN requisitos r ON r.modulo = 'sg-personal'
            CROSS JOIN LATERAL (VALUES (1, -1), (2, CASE WHEN ec.empleado_id % 10 = 0 AND r.codigo = 'P09' THEN -1 ELSE 1 END)) AS v(n, estado)
           WHERE c.descripcion IN ('En obra', 'Fuera')
           ORDER BY v.n`,
    );
    await query(
      db,
      sql`INSERT INTO entregas (empresa_id, requisito_id, comentario, estado, vigencia_hasta)
          SELECT e.id, r.id, 'bench', v.estado, CASE WHEN v.estado = 1 THEN '2026-12-31'::date END
            FROM empresas e JOIN requisitos r ON r.modulo = 'sg-sst'
            CROSS JOIN (VALUES (1, -1), (2, 1)) AS v(n, estado)
           WHERE e.razon_social LIKE 'Bench %'
           ORDER BY v.n`,
    );
    await query(db, sql`ANALYZE`);
    const [{ n }] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM entregas`);
    const [{ p }] = await query<{ p: number }>(
      db,
      sql`SELECT id AS p FROM proyectos WHERE descripcion = 'Obra bench'`,
    );
    console.log(`aptitud bench: world written in ${Date.now() - t0} ms, ${n} submissions`);

    const ms: number[] = [];
    let filas = 0;
    let aptos = 0;
    for (let i = 0; i < 6; i++) {
      const s = performance.now();
      const r = await aptitudDe(db, { fecha: '2026-03-10', proyectoId: p });
      ms.push(performance.now() - s);
      filas = r.length;
      aptos = r.filter((x) => x.apto).length;
    }
    const revisor = await authHeaders(app, REVIEWER);
    const rutas: number[] = [];
    let kb = 0;
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/revision/aptitud?proyectoid=${p}&fecha=2026-03-10`,
        headers: revisor,
      });
      rutas.push(performance.now() - s);
      kb = res.body.length / 1024;
    }
    console.log(
      `aptitud bench: ${filas} workers (${aptos} apto), aptitudDe ms ${ms.map((x) => x.toFixed(0)).join(' ')}; ` +
        `GET /api/revision/aptitud ms ${rutas.map((x) => x.toFixed(0)).join(' ')}, ${kb.toFixed(0)} KB`,
    );
    expect(filas).toBe(EMPRESAS * EN_OBRA);
    const [{ rechazados }] = await query<{ rechazados: number }>(
      db,
      sql`SELECT count(*)::int AS rechazados FROM empleados_contratos ec JOIN contratos c ON c.id = ec.contrato_id
           WHERE c.proyecto_id = ${p} AND ec.empleado_id % 10 = 0`,
    );
    expect(filas - aptos).toBe(rechazados);
  }, 600_000);
});
