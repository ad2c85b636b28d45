import { sql } from 'drizzle-orm';
import type { Maestras, MasterItem } from '@proveedores/domain';
import { query, type Db } from '../../db/client';

const COLLATOR = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * GET /api/contratista/maestras: active master data in one round trip, ordered by descripcion the
 * Spanish way (accents next to their letter whatever the database collation is).
 */
export async function listMaestras(opts: { db: Db }): Promise<[Maestras]> {
  const rows = await query<{ tabla: keyof Maestras; id: number; descripcion: string }>(
    opts.db,
    sql`SELECT 'regionales' AS tabla, id, descripcion FROM regionales WHERE activo
        UNION ALL SELECT 'proyectos', id, descripcion FROM proyectos WHERE activo
        UNION ALL SELECT 'actividad', id, descripcion FROM actividades WHERE activo
        UNION ALL SELECT 'tipoContrato', id, descripcion FROM tipos_contrato WHERE activo`,
  );
  const out: Maestras = { regionales: [], proyectos: [], actividad: [], tipoContrato: [] };
  for (const r of rows) out[r.tabla].push({ id: r.id, descripcion: r.descripcion } satisfies MasterItem);
  for (const list of Object.values(out))
    list.sort((a, b) => COLLATOR.compare(a.descripcion, b.descripcion) || a.id - b.id);
  return [out];
}
