import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nitCheckDigit } from '@proveedores/domain';
import { BENCH_NIT_BASE, BENCH_PASSWORD, generate } from '../../../../bench/generate';
import { query } from '../../db/client';
import { authHeaders, createTestApp } from '../../test/app';

/**
 * The benchmark generator at a tiny size, and the summary against it: for every generated company,
 * every count equals the number of drill-down rows behind it (states drawn at random by the generator).
 */
describe('summary on generated data', async () => {
  const app = await createTestApp();
  const gen = await generate(app.db, {
    companies: 3,
    contractsPerCompany: 2,
    employees: 30,
    months: 6,
    submissions: 2500,
  });

  it('generates the requested sizes with valid NITs and the newest submission last', async () => {
    expect(gen.rows).toMatchObject({ empresas: 3, contratos: 6, empleados: 30 });
    expect(gen.rows.entregas).toBeGreaterThan(2000);
    expect(gen.rows.entregas).toBeLessThan(3000);
    const empresas = await query<{ nit: string; dv: number }>(
      app.db,
      sql`SELECT nit, dv FROM empresas WHERE id BETWEEN ${gen.firstEmpresaId} AND ${gen.lastEmpresaId}`,
    );
    for (const e of empresas) expect(e.dv, e.nit).toBe(nitCheckDigit(e.nit));
    const [{ n }] = await query<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM entregas a JOIN entregas b
            ON b.empresa_id = a.empresa_id AND b.requisito_id = a.requisito_id
           AND b.contrato_id IS NOT DISTINCT FROM a.contrato_id AND b.empleado_id IS NOT DISTINCT FROM a.empleado_id
           AND b.ano IS NOT DISTINCT FROM a.ano AND b.mes IS NOT DISTINCT FROM a.mes
           AND b.id > a.id AND b.created_at < a.created_at`,
    );
    expect(n).toBe(0);
  });

  it('gives every count exactly as many drill-down rows, for every company, module and filter', async () => {
    let nonZero = 0;
    for (let i = 1; i <= 3; i++) {
      const headers = await authHeaders(app, {
        username: String(BENCH_NIT_BASE + i),
        password: BENCH_PASSWORD,
      });
      const [summary] = (
        await app.inject({ method: 'GET', url: '/api/contratista/reporte', headers })
      ).json();
      for (const m of summary.modulos) {
        for (const [filtro, n] of [
          [-9, m.faltantes],
          [-5, m.poxvencer + m.vencidos],
          [-1, m.rechazados],
        ]) {
          const rows = (
            await app.inject({
              method: 'GET',
              url: `/api/contratista/reporte/${m.modulo}/${filtro}`,
              headers,
            })
          ).json();
          expect(rows, `${summary.nit} ${m.modulo} ${filtro}`).toHaveLength(n);
          if (n > 0) nonZero++;
        }
      }
    }
    // Random states must have produced work in most cells (the check would be empty otherwise).
    expect(nonZero).toBeGreaterThan(20);
  });
});
