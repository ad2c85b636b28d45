import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

type Internals = {
  dialect: { sqlToQuery: (s: SQL) => { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ) => { execute: () => Promise<{ rows: unknown[] } | unknown[]> };
  };
};

const names = new Map<string, string>();

/**
 * Runs a statement as a named prepared statement: on PostgreSQL each pooled connection parses and
 * plans it once and then reuses a generic plan, which halves the cost of the home summary (its
 * planning took as long as its execution; docs/decisions/022). The name is derived from the SQL
 * text, so statements of another shape (company vs all, one module) get their own name. PGlite
 * ignores the name and behaves like `query()`. Not for connection poolers in transaction mode.
 */
export async function queryPrepared<T>(db: Db, statement: SQL): Promise<T[]> {
  const internals = db as unknown as Internals;
  const q = internals.dialect.sqlToQuery(statement);
  let name = names.get(q.sql);
  if (!name) {
    name = `q_${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`;
    if (names.size < 100) names.set(q.sql, name);
  }
  const result = await internals.session.prepareQuery(q, undefined, name, false).execute();
  return (Array.isArray(result) ? result : result.rows) as T[];
}
