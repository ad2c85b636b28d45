import { sql } from 'drizzle-orm';
import { MSG, type SalarioMinimo, type SalarioMinimoBody } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Staff } from './policy';

/**
 * The SMMLV per year with the norm that set it (table salarios_minimos, migration 0007): the PILA
 * reconciliation's floor for the IBC (docs/decisions/128). Legal data an administrator edits: each
 * December's decree adds a year, and a recorded figure can be corrected (docs/decisions/132).
 */
export async function listSalariosMinimos(db: Db): Promise<SalarioMinimo[]> {
  const rows = await query<{ ano: number; valor: number; norma: string }>(
    db,
    sql`SELECT ano, valor, norma FROM salarios_minimos ORDER BY ano DESC`,
  );
  return rows.map((r) => ({ ano: Number(r.ano), valor: Number(r.valor), norma: r.norma }));
}

/** PUT /api/admin/salarios-minimos/{ano}: creates or replaces the year's row, audited. */
export async function saveSalarioMinimo(opts: {
  db: Db;
  staff: Staff;
  ano: number;
  body: SalarioMinimoBody;
}) {
  const { db, staff, ano, body } = opts;
  const item = await db.transaction(async (tx) => {
    const [row] = await query<{ ano: number; valor: number; norma: string; creado: boolean }>(
      tx,
      sql`INSERT INTO salarios_minimos (ano, valor, norma) VALUES (${ano}, ${body.valor}, ${body.norma})
          ON CONFLICT (ano) DO UPDATE SET valor = excluded.valor, norma = excluded.norma
          RETURNING ano, valor, norma, (xmax = 0) AS creado`,
    );
    await audit(
      tx,
      { usuarioId: staff.usuarioId, ip: staff.ip },
      { evento: 'salario_minimo.saved', datos: { ano, valor: body.valor, creado: !!row.creado } },
    );
    return { ano: Number(row.ano), valor: Number(row.valor), norma: row.norma };
  });
  return { message: MSG.salarioGuardado(ano), item };
}
