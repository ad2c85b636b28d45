import { sql } from 'drizzle-orm';
import { MSG, type TipoDocumento } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { findEmployeeId, loadEmployee } from './get-employee';

/**
 * Links an employee to one of the company's contracts (idempotent; reactivates an old link and undoes
 * a withdrawal, clearing its exit date: docs/decisions/132).
 */
export async function linkContract(
  tx: Db,
  empresaId: number,
  empleadoId: number,
  contratoId: number,
): Promise<void> {
  const [contrato] = await query<{ id: number }>(
    tx,
    sql`SELECT id FROM contratos WHERE id = ${contratoId} AND empresa_id = ${empresaId}`,
  );
  if (!contrato) throw new AppError('not_found', MSG.employeeContractUnknown);
  await query(
    tx,
    sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${empleadoId}, ${contratoId})
        ON CONFLICT (empleado_id, contrato_id) DO UPDATE SET activo = true, fecha_retiro = NULL`,
  );
}

/** An existing employee chosen on 'Ingreso de Personal' for the selected contract. */
export async function linkEmployeeContract(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  tipodocumento: TipoDocumento;
  numerodocumento: string;
  contratoId: number;
  ip: string;
}) {
  const { db, user } = opts;
  const empleadoId = await findEmployeeId({
    db,
    empresaId: user.empresaId,
    tipodocumento: opts.tipodocumento,
    numerodocumento: opts.numerodocumento,
  });
  if (empleadoId === null) throw new AppError('not_found', MSG.employeeNotFound);
  await db.transaction(async (tx) => {
    await linkContract(tx, user.empresaId, empleadoId, opts.contratoId);
    await audit(
      tx,
      { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'empleado.linked', datos: { empleadoId, contratoId: opts.contratoId } },
    );
  });
  const empleado = await loadEmployee(db, user.empresaId, empleadoId);
  return { message: MSG.employeeLinked, id: empleadoId, contratos: empleado.contratos };
}
