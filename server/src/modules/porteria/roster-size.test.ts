import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rosterContenido } from '@proveedores/domain';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';

/**
 * A 2,000-worker project's roster (docs/decisions/123): it must download in under a second and
 * weigh under 300 KB compressed (the gate phone fetches it on a weak signal). No document is
 * uploaded here, so every worker carries every reason: the largest roster such a project makes.
 */
describe('roster of a 2,000-worker project', async () => {
  const app = await createTestApp();
  const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(app.db, q))[0];
  const hR = await authHeaders(app, REVIEWER);
  const empresa = (
    await one<{ id: number }>(sql`SELECT id FROM empresas WHERE nit = ${DEMO.companies[0].nit}`)
  ).id;
  const c = await one<{ id: number; proyecto_id: number }>(
    sql`SELECT id, proyecto_id FROM contratos WHERE empresa_id = ${empresa} ORDER BY id LIMIT 1`,
  );
  await query(
    app.db,
    sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, apellidos2)
        SELECT ${empresa}, 'CC', (1000000000 + g)::text, 'NOMBRE ' || g, 'APELLIDO', 'SEGUNDO'
          FROM generate_series(1, 2000) g`,
  );
  await query(
    app.db,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id)
        SELECT id, ${c.id} FROM empleados WHERE empresa_id = ${empresa} AND numero_documento LIKE '1%'`,
  );
  await query(
    app.db,
    sql`INSERT INTO credenciales (empleado_id, contrato_id, revocada_at)
        SELECT id, ${c.id}, CASE WHEN id % 50 = 0 THEN now() END FROM empleados WHERE empresa_id = ${empresa}`,
  );

  it('answers in under a second and under 300 KB gzipped', async () => {
    const url = `/api/porteria/roster?proyectoid=${c.proyecto_id}`;
    // The first request plans the statements; the second is the one a gate sees all day.
    await app.inject({ method: 'GET', url, headers: hR });
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { ...hR, 'accept-encoding': 'gzip' } });
    const ms = performance.now() - t0;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const gz = res.rawPayload.length;
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { contenido: string };
    const roster = rosterContenido.parse(JSON.parse(body.contenido));
    expect(roster.trabajadores.length).toBeGreaterThanOrEqual(2000);
    expect(roster.revocadas.length).toBe(40);
    console.log(
      `roster: ${roster.trabajadores.length} workers, ${Math.round(ms)} ms, ` +
        `${(body.contenido.length / 1024).toFixed(0)} KB raw, ${(gz / 1024).toFixed(0)} KB gzipped`,
    );
    expect(gz).toBeLessThan(300 * 1024);
    // Timed on PostgreSQL (production); in-process PGlite on a shared test machine is only logged.
    if (process.env.DATABASE_URL) expect(ms).toBeLessThan(1000);
  });
});
