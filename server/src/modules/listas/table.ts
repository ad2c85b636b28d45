import type { SQL } from 'drizzle-orm';
import type { ListBoton, ListColumnTipo, ListContextoMenu } from '@proveedores/domain';
import type { Db } from '../../db/client';

/**
 * The declarative shape of one data-driven table (docs/decisions/051). A table says who may read
 * it, how its table parameters become a scope, where its rows come from (a FROM clause and WHERE
 * conditions that always carry the caller's company or role), and its columns. The engine in
 * get-list.ts adds paging, sorting, search and filters; nothing else builds SQL from a request.
 */

export type ListRole = 'proveedor' | 'staff';

/** Who is asking: a company (from the token) or staff. */
export type ListCaller = {
  usuarioId: number;
  role: ListRole;
  empresaId: number | null;
  /** Staff who may write (administrador): only they get the write actions of staff tables. */
  admin: boolean;
};

export type Row = Record<string, unknown>;

export type ColumnDef = {
  /** Key in datos and in sort= / f_<id>= parameters; fixed identifiers only (never from a request). */
  id: string;
  descripcion: string;
  /** Text value of the column: what filters and the search box match (ILIKE), and the default cell. */
  expr: SQL;
  /** Sort expression when it differs from expr (dates, numbers, status codes). */
  sortExpr?: SQL;
  sortable?: boolean;
  filterable?: boolean;
  /** Included in the global search q (default: filterable). */
  searchable?: boolean;
  /** Turns the selected row into the cell string (links). Default: expr's text, made safe. */
  cell?: (row: Row) => string;
  /** What the column holds, for the exports (default 'texto'; docs/decisions/099). */
  tipo?: ListColumnTipo;
};

export type TableHeader = {
  titulo: string;
  subtitulo: string;
  parrafo: string;
  descripcion: string;
  boton: ListBoton[];
  contextoMenu: ListContextoMenu[];
  exportar: boolean;
  columnasVisibles: boolean;
  buscador: boolean;
  columnasBurcador: boolean;
};

/** A table bound to one request: everything the engine needs. */
export type BoundTable = {
  header: TableHeader;
  columns: ColumnDef[];
  /** 'FROM ... JOIN ...' without WHERE. */
  from: SQL;
  /** Conditions ANDed together; must scope rows to the caller (company or role). */
  where: SQL[];
  /** Extra values the cell functions read, selected as x_<name>. */
  extra?: Record<string, SQL>;
  defaultSort: { column: string; order: 'asc' | 'desc' };
  /** Unique tie-breaker appended to every ORDER BY so pages never overlap. */
  tiebreak: SQL;
};

export type TableDef = {
  id: string;
  roles: readonly ListRole[];
  /** Validates the table's own parameters (path, ident, ...) and binds the table to the caller. */
  bind: (opts: {
    db: Db;
    caller: ListCaller;
    params: Record<string, string>;
    /** Today in Colombia (YYYY-MM-DD) from the app's clock, for tables that show a status. */
    hoy: string;
  }) => BoundTable | Promise<BoundTable>;
};
