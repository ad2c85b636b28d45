import { sql, type SQL } from 'drizzle-orm';
import { MODULOS, MSG, type ModuloCodigo, type ReporteEmpresa } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { AppError } from '../../errors';
import {
  companyCounts,
  countsStatementSql,
  withVersionsSql,
  type CountKind,
  type Versiones,
} from '../../compliance/company-counts';
import type { EmpresaScope } from './policy';

/** A module's counts of the summary (docs/decisions/021). */
export type SummaryCounts = {
  modulo: ModuloCodigo;
  faltantes: number;
  poxvencer: number;
  vencidos: number;
  rechazados: number;
};

/**
 * The summary's kind of cached per-company counts (docs/decisions/144): the slots of each category
 * per module. The category depends on the 'por vencer' window, so the window is part of the kind.
 */
export const resumenKind = (warningDays: number): CountKind<SummaryCounts> => ({
  name: 'resumen',
  warningDays,
  columns: sql`
    count(*) FILTER (WHERE s.categoria = 'faltante')::int AS faltantes,
    count(*) FILTER (WHERE s.categoria = 'porvencer')::int AS poxvencer,
    count(*) FILTER (WHERE s.categoria = 'vencido')::int AS vencidos,
    count(*) FILTER (WHERE s.categoria = 'rechazado')::int AS rechazados`,
  row: (r, modulo) => ({
    modulo,
    faltantes: r.faltantes,
    poxvencer: r.poxvencer,
    vencidos: r.vencidos,
    rechazados: r.rechazados,
  }),
});

/** The counting statement of the summary for one or more companies (exported so the benchmark can EXPLAIN it). */
export function summarySql(opts: {
  empresa: { id: number } | { ids: number[] };
  warningDays: number;
  hoy: string;
}): SQL {
  const ids = 'id' in opts.empresa ? [opts.empresa.id] : opts.empresa.ids;
  return countsStatementSql(resumenKind(opts.warningDays), opts.hoy, ids);
}

type Company = Versiones & { nit: string; razon_social: string; activa: boolean };

/** The companies of a scope with their change counters, in the summary's order, in one statement. */
function companiesSql(scope: EmpresaScope): SQL {
  const cols = sql`SELECT id, nit, razon_social, activa FROM empresas`;
  const companies =
    'id' in scope
      ? sql`${cols} WHERE id = ${scope.id}`
      : 'nit' in scope
        ? sql`${cols} WHERE nit = ${scope.nit}`
        : sql`${cols} WHERE activa ORDER BY razon_social, nit
               LIMIT ${scope.pageSize} OFFSET ${(scope.page - 1) * scope.pageSize}`;
  return sql`SELECT * FROM (${withVersionsSql(companies)}) AS p ORDER BY p.razon_social, p.nit`;
}

/**
 * GET /api/contratista/reporte: per company, per module, the counts of the home (docs/decisions/021);
 * modules with nothing to report are listed with zeros. The companies of the scope and their change
 * counters are read in one statement; the counts come from the per-company cache of decision 119
 * (docs/decisions/144): a company is counted again only when something it owes changed, the day
 * turned or the window differs, and the companies to count are counted in one statement. A company
 * named by id or NIT that is not active has no summary (an empty list); an unknown NIT is 404.
 */
export async function getSummary(opts: {
  db: Db;
  scope: EmpresaScope;
  warningDays: number;
  /** Today in Colombia, YYYY-MM-DD. */
  hoy: string;
}): Promise<ReporteEmpresa[]> {
  const found = await queryPrepared<Company>(opts.db, companiesSql(opts.scope));
  if ('nit' in opts.scope && found.length === 0) throw new AppError('not_found', MSG.notFound);
  const companies = found.filter((c) => c.activa);
  const counts = await companyCounts(opts.db, resumenKind(opts.warningDays), opts.hoy, companies);

  // A company deactivated between the two statements has no counts: it is left out, not shown as zeros.
  return companies.flatMap((c) => {
    const rows = counts.get(c.id);
    if (!rows) return [];
    let total = 0;
    const modulos = MODULOS.map((m) => {
      const r = rows.find((x) => x.modulo === m.codigo);
      const n = {
        faltantes: r?.faltantes ?? 0,
        poxvencer: r?.poxvencer ?? 0,
        vencidos: r?.vencidos ?? 0,
        rechazados: r?.rechazados ?? 0,
      };
      total += n.faltantes + n.poxvencer + n.vencidos + n.rechazados;
      return { modulo: m.codigo, nombre: m.nombre, ...n };
    });
    return [{ nit: c.nit, razonsocial: c.razon_social, total, modulos }];
  });
}
