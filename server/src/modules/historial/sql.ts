import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces shared by the history tree and the histdocs list, so both show the same dates.
 * Colombia's wall clock: registro dates turn at midnight there. Statuses come from the compliance
 * engine (server/src/compliance/status-sql.ts `codEntregaSql`, docs/decisions/110).
 */
export const BOGOTA = 'America/Bogota';

/** 'YYYY-MM-DD HH:MM' in Colombia. */
export const fechaHoraSql = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE ${BOGOTA}, 'YYYY-MM-DD HH24:MI')`;
