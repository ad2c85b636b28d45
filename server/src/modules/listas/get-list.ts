import { sql, type SQL } from 'drizzle-orm';
import {
  LIST_EVENT_COLUMN,
  LIST_PAGE_SIZES,
  MSG,
  parseListQuery,
  safeText,
  type ListQuery,
  type TableDescription,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { BoundTable, ColumnDef, ListCaller, Row, TableDef } from './table';

/** 'a%b_c\\' -> '%a\%b\_c\\\\%': the value is matched literally, as a contains-search. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ilike = (expr: SQL, value: string) => sql`(${expr})::text ILIKE ${containsPattern(value)} ESCAPE '\\'`;

/** Column aliases are generated from positions, never from the request. */
const alias = (i: number) => sql.raw(`"c${i}"`);
const extraAlias = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad extra column name ${name}`);
  return sql.raw(`"x_${name}"`);
};

function allowed(columns: ColumnDef[], flag: 'sortable' | 'filterable'): string {
  return columns
    .filter((c) => c[flag])
    .map((c) => c.id)
    .join(', ');
}

/** Resolves sort and filters against the table's allow-lists; unknown columns are a 400. */
function plan(table: BoundTable, q: ListQuery) {
  const byId = new Map(table.columns.map((c) => [c.id, c]));
  const sortId = q.sort ?? table.defaultSort.column;
  const sortCol = byId.get(sortId);
  if (!sortCol || !sortCol.sortable)
    throw new AppError('bad_request', MSG.listSortInvalid(sortId, allowed(table.columns, 'sortable')));
  const order = q.order ?? (q.sort ? 'asc' : table.defaultSort.order);

  const conditions: SQL[] = [...table.where];
  for (const [id, value] of Object.entries(q.filters)) {
    const col = byId.get(id);
    if (!col || !col.filterable)
      throw new AppError('bad_request', MSG.listFilterInvalid(id, allowed(table.columns, 'filterable')));
    conditions.push(ilike(col.expr, value));
  }
  if (q.q) {
    const searchable = table.columns.filter((c) => c.searchable ?? c.filterable);
    if (searchable.length)
      conditions.push(
        sql`(${sql.join(
          searchable.map((c) => ilike(c.expr, q.q!)),
          sql` OR `,
        )})`,
      );
  }
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const direction = sql.raw(order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  const orderBy = sql`ORDER BY ${sortCol.sortExpr ?? sortCol.expr} ${direction}, ${table.tiebreak}`;
  return { where, orderBy, sortId, order };
}

/**
 * GET /api/contratista/Listadinamico/{idtabla}: one query for the page (cell expressions computed
 * for its rows only) and a plain count when the page does not show the whole result. Values are
 * always SQL parameters; identifiers only ever come from the table declaration.
 */
export async function getList(opts: {
  /** Today in Colombia (YYYY-MM-DD) from the app's clock. */
  hoy: string;
  db: Db;
  table: TableDef;
  caller: ListCaller;
  rawQuery: Record<string, unknown>;
}): Promise<TableDescription[]> {
  const parsed = parseListQuery(opts.rawQuery);
  if (!parsed.ok) throw new AppError('bad_request', parsed.message);
  const q = parsed.value;
  const table = await opts.table.bind({ db: opts.db, caller: opts.caller, params: q.params, hoy: opts.hoy });
  const { where, orderBy, sortId, order } = plan(table, q);

  const selects = [
    ...table.columns.map((c, i) => sql`(${c.expr})::text AS ${alias(i)}`),
    ...Object.entries(table.extra ?? {}).map(([name, expr]) => sql`${expr} AS ${extraAlias(name)}`),
  ];
  const offset = (q.page - 1) * q.size;
  const rows = await query<Row>(
    opts.db,
    sql`SELECT ${sql.join(selects, sql`, `)} FROM ${table.from} ${where} ${orderBy} LIMIT ${q.size} OFFSET ${offset}`,
  );
  // The total needs its own count unless this page already shows the end of the first page.
  let total = rows.length;
  if (q.page > 1 || rows.length === q.size) {
    const [c] = await query<{ n: number | string }>(
      opts.db,
      sql`SELECT count(*) AS n FROM ${table.from} ${where}`,
    );
    total = Number(c.n);
  }

  const datos = rows.map((raw) => {
    const row: Row = {};
    table.columns.forEach((c, i) => (row[c.id] = raw[`c${i}`]));
    for (const name of Object.keys(table.extra ?? {})) row[name] = raw[`x_${name}`];
    const out: Record<string, string> = {};
    for (const c of table.columns)
      out[c.id] = c.cell ? c.cell(row) : safeText(row[c.id] == null ? '' : String(row[c.id]));
    return out;
  });

  return [
    {
      idtabla: opts.table.id,
      ...table.header,
      datos,
      columnas: table.columns.map((c) => ({
        id: c.id,
        descripcion: c.descripcion,
        ordenable: !!c.sortable,
        filtrable: !!c.filterable,
        ...(c.tipo && c.tipo !== 'texto' ? { tipo: c.tipo } : {}),
      })),
      total,
      page: q.page,
      size: q.size,
      sort: sortId,
      order,
      pageSizes: [...LIST_PAGE_SIZES],
    },
  ];
}

/** The hidden event column every table starts with (its value fills {evento} in menu links). */
export function eventColumn(expr: SQL): ColumnDef {
  return {
    id: LIST_EVENT_COLUMN,
    descripcion: LIST_EVENT_COLUMN,
    expr,
    sortable: true,
    filterable: false,
    searchable: false,
  };
}
