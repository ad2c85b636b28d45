import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { query } from './client';

/**
 * The catalogue's legal bases brought up to date (decision 180): a database seeded before holds the
 * old texts; the migration gives it what a new database is seeded with, and leaves alone a basis an
 * administrator wrote.
 */
describe('legal bases up to date', async () => {
  const app = await createTestApp();
  afterAll(() => app.close());

  type Fila = { codigo: string; base_legal: string | null; opcional: boolean; regla: string | null };
  const filas = () =>
    query<Fila>(
      app.db,
      sql`SELECT codigo, base_legal, opcional, regla_vigencia->>'baseLegal' AS regla
            FROM requisitos WHERE codigo IN ('E06', 'E13', 'M05', 'P13', 'E07') ORDER BY codigo`,
    );
  const norma2026 = async () =>
    (await query<{ norma: string }>(app.db, sql`SELECT norma FROM salarios_minimos WHERE ano = 2026`))[0]
      ?.norma;

  it('a database seeded with the old texts reads as a new one after the migration', async () => {
    const nuevas = await filas();
    expect(nuevas.find((f) => f.codigo === 'E13')).toMatchObject({
      opcional: false,
      base_legal: expect.stringContaining('Resolución 3461 de 2025'),
    });
    expect(nuevas.find((f) => f.codigo === 'E06')?.regla).toContain('art. 2.2.4.6.6 num. 5');
    expect(nuevas.find((f) => f.codigo === 'M05')?.base_legal).toContain('Resolución 2851 de 2015');
    expect(await norma2026()).toBe('Decreto 0159 de 2026');
    const p13 = await query<{ tipo: string; meses: number }>(
      app.db,
      sql`SELECT regla_vigencia->>'tipo' AS tipo, (regla_vigencia->>'mesesSinCambio')::int AS meses
            FROM requisitos WHERE codigo = 'P13'`,
    );
    expect(p13).toEqual([{ tipo: 'por_proyecto', meses: 12 }]);

    // As first seeded; E07's basis as an administrator rewrote it.
    const viejo = (codigo: string, base: string, regla: string) =>
      sql`UPDATE requisitos SET base_legal = ${base},
                 regla_vigencia = jsonb_set(regla_vigencia, '{baseLegal}', to_jsonb(${regla}::text))
           WHERE codigo = ${codigo}`;
    await app.db.execute(
      viejo(
        'E06',
        'Decreto 1072 de 2015 arts. 2.2.4.6.5 a 2.2.4.6.7',
        'Decreto 1072 de 2015 art. 2.2.4.6.5 (la política se revisa como mínimo una vez al año)',
      ),
    );
    await app.db.execute(
      viejo(
        'E13',
        'Resoluciones 652 y 1356 de 2012',
        'Resoluciones 652 y 1356 de 2012 (período de dos años del comité)',
      ),
    );
    await app.db.execute(sql`UPDATE requisitos SET opcional = true WHERE codigo = 'E13'`);
    await app.db.execute(viejo('M05', 'Resolución 1401 de 2007', 'Resolución 1401 de 2007'));
    await app.db.execute(viejo('E07', 'Texto del administrador', 'Regla del administrador'));
    await app.db.execute(
      sql`UPDATE requisitos SET base_legal = 'Decreto 1072 de 2015 art. 2.2.4.6.11',
                 regla_vigencia = '{"tipo":"dias_desde_expedicion","dias":365,"baseLegal":"Decreto 1072 de 2015 art. 2.2.4.6.11 (inducción y reinducción)"}'::jsonb
           WHERE codigo = 'P13'`,
    );
    await app.db.execute(sql`UPDATE salarios_minimos SET norma = 'Decreto 1469 de 2025' WHERE ano = 2026`);
    const antes = await filas();
    expect(antes.find((f) => f.codigo === 'E13')?.opcional).toBe(true);

    const migration = readFileSync(
      new URL('./migrations/0015_legal_bases_current.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await app.db.execute(sql.raw(statement));

    const despues = await filas();
    const e07 = despues.find((f) => f.codigo === 'E07');
    expect(e07).toMatchObject({ base_legal: 'Texto del administrador', regla: 'Regla del administrador' });
    expect(despues.filter((f) => f.codigo !== 'E07')).toEqual(nuevas.filter((f) => f.codigo !== 'E07'));
    expect(await norma2026()).toBe('Decreto 0159 de 2026');
  });
});
