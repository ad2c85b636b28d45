import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';

/**
 * A company's storage usage (docs/decisions/085-upload-rate-and-quota.md): the sizes of the files of
 * all its submissions and annexes, history included, each upload counted once even when identical
 * bytes are stored once on disk, and once when one upload covers several workers (their entregas
 * share one archivos row, docs/decisions/139). That is what the company sees it uploaded, and it does not change
 * when another company happens to upload the same file.
 */
export type StorageUsage = { bytes: number; archivos: number };

export async function storageUsage(db: Db, empresaIds: number[]): Promise<Map<number, StorageUsage>> {
  const usage = new Map<number, StorageUsage>(empresaIds.map((id) => [id, { bytes: 0, archivos: 0 }]));
  if (empresaIds.length === 0) return usage;
  const ids = sql.join(
    empresaIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await query<{ empresa_id: number; bytes: string | number; archivos: number }>(
    db,
    sql`SELECT f.empresa_id, coalesce(sum(a.tamano), 0)::bigint AS bytes, count(*)::int AS archivos
          FROM (SELECT e.empresa_id, e.archivo_id FROM entregas e
                 WHERE e.empresa_id IN (${ids}) AND e.archivo_id IS NOT NULL
                UNION
                SELECT e.empresa_id, an.archivo_id FROM anexos an JOIN entregas e ON e.id = an.entrega_id
                 WHERE e.empresa_id IN (${ids})) f
          JOIN archivos a ON a.id = f.archivo_id
         GROUP BY f.empresa_id`,
  );
  for (const r of rows)
    usage.set(Number(r.empresa_id), { bytes: Number(r.bytes), archivos: Number(r.archivos) });
  return usage;
}

export async function storageUsageOf(db: Db, empresaId: number): Promise<StorageUsage> {
  return (await storageUsage(db, [empresaId])).get(empresaId)!;
}
