import { sql, type SQL } from 'drizzle-orm';
import type { ModuloCodigo } from '@proveedores/domain';

/**
 * Every applicable evidence slot with the full state of its newest submission, as CTEs ending in
 * `slot` (plus `emp`, the companies in scope). The slot rules are those of the shared data
 * semantics, the same as the home summary (reporte/slots.ts, which keeps only a summary tag per
 * slot for speed); compliance.test.ts checks that both agree on the counts they share.
 *
 * slot: empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes (NULL where
 * the module has no such key), entrega_id (NULL = nothing uploaded), estado, vigencia_hasta,
 * motivo_rechazo.
 */
export type SlotScope = {
  /** One company, or null = every active company. */
  empresaId: number | null;
  modulo?: ModuloCodigo;
  /** Today in Colombia (YYYY-MM-DD): risk-management months run up to this date's month. */
  hoy: string;
};

const applies = (flags: string) =>
  sql.raw(`(r.aplica_si IS NULL
    OR (r.aplica_si = 'alturas' AND coalesce(${flags}.alturas, false))
    OR (r.aplica_si = 'espacios_confinados' AND coalesce(${flags}.espacios_confinados, false))
    OR (r.aplica_si = 'flota' AND coalesce(${flags}.flota, false)))`);

export function complianceSlots(scope: SlotScope): SQL {
  const want = (m: ModuloCodigo) => !scope.modulo || scope.modulo === m;
  const branches: SQL[] = [];
  if (want('sg-sst')) {
    // Company level: applies when ANY active contract of the company has the flag.
    branches.push(sql`
      SELECT emp.id, r.modulo, r.id, r.opcional, NULL::int, NULL::int, NULL::int, NULL::int
        FROM emp JOIN req r ON r.modulo = 'sg-sst' LEFT JOIN flags f ON f.empresa_id = emp.id
       WHERE ${applies('f')}`);
  }
  if (want('g-retenido')) {
    branches.push(sql`
      SELECT c.empresa_id, r.modulo, r.id, r.opcional, c.id, NULL::int, NULL::int, NULL::int
        FROM ctr c JOIN req r ON r.modulo = 'g-retenido' WHERE ${applies('c')}`);
  }
  if (want('g-riesgo')) {
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
        JOIN empleados em ON em.id = ec.empleado_id AND em.empresa_id = c.empresa_id
        JOIN req r ON r.modulo = 'sg-personal'
       WHERE ${applies('c')}`);
  }
  const byCompany = (column: string) =>
    scope.empresaId === null ? sql`true` : sql`${sql.raw(column)} = ${scope.empresaId}`;

  return sql`
    WITH emp AS (
      SELECT id, nit, razon_social FROM empresas WHERE activa AND ${byCompany('id')}
    ),
    ctr AS MATERIALIZED (
      SELECT c.id, c.empresa_id, c.fecha_inicio, a.alturas, a.espacios_confinados, a.flota
        FROM contratos c JOIN emp ON emp.id = c.empresa_id JOIN actividades a ON a.id = c.actividad_id
       WHERE c.activo
    ),
    flags AS (
      SELECT empresa_id, bool_or(alturas) AS alturas, bool_or(espacios_confinados) AS espacios_confinados, bool_or(flota) AS flota
        FROM ctr GROUP BY empresa_id
    ),
    req AS (
      SELECT id, modulo, opcional, aplica_si FROM requisitos
       WHERE activo ${scope.modulo ? sql`AND modulo = ${scope.modulo}` : sql``}
    ),
    raw (empresa_id, modulo, requisito_id, opcional, contrato_id, empleado_id, ano, mes) AS (
      ${sql.join(branches, sql` UNION ALL `)}
    ),
    latest AS (
      SELECT DISTINCT ON (e.empresa_id, e.requisito_id, e.contrato_id, e.empleado_id, e.ano, e.mes)
             e.empresa_id, e.requisito_id, coalesce(e.contrato_id, 0) AS ck, coalesce(e.empleado_id, 0) AS ek,
             coalesce(e.ano, 0)::int AS ak, coalesce(e.mes, 0)::int AS mk,
             e.id, e.estado, e.vigencia_hasta, e.motivo_rechazo
        FROM entregas e
       WHERE ${scope.empresaId === null ? sql`e.empresa_id IN (SELECT id FROM emp)` : byCompany('e.empresa_id')}
       ORDER BY e.empresa_id, e.requisito_id, e.contrato_id, e.empleado_id, e.ano, e.mes, e.id DESC
    ),
    slot AS (
      SELECT raw.*, l.id AS entrega_id, l.estado, l.vigencia_hasta, l.motivo_rechazo
        FROM raw
        LEFT JOIN latest l
          ON l.empresa_id = raw.empresa_id AND l.requisito_id = raw.requisito_id
         AND l.ck = coalesce(raw.contrato_id, 0) AND l.ek = coalesce(raw.empleado_id, 0)
         AND l.ak = coalesce(raw.ano, 0) AND l.mk = coalesce(raw.mes, 0)
    )`;
}
