import { sql, type SQL } from 'drizzle-orm';
import { ESTADO, type ModuloCodigo } from '@proveedores/domain';
import { query, type Db } from '../db/client';
import { slotsSql } from './slots-sql';

/** The counts of `contarSlots` (domain/rules/compliance.ts) as SQL columns, over alias `s` of `slot`. */
export type CountRow = {
  aplicables: number;
  aprobados: number;
  pendientes: number;
  rechazados: number;
  vencidos: number;
  sin_cargar: number;
};
export type ModuleCountRow = CountRow & { modulo: ModuloCodigo };

export const countsSql: SQL = sql`
  count(*) FILTER (WHERE NOT s.opcional)::int AS aplicables,
  count(*) FILTER (WHERE NOT s.opcional AND s.cod_estado = ${ESTADO.APROBADO})::int AS aprobados,
  count(*) FILTER (WHERE NOT s.opcional AND s.cod_estado = ${ESTADO.CARGADO})::int AS pendientes,
  count(*) FILTER (WHERE NOT s.opcional AND s.cod_estado = ${ESTADO.RECHAZADO})::int AS rechazados,
  count(*) FILTER (WHERE NOT s.opcional AND s.cod_estado = ${ESTADO.VENCIDO})::int AS vencidos,
  count(*) FILTER (WHERE NOT s.opcional AND s.cod_estado = ${ESTADO.PENDIENTE})::int AS sin_cargar`;

/**
 * The per-module counts of each company, computed once per change (docs/decisions/119).
 *
 * A company's counts depend on `hoy`, its contracts, worker links and submissions, and the catalogue.
 * Triggers move the company's counter (`cumplimiento_versiones`) in every transaction that changes
 * one of those, and row 0 for the catalogue; so counts computed in a statement that read counters
 * (v, c) are the counts of any later statement that reads (v, c) again for the same `hoy`. An entry
 * is kept per company and database (a second process keeps its own and agrees through the same
 * counters); it is replaced, never grown, so the cache holds at most one entry per company.
 */
type Entry = { hoy: string; version: number; catalogo: number; rows: ModuleCountRow[] };
const caches = new WeakMap<Db, Map<number, Entry>>();

const CATALOGO = sql`coalesce((SELECT version FROM cumplimiento_versiones WHERE empresa_id = 0), 0)::float8`;

/** The counters of a company: `version` (its own) and `catalogo` (row 0). */
export type Versiones = { id: number; version: number; catalogo: number };

/**
 * `companies` (a SELECT with an `id` column) with each company's counters, read by the same
 * statement: the caller's list and the counters in one round trip.
 */
export const withVersionsSql = (companies: SQL): SQL => sql`
  SELECT c.*, coalesce(v.version, 0)::float8 AS version, ${CATALOGO} AS catalogo
    FROM (${companies}) AS c LEFT JOIN cumplimiento_versiones v ON v.empresa_id = c.id`;

/**
 * Counts for `hoy` of the given companies (with the counters read by `withVersionsSql`), from the
 * cache where the counters have not moved; the others are counted in one statement.
 */
export async function companyCounts(
  db: Db,
  hoy: string,
  companies: Versiones[],
): Promise<Map<number, ModuleCountRow[]>> {
  const out = new Map<number, ModuleCountRow[]>();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const stale: number[] = [];
  for (const v of companies) {
    const e = cache.get(v.id);
    if (e && e.hoy === hoy && e.version === Number(v.version) && e.catalogo === Number(v.catalogo))
      out.set(v.id, e.rows);
    else stale.push(v.id);
  }
  if (stale.length === 0) return out;
  for (const [id, entry] of await computeCounts(db, hoy, stale)) {
    cache.set(id, entry);
    out.set(id, entry.rows);
  }
  return out;
}

/**
 * The counts of these companies computed now, with the counters read by the same statement (one
 * snapshot). Active companies only: an inactive one has no entry.
 */
export async function computeCounts(db: Db, hoy: string, ids: number[]): Promise<Map<number, Entry>> {
  const rows = await query<
    CountRow & { empresa_id: number; modulo: ModuloCodigo | null; version: number; catalogo: number }
  >(
    db,
    sql`${slotsSql({ empresa: { ids }, hoy })},
        ver AS (${withVersionsSql(sql`SELECT id FROM emp`)})
        SELECT emp.id AS empresa_id, ver.version, ver.catalogo, s.modulo, ${countsSql}
          FROM emp JOIN ver ON ver.id = emp.id LEFT JOIN slot s ON s.empresa_id = emp.id
         GROUP BY emp.id, ver.version, ver.catalogo, s.modulo`,
  );
  const out = new Map<number, Entry>();
  for (const r of rows) {
    const e = out.get(r.empresa_id) ?? {
      hoy,
      version: Number(r.version),
      catalogo: Number(r.catalogo),
      rows: [],
    };
    if (r.modulo)
      e.rows.push({
        modulo: r.modulo,
        aplicables: r.aplicables,
        aprobados: r.aprobados,
        pendientes: r.pendientes,
        rechazados: r.rechazados,
        vencidos: r.vencidos,
        sin_cargar: r.sin_cargar,
      });
    out.set(r.empresa_id, e);
  }
  return out;
}
