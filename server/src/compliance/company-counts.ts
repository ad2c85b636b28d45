import { sql, type SQL } from 'drizzle-orm';
import { ESTADO, type ModuloCodigo } from '@proveedores/domain';
import type { Db } from '../db/client';
import { queryPrepared } from '../db/prepared';
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
 * What a cached per-company result counts (docs/decisions/119, 144): per company and module, the
 * aggregates `columns` over alias `s` of `slot` (slotsSql for `hoy` and `warningDays`), each module's
 * row turned into the kind's value by `row`. The staff compliance counts are one kind (`CUMPLIMIENTO`),
 * the home summary's another (modules/reporte/get-summary.ts).
 */
export type CountKind<R> = {
  /** Names the kind: the cache keeps one entry per kind and company. */
  name: string;
  /** The 'por vencer' window (EXPIRY_WARNING_DAYS), when `columns` read `s.categoria`. */
  warningDays?: number;
  /** Aggregates over alias `s` of `slot`; NULL-safe (a company with no slot gives one row of NULL `s`). */
  columns: SQL;
  /** A module's row of the statement (`columns` by name) as the kind's value. */
  row: (columns: Record<string, number>, modulo: ModuloCodigo) => R;
};

/** The staff compliance counts (`GET /api/revision/cumplimiento`, decision 119). */
export const CUMPLIMIENTO: CountKind<ModuleCountRow> = {
  name: 'cumplimiento',
  columns: countsSql,
  row: (r, modulo) => ({
    modulo,
    aplicables: r.aplicables,
    aprobados: r.aprobados,
    pendientes: r.pendientes,
    rechazados: r.rechazados,
    vencidos: r.vencidos,
    sin_cargar: r.sin_cargar,
  }),
};

/**
 * Per-module counts of each company, computed once per change (docs/decisions/119, 144).
 *
 * A company's counts depend on `hoy`, its contracts, worker links and submissions, and the catalogue
 * (and, for the home summary's kind, the 'por vencer' window). Triggers move the company's counter
 * (`cumplimiento_versiones`) in every transaction that changes one of those, and row 0 for the
 * catalogue; so counts computed in a statement that read counters (v, c) are the counts of any later
 * statement that reads (v, c) again for the same `hoy` and window. An entry is kept per kind, company
 * and database (a second process keeps its own and agrees through the same counters); it is
 * replaced, never grown, so the cache holds at most one entry per kind and company. `key` is what
 * the entry depends on besides the counters: `hoy` and the window.
 */
export type Entry<R> = { key: string; version: number; catalogo: number; rows: R[] };
const caches = new WeakMap<Db, Map<string, Map<number, Entry<unknown>>>>();

const entryKey = (kind: CountKind<unknown>, hoy: string) => `${hoy}|${kind.warningDays ?? ''}`;

function cacheOf<R>(db: Db, kind: CountKind<R>): Map<number, Entry<R>> {
  let byKind = caches.get(db);
  if (!byKind) caches.set(db, (byKind = new Map()));
  let cache = byKind.get(kind.name);
  if (!cache) byKind.set(kind.name, (cache = new Map()));
  return cache as Map<number, Entry<R>>;
}

const CATALOGO = sql`coalesce((SELECT version FROM cumplimiento_versiones WHERE empresa_id = 0), 0)::float8`;

/** The counters of a company: `version` (its own) and `catalogo` (row 0). */
export type Versiones = { id: number; version: number; catalogo: number };

/**
 * `companies` (a SELECT with an `id` column) with each company's counters, read by the same
 * statement: the caller's list and the counters in one round trip. The join keeps no order: a
 * caller that needs one orders the result.
 */
export const withVersionsSql = (companies: SQL): SQL => sql`
  SELECT c.*, coalesce(v.version, 0)::float8 AS version, ${CATALOGO} AS catalogo
    FROM (${companies}) AS c LEFT JOIN cumplimiento_versiones v ON v.empresa_id = c.id`;

/**
 * Counts of `kind` for `hoy` of the given companies (with the counters read by `withVersionsSql`),
 * from the cache where the counters have not moved; the others are counted in one statement.
 */
export async function companyCounts<R>(
  db: Db,
  kind: CountKind<R>,
  hoy: string,
  companies: Versiones[],
): Promise<Map<number, R[]>> {
  const out = new Map<number, R[]>();
  const cache = cacheOf(db, kind);
  const key = entryKey(kind, hoy);
  const stale: number[] = [];
  for (const v of companies) {
    const e = cache.get(v.id);
    if (e && e.key === key && e.version === Number(v.version) && e.catalogo === Number(v.catalogo))
      out.set(v.id, e.rows);
    else stale.push(v.id);
  }
  if (stale.length === 0) return out;
  for (const [id, entry] of await computeCounts(db, kind, hoy, stale)) {
    cache.set(id, entry);
    out.set(id, entry.rows);
  }
  return out;
}

/**
 * The counting statement of `kind` for these companies: per company and module, the kind's columns,
 * with the company's counters read by the same statement (one snapshot). Active companies only. One
 * company is read through the single-company form of the slots (its submissions by one index scan).
 */
export function countsStatementSql<R>(kind: CountKind<R>, hoy: string, ids: number[]): SQL {
  const empresa = ids.length === 1 ? { id: ids[0] } : { ids };
  return sql`${slotsSql({ empresa, hoy, warningDays: kind.warningDays })},
        ver AS (${withVersionsSql(sql`SELECT id FROM emp`)})
        SELECT emp.id AS empresa_id, ver.version, ver.catalogo, s.modulo, ${kind.columns}
          FROM emp JOIN ver ON ver.id = emp.id LEFT JOIN slot s ON s.empresa_id = emp.id
         GROUP BY emp.id, ver.version, ver.catalogo, s.modulo`;
}

/**
 * The counts of `kind` for these companies computed now, with the counters read by the same
 * statement (`countsStatementSql`). Active companies only: an inactive one has no entry.
 */
export async function computeCounts<R>(
  db: Db,
  kind: CountKind<R>,
  hoy: string,
  ids: number[],
): Promise<Map<number, Entry<R>>> {
  type Row = { empresa_id: number; modulo: ModuloCodigo | null; version: number; catalogo: number };
  const rows = await queryPrepared<Row>(db, countsStatementSql(kind, hoy, ids));
  const key = entryKey(kind, hoy);
  const out = new Map<number, Entry<R>>();
  for (const r of rows) {
    const e = out.get(r.empresa_id) ?? {
      key,
      version: Number(r.version),
      catalogo: Number(r.catalogo),
      rows: [],
    };
    // The kind's columns are ::int counts, read by name.
    if (r.modulo) e.rows.push(kind.row(r as unknown as Record<string, number>, r.modulo));
    out.set(r.empresa_id, e);
  }
  return out;
}
