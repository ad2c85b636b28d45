import { sql, type SQL } from 'drizzle-orm';
import { MESES } from '@proveedores/domain';
import { horaColombiaSql } from '../../db/colombia-sql';

/**
 * How list cells read dates (docs/decisions/092, 099, 168): the SQL twins of formatDia/formatDiaHora,
 * what the screen, Excel, PDF and CSV show, and what the column filters and the search box match.
 * Sorting keeps using the real value (sortExpr).
 */

/** An instant as 'dd/mm/aaaa HH:MM' in Colombia. */
export const diaHoraSql = (column: SQL) => sql`to_char(${horaColombiaSql(column)}, 'DD/MM/YYYY HH24:MI')`;

/** A calendar day as 'dd/mm/aaaa' ('' when null). */
export const diaSql = (column: SQL) => sql`coalesce(to_char(${column}, 'DD/MM/YYYY'), '')`;

/** A period as 'Noviembre 2026' (formatLapso). */
export const lapsoSql = (ano: SQL, mes: SQL) =>
  sql`(CASE ${mes} ${sql.join(
    MESES.map((m, i) => sql`WHEN ${i + 1} THEN ${m}`),
    sql` `,
  )} END) || ' ' || ${ano}::text`;
