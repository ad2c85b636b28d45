import { sql, type SQL } from 'drizzle-orm';
import type { ModuloCodigo } from '@proveedores/domain';
import { reusoLateralSql } from './reuso-sql';
import { aplicaSql, flagsEmpresaSql, slotTagSql, SLOT_TAG } from './status-sql';

const t = Object.fromEntries(Object.entries(SLOT_TAG).map(([k, v]) => [k, sql.raw(String(v))])) as Record<
  keyof typeof SLOT_TAG,
  SQL
>;

/**
 * THE set of evidence slots and their status (docs/decisions/110): which slots the companies in
 * scope owe today, and the state of each slot's newest submission, as CTEs ending in `slot`. The
 * home summary and drill-down, the staff compliance view and Excel, and the reminders select from
 * it; the evidence lists use the same pieces for one scope (evidence-sql.ts). Pure twin:
 * domain/src/rules/compliance.ts.
 *
 * Which slots (docs/decisions/021, 031):
 * - 'sg-sst': one per company and applicable requirement; `aplica_si` looks at ANY active contract.
 * - 'g-retenido': one per active contract and applicable requirement (the contract's activity).
 * - 'g-riesgo': one per active contract, applicable requirement and month, from the contract's first
 *   month to `hoy`'s month.
 * - 'sg-personal': one per active contract, applicable requirement and worker actively linked to the
 *   contract (a link is only made between a company's own worker and contract: empleados/link-*).
 *
 * slot: empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes (NULL where the
 * module has no such key), entrega_id (the submission that counts: the newest, or the newest approval
 * in force while a renewal awaits review or was rejected, docs/decisions/164, or for a worker slot
 * the worker's approved document of another contract, docs/decisions/138; NULL when none),
 * renovacion_id (the renewal awaiting review while that approval counts, else NULL),
 * reuso_contrato_id (that other contract, else NULL), propia_id (then the slot's own newest
 * submission, if any), cod_estado (-2, -1, 0,
 * 1, 9: `codSlot`) and categoria ('faltante', 'rechazado', 'vencido', 'porvencer' or NULL:
 * `categoriaSlot`). Anything else of the submission: JOIN entregas ON id = slot.entrega_id.
 */
export type SlotScope = {
  /**
   * One company (a contractor's token, or staff naming one), some companies (the active ones among
   * them), a page of the active companies ordered by razón social, or every active company.
   */
  empresa: { id: number } | { ids: number[] } | { page: number; pageSize: number } | 'todas';
  /** Limit to one module, or to some; all four when absent. */
  modulo?: ModuloCodigo | readonly ModuloCodigo[];
  /**
   * Limit the contract-level slots (per contract, month or worker) to these contracts; the company's
   * flags still come from all its active contracts (a company-level slot is owed by ANY of them).
   */
  contratoIds?: readonly number[];
  /** Limit the worker slots to this worker. */
  empleadoId?: number;
  /** Today in Colombia (YYYY-MM-DD) from the app's clock: months and validity turn at midnight there. */
  hoy: string;
  /**
   * The 'por vencer' window in days (EXPIRY_WARNING_DAYS). Only `categoria` depends on it: views that
   * show no 'por vencer' (staff compliance, reminders) leave it out.
   */
  warningDays?: number;
};

/** An int[] as ONE bound parameter (any number of ids; each must be an integer). */
export const intArraySql = (ids: readonly number[]): SQL => {
  if (!ids.every(Number.isSafeInteger)) throw new Error('intArraySql: not an integer');
  return sql`${`{${ids.join(',')}}`}::int[]`;
};

/**
 * THE set of slots owed (the rule above, one home): the CTEs emp (companies in scope), ctr (their
 * active contracts in scope), flags, req and raw (empresa_id, modulo, requisito_id, opcional,
 * contrato_id, empleado_id, ano, mes), without the leading WITH. slotsSql adds each slot's status;
 * fitness (aptitud-sql.ts) reads each owed slot's submissions one slot at a time instead.
 */
