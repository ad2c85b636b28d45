import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/client';
import { memoize } from './memo';

export type Cargo = { id: number; descripcion: string };

const collator = new Intl.Collator('es', { sensitivity: 'base' });

/** Active positions ordered by descripcion (Spanish order, accents in place). */
export const listCargos = memoize(async (db: Db): Promise<Cargo[]> => {
  const rows = await query<Cargo>(db, sql`SELECT id, descripcion FROM cargos WHERE activo`);
  return rows.sort((a, b) => collator.compare(a.descripcion, b.descripcion));
});
