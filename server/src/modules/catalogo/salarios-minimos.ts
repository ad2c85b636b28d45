import { sql } from 'drizzle-orm';
import {
  MSG,
  type SalarioMinimo,
  type SalarioMinimoBody,
  type SalarioMinimoNuevoBody,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { Staff } from './policy';

/**
 * The SMMLV per year with the norm that set it (table salarios_minimos, migration 0007): the PILA
 * reconciliation's floor for the IBC (docs/decisions/128). Legal data an administrator edits: each
 * December's decree adds a year (once), and a recorded figure is corrected by the separate, audited
 * edit (docs/decisions/132).
 */
export async function listSalariosMinimos(db: Db): Promise<SalarioMinimo[]> {
  const rows = await query<Fila>(db, sql`SELECT ano, valor, norma FROM salarios_minimos ORDER BY ano DESC`);
  return rows.map(item);
}

type Fila = { ano: number; valor: number; norma: string };
const item = (r: Fila): SalarioMinimo => ({ ano: Number(r.ano), valor: Number(r.valor), norma: r.norma });

/**
 * POST /api/admin/salarios-minimos: registers a year, audited. A year already registered is 409 and
 * is left as it was: it is the reconciliation's IBC floor, and changing it is the audited edit below.
 */
export async function registrarSalarioMinimo(opts: { db: Db; staff: Staff; body: SalarioMinimoNuevoBody }) {
  const { db, staff, body } = opts;
  const saved = await db.transaction(async (tx) => {
    const [row] = await query<Fila>(
      tx,
      sql`INSERT INTO salarios_minimos (ano, valor, norma) VALUES (${body.ano}, ${body.valor}, ${body.norma})
          ON CONFLICT (ano) DO NOTHING
          RETURNING ano, valor, norma`,
    );
    if (!row) throw new AppError('conflict', MSG.salarioAnoExiste(body.ano));
    await audit(
      tx,
      { usuarioId: staff.usuarioId, ip: staff.ip },
      { evento: 'salario_minimo.saved', datos: { ano: body.ano, valor: body.valor, creado: true } },
    );
    return item(row);
  });
  return { message: MSG.salarioGuardado(body.ano), item: saved };
}

/**
 * PUT /api/admin/salarios-minimos/{ano}: corrects a registered year (404 when there is none), audited
 * with the figure and norm it replaced.
 */
export async function editarSalarioMinimo(opts: {
  db: Db;
  staff: Staff;
  ano: number;
  body: SalarioMinimoBody;
}) {
  const { db, staff, ano, body } = opts;
  const saved = await db.transaction(async (tx) => {
    const [antes] = await query<Fila>(
      tx,
      sql`SELECT ano, valor, norma FROM salarios_minimos WHERE ano = ${ano} FOR UPDATE`,
    );
    if (!antes) throw new AppError('not_found', MSG.salarioAnoNoExiste(ano));
    const [row] = await query<Fila>(
      tx,
      sql`UPDATE salarios_minimos SET valor = ${body.valor}, norma = ${body.norma} WHERE ano = ${ano}
          RETURNING ano, valor, norma`,
    );
    await audit(
      tx,
      { usuarioId: staff.usuarioId, ip: staff.ip },
      {
        evento: 'salario_minimo.saved',
        datos: {
          ano,
          valor: body.valor,
          creado: false,
          anterior: { valor: Number(antes.valor), norma: antes.norma },
        },
      },
    );
    return item(row);
  });
  return { message: MSG.salarioGuardado(ano), item: saved };
}
