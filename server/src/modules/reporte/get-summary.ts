import { sql, type SQL } from 'drizzle-orm';
import { MODULOS, type ModuloCodigo, type ReporteEmpresa } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import type { EmpresaScope } from './policy';
import { resolveScope } from './resolve-scope';
import { slotsSql, type SlotScope } from '../../compliance/slots-sql';

type Row = {
  nit: string;
  razon_social: string;
  modulo: ModuloCodigo | null;
  faltantes: number;
  poxvencer: number;
  vencidos: number;
  rechazados: number;
};

/** The one statement of the summary (exported so the benchmark can EXPLAIN it). */
export function summarySql(opts: Omit<SlotScope, 'modulo'>): SQL {
  return sql`${slotsSql(opts)}
        SELECT emp.nit, emp.razon_social, a.modulo,
               coalesce(a.faltantes, 0)::int AS faltantes, coalesce(a.poxvencer, 0)::int AS poxvencer,
               coalesce(a.vencidos, 0)::int AS vencidos, coalesce(a.rechazados, 0)::int AS rechazados
          FROM emp
          LEFT JOIN (
            SELECT empresa_id, modulo,
                   count(*) FILTER (WHERE categoria = 'faltante') AS faltantes,
                   count(*) FILTER (WHERE categoria = 'porvencer') AS poxvencer,
                   count(*) FILTER (WHERE categoria = 'vencido') AS vencidos,
                   count(*) FILTER (WHERE categoria = 'rechazado') AS rechazados
              FROM slot WHERE categoria IS NOT NULL
             GROUP BY empresa_id, modulo
          ) a ON a.empresa_id = emp.id
         ORDER BY emp.razon_social, emp.nit`;
}

/**
 * GET /api/contratista/reporte: per company, per module, the counts of the home. One SQL statement
 * (docs/decisions/021); modules with nothing to report are listed with zeros.
 */
export async function getSummary(opts: {
  db: Db;
  scope: EmpresaScope;
  warningDays: number;
  /** Today in Colombia, YYYY-MM-DD. */
  hoy: string;
}): Promise<ReporteEmpresa[]> {
  const rows = await queryPrepared<Row>(
    opts.db,
    summarySql({
      empresa: await resolveScope(opts.db, opts.scope),
      warningDays: opts.warningDays,
      hoy: opts.hoy,
    }),
  );

  const byNit = new Map<string, ReporteEmpresa>();
  for (const r of rows) {
    let empresa = byNit.get(r.nit);
    if (!empresa) {
      empresa = {
        nit: r.nit,
        razonsocial: r.razon_social,
        total: 0,
        modulos: MODULOS.map((m) => ({
          modulo: m.codigo,
          nombre: m.nombre,
          faltantes: 0,
          poxvencer: 0,
          vencidos: 0,
          rechazados: 0,
        })),
      };
      byNit.set(r.nit, empresa);
    }
    const modulo = empresa.modulos.find((m) => m.modulo === r.modulo);
    if (!modulo) continue;
    Object.assign(modulo, {
      faltantes: r.faltantes,
      poxvencer: r.poxvencer,
      vencidos: r.vencidos,
      rechazados: r.rechazados,
    });
    empresa.total += r.faltantes + r.poxvencer + r.vencidos + r.rechazados;
  }
  return [...byNit.values()];
}
