import { sql, type SQL } from 'drizzle-orm';
import { REVISION_MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { sameSlot } from './entrega-sql';

/**
 * One upload for many workers (docs/decisions/139): the submissions that point at the same file as
 * submission `e` and belong to the same company and requirement are one upload, reviewed together
 * when the reviewer asks for it. Another requirement's submission with the same bytes is not: the
 * blob store keeps one file for identical bytes, so sharing a file alone proves nothing.
 */
const mismaCargaDe = (e: string, s: string): SQL =>
  sql.raw(
    `${s}.archivo_id = ${e}.archivo_id AND ${s}.empresa_id = ${e}.empresa_id ` +
      `AND ${s}.requisito_id = ${e}.requisito_id AND ${s}.id <> ${e}.id`,
  );

/** The ids of the other submissions of the same upload that still await a decision, oldest first. */
export async function pendientesDeMismaCarga(db: Db, id: number): Promise<number[]> {
  const rows = await query<{ id: number | string }>(
    db,
    sql`SELECT s.id FROM entregas e JOIN entregas s ON ${mismaCargaDe('e', 's')}
         WHERE e.id = ${id} AND s.estado = 0
           AND NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('s', 'n')} AND n.id > s.id)
         ORDER BY s.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The ids a decision on `id` also covers: `mismaCarga` without repeats and without `id` itself.
 * Each must be a submission of the same upload (whatever its state: one decided meanwhile is the
 * transaction's refusal, with its own message); anything else is a 400 and nothing is decided.
 */
export async function idsDeMismaCarga(
  db: Db,
  id: number,
  mismaCarga: number[] | undefined,
): Promise<number[]> {
  const otros = [...new Set(mismaCarga ?? [])].filter((x) => x !== id);
  if (otros.length === 0) return [];
  const lista = sql.join(
    otros.map((x) => sql`${x}`),
    sql`, `,
  );
  const [{ n }] = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM entregas e JOIN entregas s ON ${mismaCargaDe('e', 's')}
         WHERE e.id = ${id} AND s.id IN (${lista})`,
  );
  if (n !== otros.length) throw new AppError('bad_request', REVISION_MSG.revisionCargaInvalida);
  return otros;
}
