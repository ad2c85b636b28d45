import { sql, type SQL } from 'drizzle-orm';
import type { ReviewPendingCount, ReviewQueue, ReviewQueueQuery } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { inicioDiaColombiaSql } from '../../db/colombia-sql';
import { entregaSelect, presentEntrega, sameSlot, type EntregaRow } from './entrega-sql';
import { validityWindow } from './validity';

/** Awaiting a decision: estado 0, an active company, the current submission of its slot. */
const pendingWhere = (): SQL[] => [
  sql`e.estado = 0`,
  sql`emp.activa`,
  sql`NOT EXISTS (SELECT 1 FROM entregas n WHERE ${sameSlot('e', 'n')} AND n.id > e.id)`,
];

/**
 * GET /api/revision/pendientes/conteo: the size of the unfiltered queue, for the reviewer's home.
 * The same conditions as the queue, so the number on the home is the total the queue shows.
 */
export async function countReviewQueue(db: Db): Promise<ReviewPendingCount> {
  const [{ total }] = await query<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM entregas e JOIN empresas emp ON emp.id = e.empresa_id
         WHERE ${sql.join(pendingWhere(), sql` AND `)}`,
  );
  return { total };
}

/**
 * GET /api/revision/pendientes: the current submission of every slot that awaits a decision
 * (estado 0), of active companies, oldest first. A submission the company already replaced by a
 * newer one is history, not work, so it is left out. Dates filter the upload day in Colombia.
 */
export async function listReviewQueue(opts: {
  db: Db;
  filters: ReviewQueueQuery;
  hoy: string;
  maxDays: number;
}): Promise<ReviewQueue> {
  const { db, filters: f, hoy } = opts;
  const where = pendingWhere();
  if (f.modulo) where.push(sql`r.modulo = ${f.modulo}`);
  if (f.empresaId) where.push(sql`e.empresa_id = ${f.empresaId}`);
  if (f.nit) where.push(sql`emp.nit = ${f.nit}`);
  if (f.proyectoId) where.push(sql`c.proyecto_id = ${f.proyectoId}`);
  if (f.requisitoId) where.push(sql`e.requisito_id = ${f.requisitoId}`);
  if (f.desde) where.push(sql`e.created_at >= ${inicioDiaColombiaSql(sql`${f.desde}`)}`);
  if (f.hasta) where.push(sql`e.created_at < ${inicioDiaColombiaSql(sql`${f.hasta}::date + 1`)}`);
  const cond = sql.join(where, sql` AND `);

  const [{ total }] = await query<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total
          FROM entregas e
          JOIN requisitos r ON r.id = e.requisito_id
          JOIN empresas emp ON emp.id = e.empresa_id
          LEFT JOIN contratos c ON c.id = e.contrato_id
         WHERE ${cond}`,
  );
  const offset = (f.page - 1) * f.pageSize;
  const rows = await query<EntregaRow>(
    db,
    sql`${entregaSelect(hoy)} WHERE ${cond} ORDER BY e.created_at, e.id LIMIT ${f.pageSize} OFFSET ${offset}`,
  );
  const vig = validityWindow(hoy, opts.maxDays);
  return { items: rows.map((r) => presentEntrega(r, vig)), total, page: f.page, pageSize: f.pageSize };
}
