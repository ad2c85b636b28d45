import { sql, type SQL } from 'drizzle-orm';
import type { ModuloCodigo } from '@proveedores/domain';

/**
 * The evidence slots of the shared data semantics, with the state of each slot's newest submission
 * (max(id)), as CTEs ending in `slot`. Both the summary and the drill-down select from it, so their
 * counts and rows cannot disagree. docs/decisions/021 explains every rule.
 *
 * slot: empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes (NULL where the
 * module has no such key), entrega_id (the newest submission, NULL when none) and categoria:
 *   'faltante'  mandatory slot with no submission at all       (filter -9)
 *   'porvencer' approved, vigencia ends within warningDays      (filter -5)
 *   'vencido'   approved, vigencia already ended (codEstado 9)  (filter -5)
 *   'rechazado' newest submission rejected                      (filter -1)
 *   NULL        nothing to do (uploaded pending review, approved and valid, optional and empty)
 */
export type SlotScope = {
  /** One company (contractor token, or staff naming a nit), or a page of the active companies
   * ordered by razón social (staff). */
  empresa: { id: number } | { page: number; pageSize: number };
  /** Limit to one module (drill-down); all four when absent. */
  modulo?: ModuloCodigo;
  warningDays: number;
  /** Today in Colombia (YYYY-MM-DD, `fechaColombia` of the app's clock): months and validity turn at
   * midnight there, not in the database's time zone. */
  hoy: string;
};

/** Requirement applicability: NULL = always, otherwise the activity flag of that name. */
const applies = (flags: string) =>
  sql.raw(`(r.aplica_si IS NULL
    OR (r.aplica_si = 'alturas' AND coalesce(${flags}.alturas, false))
    OR (r.aplica_si = 'espacios_confinados' AND coalesce(${flags}.espacios_confinados, false))
    OR (r.aplica_si = 'flota' AND coalesce(${flags}.flota, false)))`);

