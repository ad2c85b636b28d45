import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reglaVigencia } from '@proveedores/domain';
import { createTestApp } from '../test/app';
import { query } from './client';
import { reglaPorDefecto } from './seed';
import { REGLAS_VIGENCIA } from './seed-data/validity-rules';

/** The default catalogue carries its validity rules (decision 105), fresh or migrated. */
describe('validity rules of the seeded catalogue', async () => {
  const app = await createTestApp();
  const rows = () =>
    query<{ modulo: string; codigo: string; regla: unknown }>(
      app.db,
      sql`SELECT modulo, codigo, regla_vigencia AS regla FROM requisitos ORDER BY id`,
    );

  it('a fresh database gets every rule of the catalogue, validated with its defaults', async () => {
    const all = await rows();
    expect(all.length).toBe(Object.keys(REGLAS_VIGENCIA).length);
    for (const r of all) {
      expect(r.regla, r.codigo).toEqual(reglaVigencia.parse(REGLAS_VIGENCIA[r.codigo].regla));
    }
    const of = (c: string) => all.find((r) => r.codigo === c)?.regla;
    expect(of('P10')).toMatchObject({ tipo: 'sin_vencimiento' });
    expect(of('P11')).toMatchObject({ tipo: 'por_proyecto', mesesSinCambio: 18 });
    expect(of('P04')).toMatchObject({ tipo: 'mes_certificado' });
    expect(reglaPorDefecto('sg-sst', 'P10')).toBeNull();
  });

  it('the backfill migration sets the rule of rows that have none and keeps what the administrator set', async () => {
    const custom = {
      tipo: 'dias_desde_expedicion',
      dias: 90,
      baseLegal: 'Política interna de la contratante',
    };
    await app.db.execute(sql`UPDATE requisitos SET regla_vigencia = NULL WHERE codigo IN ('P10', 'P04')`);
    await app.db.execute(
      sql`UPDATE requisitos SET regla_vigencia = ${JSON.stringify(custom)}::jsonb WHERE codigo = 'P11'`,
    );
    const backfill = readFileSync(
      new URL('./migrations/0003_validity_rules_backfill.sql', import.meta.url),
      'utf8',
    );
    await app.db.execute(sql.raw(backfill));
    // The later migrations that bring the seeded rules up to date (decisions 180, 183): the backfill's
    // P10 is the rule first seeded, and they move it to today's.
    const later = ['0015_legal_bases_current.sql', '0016_waivable_requirements.sql'].flatMap((f) =>
      readFileSync(new URL(`./migrations/${f}`, import.meta.url), 'utf8')
        .split('--> statement-breakpoint')
        .filter((st) => /UPDATE "requisitos" SET "regla_vigencia"/.test(st)),
    );
    for (const st of later) await app.db.execute(sql.raw(st));
    const all = await rows();
    const of = (c: string) => all.find((r) => r.codigo === c)?.regla;
    expect(of('P10')).toEqual(reglaVigencia.parse(REGLAS_VIGENCIA.P10.regla));
    expect(of('P04')).toEqual(reglaVigencia.parse(REGLAS_VIGENCIA.P04.regla));
    expect(of('P11')).toEqual(custom);
  });
});
