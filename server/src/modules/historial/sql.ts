import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL pieces shared by the history tree and the histdocs list, so both show the same dates and
 * codes. Colombia's wall clock: registro dates and 'expired' turn at midnight there.
 */
export const BOGOTA = 'America/Bogota';

/** 'YYYY-MM-DD HH:MM' in Colombia. */
export const fechaHoraSql = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE ${BOGOTA}, 'YYYY-MM-DD HH24:MI')`;

export const hoySql = sql`(now() AT TIME ZONE ${BOGOTA})::date`;

/** Status code of one submission (alias e): its estado, or 9 when approved and past vigencia_hasta. */
export const codEntregaSql = (e: string) =>
  sql`CASE WHEN ${sql.raw(e)}.estado = 1 AND ${sql.raw(e)}.vigencia_hasta < ${hoySql} THEN 9 ELSE ${sql.raw(e)}.estado END`;
