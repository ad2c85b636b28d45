import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { EmpresaScope } from './policy';
import type { SlotScope } from '../../compliance/slots-sql';

/** Turns a NIT (staff) into the company id; unknown NIT: 404. */
export async function resolveScope(db: Db, scope: EmpresaScope): Promise<SlotScope['empresa']> {
  if (!('nit' in scope)) return scope;
  const [row] = await query<{ id: number }>(db, sql`SELECT id FROM empresas WHERE nit = ${scope.nit}`);
  if (!row) throw new AppError('not_found', MSG.notFound);
  return { id: row.id };
}
