import { sql, type SQL } from 'drizzle-orm';
import { ESTADO } from '@proveedores/domain';
import { sinTerminarSql } from './status-sql';

/**
 * A worker's document counts on every contract of the same company (docs/decisions/138): the SQL
 * twin of `entregaReusada` (domain/src/rules/compliance.ts), the ONE place the engine finds, for a
 * worker slot, the submission of another contract that counts. Every reader of the engine uses it:
 * the set of slots (slots-sql.ts: summary, drill-down, staff compliance, company counts, reminders),
 * one scope's evidence list (evidence-sql.ts) and fitness for site access (aptitud-sql.ts).
 *
 * A LEFT JOIN LATERAL giving alias `as` the columns id, contrato_id, estado, vigencia_hasta of the
 * newest (max id) submission of worker `empleado` and requirement `requisito` on another contract of
 * company `empresa` than `contrato`, approved and in force on `hoy` (no end, or ending today or
 * later); for a requirement whose validity rule is per project (decision 105, heights re-training)
 * only a contract of the same project counts. All NULL when none, or when `omitir` (a boolean SQL
 * that is never NULL: "the slot's own submission is approved and in force", or "not a worker slot")
 * is true; then nothing is read.
 *
 * The lookup reads entregas_slot_idx by (empresa_id, requisito_id) for one slot at a time, like the
 * fitness view's lookups; no index of its own (decision 138 measures it).
 */
export function reusoLateralSql(s: {
  as: string;
  empresa: SQL;
  requisito: SQL;
  contrato: SQL;
  empleado: SQL;
  omitir: SQL;
  hoy: string;
}): SQL {
  return sql`LEFT JOIN LATERAL (
      SELECT x.id, x.contrato_id, x.estado, x.vigencia_hasta
        FROM entregas x
        JOIN contratos xc ON xc.id = x.contrato_id
        JOIN requisitos xr ON xr.id = x.requisito_id
       WHERE NOT (${s.omitir})
         AND x.empresa_id = ${s.empresa} AND x.requisito_id = ${s.requisito}
         AND x.empleado_id = ${s.empleado} AND x.contrato_id <> ${s.contrato}
         AND x.ano IS NULL AND x.mes IS NULL
         AND x.estado = ${sql.raw(String(ESTADO.APROBADO))}
         AND ${sinTerminarSql('x', s.hoy)}
         AND (xr.regla_vigencia->>'tipo' IS DISTINCT FROM 'por_proyecto'
              OR xc.proyecto_id = (SELECT sc.proyecto_id FROM contratos sc WHERE sc.id = ${s.contrato}))
       ORDER BY x.id DESC LIMIT 1) AS ${sql.raw(s.as)} ON true`;
}

/** Twin of `enVigor`: submission alias `e` is approved and in force on `hoy` (false, never NULL, when none). */
export const enVigorSql = (e: string, hoy: string): SQL => {
  const x = sql.raw(e);
  return sql`coalesce(${x}.estado = ${sql.raw(String(ESTADO.APROBADO))} AND ${sinTerminarSql(e, hoy)}, false)`;
};
