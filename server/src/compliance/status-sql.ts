import { sql, type SQL } from 'drizzle-orm';
import { APLICA_SI, ESTADO, labelEstado, sumarDias } from '@proveedores/domain';

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
 * The activity flags of the contracts matching `contratos` (a condition on alias `c`), with `n` the
 * contracts and `fecha_inicio` the earliest start: one row, or one per company with `porEmpresa`.
 */
export const flagsContratosSql = (contratos: SQL, porEmpresa: boolean): SQL =>
  sql`SELECT ${porEmpresa ? sql`c.empresa_id, ` : sql``}count(*)::int AS n,
             min(c.fecha_inicio)::text AS fecha_inicio, ${FLAGS_OR}
        FROM contratos c JOIN actividades a ON a.id = c.actividad_id
       WHERE ${contratos}${porEmpresa ? sql` GROUP BY c.empresa_id` : sql``}`;

/**
 * THE company flags rule in SQL (twin of the domain's, docs/decisions/110): a company owes the
 * company-level items that the activity of ANY of its active contracts asks for, so its flags are
 * the activity flags OR-ed over its active contracts, for the companies of `empresas` (a condition
 * on `c.empresa_id`).
 */
export const flagsEmpresaSql = (empresas: SQL, porEmpresa = true): SQL =>
  flagsContratosSql(sql`c.activo AND ${empresas}`, porEmpresa);

/** The flags of alias `a` (actividades) OR-ed over the rows, false when there are none. */
export const FLAGS_OR = sql.raw(
  APLICA_SI.map((flag) => `coalesce(bool_or(a.${flag}), false) AS ${flag}`).join(', '),
);

/** THE expiry rule (twin of the domain's): submission `e` is approved and its validity ended before `hoy`. */
export const vencidaSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`(${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta < ${hoy}::date)`;
};

/** Approved `e` ends within `warningDays` of `hoy` (only meaningful once `vencidaSql` is false). */
const porVencerSql = (e: string, hoy: string, warningDays: number): SQL => {
  const x = sql.raw(e);
  return sql`(${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta <= ${hoy}::date + ${warningDays}::int)`;
};

/** Submission `e`'s validity has not ended on `hoy` (no end, or ending today or later). */
export const sinTerminarSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`(${x}.vigencia_hasta IS NULL OR ${x}.vigencia_hasta >= ${hoy}::date)`;
};

/**
 * Approved `e` ends exactly `dias` days after `hoy`, for one of `dias` (the reminder digest's 30, 7
 * and 0); dates are Colombian days from the calendar.
 */
export const venceEnSql = (e: string, hoy: string, dias: readonly number[]): SQL => {
  const x = sql.raw(e);
  return sql`(${x}.estado = ${n(ESTADO.APROBADO)} AND ${x}.vigencia_hasta IN (${sql.join(
    dias.map((d) => sql`${sumarDias(hoy, d)}::date`),
    sql`, `,
  )}))`;
};

/**
 * Status of a slot whose newest submission is alias `e` (all its columns NULL when none): -2 none,
 * 9 approved and ended before `hoy`, otherwise its estado. Twin of `codSlot`.
 */
export const codSlotSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`CASE WHEN ${x}.id IS NULL THEN ${n(ESTADO.PENDIENTE)}
      WHEN ${vencidaSql(e, hoy)} THEN ${n(ESTADO.VENCIDO)}
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
  return sql`CASE WHEN ${vencidaSql(e, hoy)} THEN ${n(ESTADO.VENCIDO)}
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
      WHEN ${vencidaSql(e, hoy)} THEN 'vencido'
      WHEN ${porVencerSql(e, hoy, warningDays)} THEN 'porvencer'
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
      WHEN ${vencidaSql(e, hoy)} THEN ${n(SLOT_TAG.VENCIDO)}
      WHEN ${porVencerSql(e, hoy, warningDays)} THEN ${n(SLOT_TAG.POR_VENCER)}
      WHEN ${x}.estado = ${n(ESTADO.APROBADO)} THEN ${n(SLOT_TAG.VIGENTE)}
      ELSE ${n(SLOT_TAG.CARGADO)} END`;
};

/**
 * The renewal rule (twin of `entregaQueCuenta`, docs/decisions/164) for views that read a slot's
 * newest submission `ultima` one slot at a time (the evidence list, fitness): a LEFT JOIN LATERAL
 * giving alias `as` the columns id, estado, vigencia_hasta of the slot's newest approval (`donde`:
 * the slot's keys on alias `v`) when it is in force on `hoy`, read only while `ultima` awaits
 * review or was rejected; all NULL otherwise. The submission that counts is then
 * coalesce(`as`, `ultima`); `ultima` is a pending renewal when `as` is set and it awaits review.
 */
export const vigenteLateralSql = (s: { as: string; ultima: string; donde: SQL; hoy: string }): SQL => {
  const u = sql.raw(s.ultima);
  return sql`LEFT JOIN LATERAL (
      SELECT a.* FROM (
        SELECT v.id, v.estado, v.vigencia_hasta FROM entregas v
         WHERE ${u}.estado IN (${n(ESTADO.CARGADO)}, ${n(ESTADO.RECHAZADO)}) AND ${s.donde}
           AND v.estado = ${n(ESTADO.APROBADO)}
         ORDER BY v.id DESC LIMIT 1) a
       WHERE ${sinTerminarSql('a', s.hoy)}) AS ${sql.raw(s.as)} ON true`;
};
