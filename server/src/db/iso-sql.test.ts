import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZONA_COLOMBIA } from '@proveedores/domain';
import { createTestApp } from '../test/app';
import { query } from './client';
import { isoSql } from './iso-sql';

describe('isoSql', async () => {
  const app = await createTestApp();

  it('writes an instant as Date.prototype.toISOString does, microseconds dropped, in any session time zone', async () => {
    const instants = [
      '2026-11-28 23:59:59.999999-05',
      '2026-01-01 00:00:00+00',
      '2025-12-31 19:00:00.0005-05',
      '1999-02-03 04:05:06.789123+07:30',
    ];
    for (const zone of ['UTC', ZONA_COLOMBIA]) {
      const rows = await app.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL TIME ZONE '${zone}'`));
        const out: Array<{ iso: string; raw: Date | string }> = [];
        for (const at of instants)
          out.push(
            ...(await query<{ iso: string; raw: Date | string }>(
              tx as never,
              sql`SELECT ${isoSql(sql`${at}::timestamptz`)} AS iso, ${at}::timestamptz AS raw`,
            )),
          );
        return out;
      });
      expect(rows.map((r) => r.iso)).toEqual(rows.map((r) => new Date(r.raw).toISOString()));
    }
    expect(
      (
        await query<{ iso: string }>(
          app.db,
          sql`SELECT ${isoSql(sql`'2026-11-28 23:59:59.999999-05'::timestamptz`)} AS iso`,
        )
      )[0].iso,
    ).toBe('2026-11-29T04:59:59.999Z');
  });
});