export function owedSlotsSql(scope: SlotScope): SQL {
  const modulos =
    scope.modulo === undefined ? null : typeof scope.modulo === 'string' ? [scope.modulo] : scope.modulo;
  const want = (m: ModuloCodigo) => !modulos || modulos.includes(m);
  const one = scope.empresa !== 'todas' && 'id' in scope.empresa ? scope.empresa.id : null;
  const page = scope.empresa !== 'todas' && 'page' in scope.empresa ? scope.empresa : null;
  const ids = scope.empresa !== 'todas' && 'ids' in scope.empresa ? scope.empresa.ids : null;

  const branches: SQL[] = [];
  if (want('sg-sst')) {
    branches.push(sql`
      SELECT emp.id AS empresa_id, r.modulo, r.id AS requisito_id, r.opcional,
             NULL::int AS contrato_id, NULL::int AS empleado_id, NULL::int AS ano, NULL::int AS mes
        FROM emp JOIN req r ON r.modulo = 'sg-sst'
        LEFT JOIN flags f ON f.empresa_id = emp.id
       WHERE ${aplicaSql('r', 'f')}`);
  }
  if (want('g-retenido')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, NULL::int, NULL::int, NULL::int
        FROM ctr c JOIN req r ON r.modulo = 'g-retenido'
       WHERE ${aplicaSql('r', 'c')}`);
  }
  if (want('g-riesgo')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, NULL::int,
             extract(year FROM m.periodo)::int, extract(month FROM m.periodo)::int
        FROM ctr c JOIN req r ON r.modulo = 'g-riesgo'
        CROSS JOIN LATERAL generate_series(date_trunc('month', c.fecha_inicio::timestamp),
                                           date_trunc('month', ${scope.hoy}::date::timestamp),
                                           interval '1 month') AS m(periodo)
       WHERE ${aplicaSql('r', 'c')}`);
  }
  if (want('sg-personal')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, ec.empleado_id, NULL::int, NULL::int
        FROM ctr c
        JOIN empleados_contratos ec ON ec.contrato_id = c.id AND ec.activo
             ${scope.empleadoId !== undefined ? sql`AND ec.empleado_id = ${scope.empleadoId}` : sql``}
        JOIN req r ON r.modulo = 'sg-personal'
       WHERE ${aplicaSql('r', 'c')}`);
  }

  return sql`
    emp AS (
      SELECT id, nit, razon_social FROM empresas
       WHERE activa ${one !== null ? sql`AND id = ${one}` : sql``}
       ${ids ? sql`AND id = ANY(${intArraySql(ids)})` : sql``}
       ${page ? sql`ORDER BY razon_social, nit LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}` : sql``}
    ),
    ctr AS MATERIALIZED (
      SELECT c.id, c.empresa_id, c.fecha_inicio, a.alturas, a.espacios_confinados, a.flota
        FROM contratos c
        JOIN emp ON emp.id = c.empresa_id
        JOIN actividades a ON a.id = c.actividad_id
       WHERE c.activo ${scope.contratoIds ? sql`AND c.id = ANY(${intArraySql(scope.contratoIds)})` : sql``}
    ),
    flags AS (${flagsEmpresaSql(sql`c.empresa_id IN (SELECT id FROM emp)`)}),
    req AS (
      SELECT id, modulo, opcional, aplica_si FROM requisitos
       WHERE activo ${
         modulos
           ? sql`AND modulo IN (${sql.join(
               modulos.map((m) => sql`${m}`),
               sql`, `,
             )})`
           : sql``
       }
    ),
    raw (empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes) AS (
      ${sql.join(branches, sql` UNION ALL `)}
    )`;
}

export function slotsSql(scope: SlotScope): SQL {
  const one = scope.empresa !== 'todas' && 'id' in scope.empresa ? scope.empresa.id : null;
  return sql`
    WITH ${owedSlotsSql(scope)},
    -- Every submission of the scope with its status tag (slotTagSql: id * 8 + state), so that max()
    -- picks the newest submission's state per slot in one hash aggregate (no sort, no join back).
    ent AS (
      SELECT e.empresa_id, e.requisito_id, coalesce(e.contrato_id, 0) AS ck, coalesce(e.empleado_id, 0) AS ek,
             coalesce(e.ano, 0)::int AS ak, coalesce(e.mes, 0)::int AS mk,
             ${slotTagSql('e', scope.hoy, scope.warningDays ?? 0)} AS tag
        FROM ${
          one !== null
            ? sql`entregas e WHERE e.empresa_id = ${one}`
            : // Several companies: one index scan per company (OFFSET 0 keeps the planner from turning
              // this into a hash join over the whole table, which a generic plan would do).
              sql`emp CROSS JOIN LATERAL (SELECT * FROM entregas x WHERE x.empresa_id = emp.id OFFSET 0) AS e`
        }
    ),
    grp AS (
      SELECT empresa_id, requisito_id, ck, ek, ak, mk, max(modulo) AS modulo, bool_and(opcional) AS opcional,
             max(tag) AS ntag, max(tag) FILTER (WHERE tag % 8 IN (${t.VENCIDO}, ${t.POR_VENCER}, ${t.VIGENTE})) AS atag
        FROM (SELECT empresa_id, requisito_id, coalesce(contrato_id, 0) AS ck, coalesce(empleado_id, 0) AS ek,
                     coalesce(ano, 0) AS ak, coalesce(mes, 0) AS mk, modulo, opcional, NULL::bigint AS tag
                FROM raw
              UNION ALL
              SELECT empresa_id, requisito_id, ck, ek, ak, mk, NULL, NULL, tag FROM ent) AS u
       GROUP BY empresa_id, requisito_id, ck, ek, ak, mk
      HAVING bool_or(modulo IS NOT NULL) -- a slot; submissions of no current slot are history only
    ),
    -- The submission that counts (entregaQueCuenta, docs/decisions/164): while the newest (ntag)
    -- awaits review or was rejected and the newest approval (atag) is in force (por vencer or
    -- vigente), that approval; otherwise the newest. The renewal awaiting review is renovacion_id.
    cnt AS (
      SELECT empresa_id, requisito_id, ck, ek, ak, mk, modulo, opcional,
             CASE WHEN ntag % 8 IN (${t.CARGADO}, ${t.RECHAZADO}) AND atag % 8 IN (${t.POR_VENCER}, ${t.VIGENTE})
                  THEN atag ELSE ntag END AS tag,
             CASE WHEN ntag % 8 = ${t.CARGADO} AND atag % 8 IN (${t.POR_VENCER}, ${t.VIGENTE})
                  THEN ntag / 8 END AS renovacion_id
        FROM grp
    ),
    -- A worker slot whose own newest submission is not approved and in force takes the worker's
    -- approved document of another contract of the company (reuso-sql.ts, docs/decisions/138).
    fin AS (
      SELECT g.empresa_id, g.requisito_id, g.ck, g.ek, g.ak, g.mk, g.modulo, g.opcional,
             CASE WHEN ru.id IS NULL THEN g.tag ELSE ${slotTagSql('ru', scope.hoy, scope.warningDays ?? 0)} END AS tag,
             ru.contrato_id AS reuso_contrato_id, CASE WHEN ru.id IS NULL THEN NULL ELSE g.tag / 8 END AS propia_id,
             g.renovacion_id
        FROM cnt g
        ${reusoLateralSql({
          as: 'ru',
          empresa: sql`g.empresa_id`,
          requisito: sql`g.requisito_id`,
          contrato: sql`g.ck`,
          empleado: sql`g.ek`,
          omitir: sql`(g.ek = 0 OR coalesce(g.tag % 8 IN (${t.POR_VENCER}, ${t.VIGENTE}), false))`,
          hoy: scope.hoy,
        })}
    ),
    slot AS (
      SELECT empresa_id, modulo, requisito_id, opcional, nullif(ck, 0) AS contrato_id, nullif(ek, 0) AS empleado_id,
             nullif(ak, 0) AS ano, nullif(mk, 0) AS mes, tag / 8 AS entrega_id, reuso_contrato_id, propia_id,
             renovacion_id,
             CASE WHEN tag IS NULL THEN -2
                  WHEN tag % 8 = ${t.RECHAZADO} THEN -1
                  WHEN tag % 8 = ${t.VENCIDO} THEN 9
                  WHEN tag % 8 IN (${t.POR_VENCER}, ${t.VIGENTE}) THEN 1
                  ELSE 0 END AS cod_estado,
             CASE
               WHEN tag IS NULL THEN CASE WHEN NOT opcional THEN 'faltante' END
               WHEN tag % 8 = ${t.RECHAZADO} THEN 'rechazado'
               WHEN tag % 8 = ${t.VENCIDO} THEN 'vencido'
               WHEN tag % 8 = ${t.POR_VENCER} THEN 'porvencer'
             END AS categoria
        FROM fin
    )`;
}
