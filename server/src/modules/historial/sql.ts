import { sql, type SQL } from 'drizzle-orm';
import { ESTADO, labelEstado } from '@proveedores/domain';

/**
 * SQL pieces shared by the history tree and the histdocs list, so both show the same dates and
 * codes. Colombia's wall clock: registro dates and 'expired' turn at midnight there.
 */
export const BOGOTA = 'America/Bogota';

/** 'YYYY-MM-DD HH:MM' in Colombia. */
export const fechaHoraSql = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE ${BOGOTA}, 'YYYY-MM-DD HH24:MI')`;

export const hoySql = sql`(now() AT TIME ZONE ${BOGOTA})::date`;

/** A newer submission of the same slot (same company, requirement, contract, worker, period) than `e`. */
const newerInSlotSql = (e: string) => {
  const x = sql.raw(e);
  return sql`EXISTS (SELECT 1 FROM entregas nx
     WHERE nx.empresa_id = ${x}.empresa_id AND nx.requisito_id = ${x}.requisito_id
       AND nx.contrato_id IS NOT DISTINCT FROM ${x}.contrato_id
       AND nx.empleado_id IS NOT DISTINCT FROM ${x}.empleado_id
       AND nx.ano IS NOT DISTINCT FROM ${x}.ano AND nx.mes IS NOT DISTINCT FROM ${x}.mes
       AND nx.id > ${x}.id)`;
};

/**
 * Status code of one submission (alias e), the SQL twin of `codEntrega` in domain/src/rules/status.ts
 * (docs/decisions/093): 9 when approved and past vigencia_hasta; REEMPLAZADO (2) when it was still
 * awaiting review and a newer submission of its slot exists (history, never pending work);
 * otherwise its estado.
 */
export const codEntregaSql = (e: string) =>
  sql`CASE WHEN ${sql.raw(e)}.estado = ${sql.raw(String(ESTADO.APROBADO))} AND ${sql.raw(e)}.vigencia_hasta < ${hoySql}
             THEN ${sql.raw(String(ESTADO.VENCIDO))}
           WHEN ${sql.raw(e)}.estado = ${sql.raw(String(ESTADO.CARGADO))} AND ${newerInSlotSql(e)}
             THEN ${sql.raw(String(ESTADO.REEMPLAZADO))}
           ELSE ${sql.raw(e)}.estado END`;

/** The Spanish label of `codEntregaSql` (labels of domain/rules/status), for lists that show it as text. */
export const estadoEntregaLabelSql = (e: string) => sql`CASE ${codEntregaSql(e)}
  WHEN ${ESTADO.VENCIDO} THEN ${labelEstado(ESTADO.VENCIDO)}
  WHEN ${ESTADO.APROBADO} THEN ${labelEstado(ESTADO.APROBADO)}
  WHEN ${ESTADO.RECHAZADO} THEN ${labelEstado(ESTADO.RECHAZADO)}
  WHEN ${ESTADO.REEMPLAZADO} THEN ${labelEstado(ESTADO.REEMPLAZADO)}
  ELSE ${labelEstado(ESTADO.CARGADO)} END`;
