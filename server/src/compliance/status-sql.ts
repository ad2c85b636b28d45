import { sql, type SQL } from 'drizzle-orm';
import { APLICA_SI, ESTADO, labelEstado } from '@proveedores/domain';

/**
 * The SQL twins of the pure slot rule in domain/src/rules/compliance.ts and of `codEntrega` in
 * domain/src/rules/status.ts (docs/decisions/110). Every status a view shows is computed by one of
 * these for an explicit Colombian date `hoy` ('YYYY-MM-DD' from the app's clock), never from the
 * database's now() or current_date, which are UTC: from 19:00 in Bogotá they are already tomorrow.
 */

const n = (code: number) => sql.raw(String(code));

/** Whether requisito alias `r` applies given the activity flags of alias `f` (nulls = off). */
export const aplicaSql = (r: string, f: string): SQL =>
  sql.raw(
    `(${r}.aplica_si IS NULL OR ${APLICA_SI.map(
      (flag) => `(${r}.aplica_si = '${flag}' AND coalesce(${f}.${flag}, false))`,
    ).join(' OR ')})`,
  );

/**
 * Status of a slot whose newest submission is alias `e` (all its columns NULL when none): -2 none,
 * 9 approved and ended before `hoy`, otherwise its estado. Twin of `codSlot`.
 */
export const codSlotSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`CASE WHEN ${x}.id IS NULL THEN ${n(ESTADO.PENDIENTE)}
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta < ${hoy}::date THEN ${n(ESTADO.VENCIDO)}
      ELSE ${x}.estado END`;
};

/** A newer submission of the same slot (company, requirement, contract, worker, period) than `e`. */
export const newerInSlotSql = (e: string): SQL => {
  const x = sql.raw(e);
  return sql`EXISTS (SELECT 1 FROM entregas nx
     WHERE nx.empresa_id = ${x}.empresa_id AND nx.requisito_id = ${x}.requisito_id
       AND nx.contrato_id IS NOT DISTINCT FROM ${x}.contrato_id
       AND nx.empleado_id IS NOT DISTINCT FROM ${x}.empleado_id
       AND nx.ano IS NOT DISTINCT FROM ${x}.ano AND nx.mes IS NOT DISTINCT FROM ${x}.mes
       AND nx.id > ${x}.id)`;
};

/**
 * Status of ONE submission (alias `e`, an entregas row), twin of `codEntrega`
 * (docs/decisions/093): 9 approved and ended before `hoy`; REEMPLAZADO (2) awaiting review while a
 * newer submission of its slot exists; otherwise its estado.
 */
export const codEntregaSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`CASE WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta < ${hoy}::date THEN ${n(ESTADO.VENCIDO)}
           WHEN ${x}.estado = ${n(ESTADO.CARGADO)} AND ${newerInSlotSql(e)} THEN ${n(ESTADO.REEMPLAZADO)}
           ELSE ${x}.estado END`;
};

/** The Spanish label of a status code expression (labels of domain/rules/status). */
export const labelEstadoSql = (code: SQL): SQL => sql`CASE ${code}
  WHEN ${n(ESTADO.PENDIENTE)} THEN ${labelEstado(ESTADO.PENDIENTE)}
  WHEN ${n(ESTADO.VENCIDO)} THEN ${labelEstado(ESTADO.VENCIDO)}
  WHEN ${n(ESTADO.APROBADO)} THEN ${labelEstado(ESTADO.APROBADO)}
  WHEN ${n(ESTADO.RECHAZADO)} THEN ${labelEstado(ESTADO.RECHAZADO)}
  WHEN ${n(ESTADO.REEMPLAZADO)} THEN ${labelEstado(ESTADO.REEMPLAZADO)}
  ELSE ${labelEstado(ESTADO.CARGADO)} END`;

/**
 * Twin of `categoriaSlot`: what the slot whose newest submission is alias `e` means for the home
 * summary, given whether it is optional (boolean SQL `opcional`).
 */
export const categoriaSql = (e: string, opcional: SQL, hoy: string, warningDays: number): SQL => {
  const x = sql.raw(e);
  return sql`CASE
      WHEN ${x}.id IS NULL THEN CASE WHEN NOT ${opcional} THEN 'faltante' END
      WHEN ${x}.estado = ${n(ESTADO.RECHAZADO)} THEN 'rechazado'
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta < ${hoy}::date THEN 'vencido'
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta <= ${hoy}::date + ${warningDays}::int THEN 'porvencer'
    END`;
};

/**
 * The state of submission `e` as its slot's newest, packed with its id as `id * 8 + state` so that
 * max() over a slot's submissions gives the newest one's state (slots-sql.ts). States: the
 * categories of `categoriaSlot` plus awaiting review and approved-and-valid.
 */
export const SLOT_TAG = { CARGADO: 0, RECHAZADO: 1, VENCIDO: 2, POR_VENCER: 3, VIGENTE: 4 } as const;

export const slotTagSql = (e: string, hoy: string, warningDays: number): SQL => {
  const x = sql.raw(e);
  return sql`${x}.id * 8 + CASE
      WHEN ${x}.estado = ${n(ESTADO.RECHAZADO)} THEN ${n(SLOT_TAG.RECHAZADO)}
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta < ${hoy}::date THEN ${n(SLOT_TAG.VENCIDO)}
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta <= ${hoy}::date + ${warningDays}::int THEN ${n(SLOT_TAG.POR_VENCER)}
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} THEN ${n(SLOT_TAG.VIGENTE)}
      ELSE ${n(SLOT_TAG.CARGADO)} END`;
};