export function slotCtes(scope: SlotScope): SQL {
  const want = (m: ModuloCodigo) => !scope.modulo || scope.modulo === m;
  const one = 'id' in scope.empresa ? scope.empresa.id : null;
  const page = 'page' in scope.empresa ? scope.empresa : null;

  const branches: SQL[] = [];
  if (want('sg-sst')) {
    // Company-level: applies when ANY active contract of the company has the flag.
    branches.push(sql`
      SELECT emp.id AS empresa_id, r.modulo, r.id AS requisito_id, r.opcional,
             NULL::int AS contrato_id, NULL::int AS empleado_id, NULL::int AS ano, NULL::int AS mes
        FROM emp JOIN req r ON r.modulo = 'sg-sst'
        LEFT JOIN flags f ON f.empresa_id = emp.id
       WHERE ${applies('f')}`);
  }
  if (want('g-retenido')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, NULL::int, NULL::int, NULL::int
        FROM ctr c JOIN req r ON r.modulo = 'g-retenido'
       WHERE ${applies('c')}`);
  }
  if (want('g-riesgo')) {
    // One slot per month from the contract's first month to the current month.
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, NULL::int,
             extract(year FROM m.periodo)::int, extract(month FROM m.periodo)::int
        FROM ctr c JOIN req r ON r.modulo = 'g-riesgo'
        CROSS JOIN LATERAL generate_series(date_trunc('month', c.fecha_inicio::timestamp),
                                           date_trunc('month', ${scope.hoy}::date::timestamp),
                                           interval '1 month') AS m(periodo)
       WHERE ${applies('c')}`);
  }
  if (want('sg-personal')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, ec.empleado_id, NULL::int, NULL::int
        FROM ctr c
        JOIN empleados_contratos ec ON ec.contrato_id = c.id AND ec.activo
        JOIN req r ON r.modulo = 'sg-personal'
       WHERE ${applies('c')}`);
  }

  return sql`
    WITH emp AS (
      SELECT id, nit, razon_social FROM empresas
       WHERE activa ${one !== null ? sql`AND id = ${one}` : sql``}
       ${page ? sql`ORDER BY razon_social, nit LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}` : sql``}
    ),
    ctr AS MATERIALIZED (
      SELECT c.id, c.empresa_id, c.fecha_inicio, a.alturas, a.espacios_confinados, a.flota
        FROM contratos c
        JOIN emp ON emp.id = c.empresa_id
        JOIN actividades a ON a.id = c.actividad_id
       WHERE c.activo
    ),
    flags AS (
      SELECT empresa_id, bool_or(alturas) AS alturas, bool_or(espacios_confinados) AS espacios_confinados,
             bool_or(flota) AS flota
        FROM ctr GROUP BY empresa_id
    ),
    req AS (
      SELECT id, modulo, opcional, aplica_si FROM requisitos
       WHERE activo ${scope.modulo ? sql`AND modulo = ${scope.modulo}` : sql``}
    ),
    raw (empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes) AS (
      ${sql.join(branches, sql` UNION ALL `)}
    ),
    -- Every submission of the scope, tagged with what its state means for the summary. Encoding the
    -- tag into id * 8 + tag lets max() pick the newest submission's tag per slot in one hash
    -- aggregate (no DISTINCT ON sort, no merge join): 0 nothing to do, 1 rejected, 2 expired,
    -- 3 expiring within the window.
    ent AS (
      SELECT e.empresa_id, e.requisito_id, coalesce(e.contrato_id, 0) AS ck, coalesce(e.empleado_id, 0) AS ek,
             coalesce(e.ano, 0)::int AS ak, coalesce(e.mes, 0)::int AS mk,
             e.id * 8 + CASE
               WHEN e.estado = -1 THEN 1
               WHEN e.estado = 1 AND e.vigencia_hasta < ${scope.hoy}::date THEN 2
               WHEN e.estado = 1 AND e.vigencia_hasta <= ${scope.hoy}::date + ${scope.warningDays}::int THEN 3
               ELSE 0 END AS tag
        FROM ${
          one !== null
            ? sql`entregas e WHERE e.empresa_id = ${one}`
            : // A page of companies: one index scan per company (OFFSET 0 keeps the planner from
              // turning this into a hash join over the whole table, which a generic plan would do).
              sql`emp CROSS JOIN LATERAL (SELECT * FROM entregas x WHERE x.empresa_id = emp.id OFFSET 0) AS e`
        }
    ),
    grp AS (
      SELECT empresa_id, requisito_id, ck, ek, ak, mk, max(modulo) AS modulo, bool_and(opcional) AS opcional,
             max(tag) AS tag
        FROM (SELECT empresa_id, requisito_id, coalesce(contrato_id, 0) AS ck, coalesce(empleado_id, 0) AS ek,
                     coalesce(ano, 0) AS ak, coalesce(mes, 0) AS mk, modulo, opcional, NULL::bigint AS tag
                FROM raw
              UNION ALL
              SELECT empresa_id, requisito_id, ck, ek, ak, mk, NULL, NULL, tag FROM ent) AS u
       GROUP BY empresa_id, requisito_id, ck, ek, ak, mk
      HAVING bool_or(modulo IS NOT NULL) -- a slot; submissions of no current slot are history only
    ),
    slot AS (
      SELECT empresa_id, modulo, requisito_id, opcional, nullif(ck, 0) AS contrato_id, nullif(ek, 0) AS empleado_id,
             nullif(ak, 0) AS ano, nullif(mk, 0) AS mes, tag / 8 AS entrega_id,
             CASE
               WHEN tag IS NULL THEN CASE WHEN NOT opcional THEN 'faltante' END
               WHEN tag % 8 = 1 THEN 'rechazado'
               WHEN tag % 8 = 2 THEN 'vencido'
               WHEN tag % 8 = 3 THEN 'porvencer'
             END AS categoria
        FROM grp
    )`;
}
