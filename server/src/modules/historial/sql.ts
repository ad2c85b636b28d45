import { sql, type SQL } from 'drizzle-orm';
import { horaColombiaSql } from '../../db/colombia-sql';

/**
 * SQL pieces shared by the history tree and the histdocs list, so both show the same dates.
 * Colombia's wall clock (db/colombia-sql.ts, decision 174): registro dates turn at midnight there.
 * Statuses come from the compliance engine (server/src/compliance/status-sql.ts `codEntregaSql`,
 * docs/decisions/110).
 */

/** 'YYYY-MM-DD HH:MM' in Colombia. */
export const fechaHoraSql = (column: SQL) => sql`to_char(${horaColombiaSql(column)}, 'YYYY-MM-DD HH24:MI')`;
