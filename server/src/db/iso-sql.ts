import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz expression as the API writes instants: ISO 8601 in UTC to the millisecond, the text
 * `Date.prototype.toISOString` gives for the same instant (both drop the microseconds, neither
 * rounds). Formatted by PostgreSQL, so that a list of many rows does not parse each instant into a
 * Date and format it again in the server (docs/decisions/155).
 */
export const isoSql = (expr: SQL | string): SQL =>
  sql`to_char((${typeof expr === 'string' ? sql.raw(expr) : expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
