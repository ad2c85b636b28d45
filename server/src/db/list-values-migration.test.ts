import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACTOR_A, authHeaders, createTestApp } from '../test/app';
import { query } from './client';

/** Workers stored with the two list values first written misspelt read spelt right (decision 171). */
describe('list values spelt right', async () => {
  const app = await createTestApp();
  afterAll(() => app.close());
  const [{ id: empresaId }] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM empresas WHERE nit = '900123456'`,
  );

  it('the migration rewrites the stored misspellings and leaves every other value as it was', async () => {
    const insert = (numero: string, datos: Record<string, string>) =>
      query<{ id: number }>(
        app.db,
        sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, datos)
            VALUES (${empresaId}, 'CC', ${numero}, 'Prueba', 'Migración', ${JSON.stringify(datos)}::jsonb) RETURNING id`,
      );
    await insert('1098700001', {
      nivel_educativo: 'PREGADO',
      nivel_certificado_curso_alturas: 'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINDOS',
      oficio_o_especialidad: 'PREGADO',
    });
    await insert('1098700002', {
      nivel_educativo: 'POSGRADO',
      nivel_certificado_curso_alturas: 'REENTRENAMIENTO',
    });
    const migration = readFileSync(
      new URL('./migrations/0013_list_values_spelt_right.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await app.db.execute(sql.raw(statement));

    const headers = await authHeaders(app, CONTRACTOR_A);
    const read = async (numero: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/contratista/empleados/CC/${numero}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify(res.json());
    };
    const first = await read('1098700001');
    expect(first).toContain('"PREGRADO"');
    expect(first).toContain('VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINADOS');
    expect(first).not.toContain('CONFINDOS');
    // A free-text field that happens to hold the old word is not a list value: it stays as typed.
    expect(first).toContain('"oficio_o_especialidad":"PREGADO"');
    const second = await read('1098700002');
    expect(second).toContain('"POSGRADO"');
    expect(second).toContain('"REENTRENAMIENTO"');
  });
});
