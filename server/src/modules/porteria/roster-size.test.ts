import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rosterContenido } from '@proveedores/domain';
import { query } from '../../db/client';
import { DEMO } from '../../db/seed';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';
import { claveDeSemilla, emitirCodigo } from '../credenciales';

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

  it('weighs under 300 KB gzipped (time logged)', async () => {
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
    // The time is logged, not asserted: on the shared 2-core test machine it follows the load
    // (decision 123 records the numbers measured).
  });

  it('verifies a code one at a time and 10 at a time (measured, logged)', async () => {
    const cred = await one<{ id: number }>(
      sql`SELECT id FROM credenciales WHERE contrato_id = ${c.id} AND revocada_at IS NULL ORDER BY id LIMIT 1`,
    );
    const codigo = emitirCodigo(claveDeSemilla(app.config.credentialSigningSeed), {
      credencialId: cred.id,
      contratoId: c.id,
      proyectoId: c.proyecto_id,
      emitida: '2026-01-01',
      vence: null,
    });
    const call = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/porteria/verificar',
        headers: hR,
        payload: { proyectoid: c.proyecto_id, codigo },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().credencialId).toBe(cred.id);
      return performance.now() - t0;
    };
    await call();
    const one1: number[] = [];
    for (let i = 0; i < 20; i++) one1.push(await call());
    one1.sort((a, b) => a - b);
    const times: number[] = [];
    for (let round = 0; round < 20; round++)
      times.push(...(await Promise.all(Array.from({ length: 10 }, call))));
    times.sort((a, b) => a - b);
    const p = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]);
    console.log(
      `verificar by code: one at a time median ${Math.round(one1[10])} ms; ` +
        `200 calls 10 at a time p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
    );
  });
});
