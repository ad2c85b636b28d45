import { sql } from 'drizzle-orm';
import type { DepartamentoItem } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { memoize } from './memo';

const collator = new Intl.Collator('es', { sensitivity: 'base' });

/** All DANE departments with their municipalities (DIVIPOLA), both ordered by name in Spanish. */
export const listMunicipios = memoize(async (db: Db): Promise<DepartamentoItem[]> => {
  const rows = await query<{
    codigo_depto: string;
    nombre_depto: string;
    codigo_municipio: string;
    nombre_municipio: string;
  }>(
    db,
    sql`SELECT d.codigo AS codigo_depto, d.nombre AS nombre_depto, m.codigo AS codigo_municipio, m.nombre AS nombre_municipio
          FROM departamentos d JOIN municipios m ON m.departamento_codigo = d.codigo`,
  );
  const byDepto = new Map<string, DepartamentoItem>();
  for (const r of rows) {
    let d = byDepto.get(r.codigo_depto);
    if (!d)
      byDepto.set(
        r.codigo_depto,
        (d = { nombre_depto: r.nombre_depto, codigo_depto: r.codigo_depto, municipios: [] }),
      );
    d.municipios.push({ nombre_municipio: r.nombre_municipio, codigo_municipio: r.codigo_municipio });
  }
  const list = [...byDepto.values()].sort((a, b) => collator.compare(a.nombre_depto, b.nombre_depto));
  for (const d of list) d.municipios.sort((a, b) => collator.compare(a.nombre_municipio, b.nombre_municipio));
  return list;
});

/** Case-, accent-, punctuation- and spacing-insensitive key ('BOGOTA DC' = 'Bogotá D.C.'). */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export type Place = { departamento: string; codigo_depto: string; ciudad: string; codigo_municipio: string };

/**
 * Resolves the department and municipality given by DANE code or by name. 'departamento' when the
 * department does not exist, 'municipio' when the municipality is not one of that department's.
 */
export async function resolvePlace(
  db: Db,
  departamento: string,
  ciudad: string,
): Promise<Place | 'departamento' | 'municipio'> {
  const deptos = await listMunicipios(db);
  const d =
    deptos.find((x) => x.codigo_depto === departamento) ??
    deptos.find((x) => fold(x.nombre_depto) === fold(departamento));
  if (!d) return 'departamento';
  const m =
    d.municipios.find((x) => x.codigo_municipio === ciudad) ??
    d.municipios.find((x) => fold(x.nombre_municipio) === fold(ciudad));
  if (!m) return 'municipio';
  return {
    departamento: d.nombre_depto,
    codigo_depto: d.codigo_depto,
    ciudad: m.nombre_municipio,
    codigo_municipio: m.codigo_municipio,
  };
}
