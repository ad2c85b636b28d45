import { sql } from 'drizzle-orm';
import type { AptitudTrabajador } from '@proveedores/domain';
import { queryPrepared } from '../db/prepared';
import type { Db } from '../db/client';
import { aptitudDe } from './aptitud-sql';

/**
 * A project's fitness of one Colombian day, computed once per change (docs/decisions/126).
 *
 * The gate asks "may this worker enter this project today?" many times a minute and the answer only
 * changes when something of the worker's company changes. `aptitudDe` (decision 121) reads the
 * company's contracts, worker links, submissions, workers, the company itself and the temporary
 * authorizations; the catalogue and the projects. Decision 119's triggers move the company's counter
 * (`cumplimiento_versiones`) on every one of those (migration 0007 added workers, companies and
 * authorizations) and row 0 on the catalogue and projects. So the rows `aptitudDe` gave for a company
 * after its counters read (v, c) are still its rows while the counters read (v, c) and the day is the
 * same.
 *
 * Entries are kept per database handle, project and company, replaced (never grown) when a counter or
 * the day moves and dropped when the company no longer has active contracts on the project. A
 * recomputation is shared by the requests that arrive while it runs.
 */
type Entry = { fecha: string; version: number; catalogo: number; rows: AptitudTrabajador[] };
type Project = Map<number, Entry>;
const caches = new WeakMap<Db, Map<number, Project>>();
const running = new WeakMap<Db, Map<string, Promise<AptitudTrabajador[]>>>();

type Empresa = { id: number; contratos: number[]; version: number; catalogo: number };

/**
 * The companies with active contracts on the project (active companies only, as `aptitudDe`), in
 * `aptitudDe`'s order, with their counters: one statement, prepared.
 */
const empresasDelProyecto = (db: Db, proyectoId: number) =>
  queryPrepared<Empresa>(
    db,
    sql`SELECT e.id, array_agg(c.id ORDER BY c.id) AS contratos,
               coalesce(max(v.version), 0)::float8 AS version,
               coalesce((SELECT version FROM cumplimiento_versiones WHERE empresa_id = 0), 0)::float8 AS catalogo
          FROM contratos c
          JOIN empresas e ON e.id = c.empresa_id AND e.activa
          LEFT JOIN cumplimiento_versiones v ON v.empresa_id = e.id
         WHERE c.proyecto_id = ${proyectoId} AND c.activo
         GROUP BY e.id, e.razon_social
         ORDER BY e.razon_social, e.id`,
  );

/**
 * Every worker of the project's active contracts with their fitness on `fecha`: the same rows, in the
 * same order, as `aptitudDe(db, { fecha, proyectoId })`, from the cache where nothing has changed.
 */
export async function aptitudDeProyecto(
  db: Db,
  opts: { proyectoId: number; fecha: string },
): Promise<AptitudTrabajador[]> {
  let all = caches.get(db);
  if (!all) caches.set(db, (all = new Map()));
  let proyecto = all.get(opts.proyectoId);
  if (!proyecto) all.set(opts.proyectoId, (proyecto = new Map()));
  const empresas = await empresasDelProyecto(db, opts.proyectoId);

  const vigentes = new Set(empresas.map((e) => e.id));
  for (const id of proyecto.keys()) if (!vigentes.has(id)) proyecto.delete(id);

  const partes = await Promise.all(
    empresas.map((e) => {
      const version = Number(e.version);
      const catalogo = Number(e.catalogo);
      const entry = proyecto.get(e.id);
      if (entry && entry.fecha === opts.fecha && entry.version === version && entry.catalogo === catalogo)
        return entry.rows;
      return recompute(db, proyecto, e.id, { fecha: opts.fecha, version, catalogo, contratos: e.contratos });
    }),
  );
  return partes.flat();
}

function recompute(
  db: Db,
  proyecto: Project,
  empresaId: number,
  k: { fecha: string; version: number; catalogo: number; contratos: number[] },
): Promise<AptitudTrabajador[]> {
  let enCurso = running.get(db);
  if (!enCurso) running.set(db, (enCurso = new Map()));
  const key = `${empresaId}:${k.fecha}:${k.version}:${k.catalogo}:${k.contratos.join(',')}`;
  const pending = enCurso.get(key);
  if (pending) return pending;
  const p = aptitudDe(db, { fecha: k.fecha, contratoIds: k.contratos.map(Number) })
    .then((rows) => {
      // Whatever finishes last is kept: an entry is only used when its counters equal the current
      // ones, so an older computation stored late costs a recomputation, never a stale answer.
      proyecto.set(empresaId, { fecha: k.fecha, version: k.version, catalogo: k.catalogo, rows });
      return rows;
    })
    .finally(() => enCurso.delete(key));
  enCurso.set(key, p);
  return p;
}
