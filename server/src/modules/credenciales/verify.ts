import { sql } from 'drizzle-orm';
import { MSG, verificarCodigo, type ClavePublica } from '@proveedores/domain';
import type { Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';

export type CredencialVerificada =
  | { ok: true; credencialId: number; empleadoId: number; contratoId: number }
  | {
      ok: false;
      motivo: string;
      /** Known once the signature held: the gate may still name the worker it refused. */
      credencialId?: number;
      empleadoId?: number;
      contratoId?: number;
    };

type Fila = {
  empleado_id: number;
  contrato_id: number;
  vence: string | null;
  revocada: boolean;
  proyecto_id: number;
  contrato_activo: boolean;
  vinculado: boolean | null;
};

/**
 * A scanned code at a project's gate on a Colombian day (docs/decisions/122): the signature and the
 * code's own expiry first (no database), then ONE query by primary key for what only the server
 * knows: revoked, the contract ended (`contratos.activo`), the worker no longer linked to it, an
 * expiry shortened since printing. Reasons, in this order: 'Código no válido', 'No pertenece a este
 * proyecto', 'Credencial revocada', 'Credencial vencida'. Another project's carnet names nobody: the
 * gate that scanned it learns nothing of that project's workers and charges nothing to its contract
 * (docs/decisions/160). Fitness is not judged here.
 */
export async function verificarCredencial(
  db: Db,
  codigo: string,
  opts: { fecha: string; proyectoId: number; claves: readonly ClavePublica[] },
): Promise<CredencialVerificada> {
  const noValido = { ok: false as const, motivo: MSG.credencialCodigoNoValido };
  const leido = await verificarCodigo(codigo, opts.claves, opts.fecha);
  const credencial = leido.credencial;
  if (!credencial) return noValido;
  const [fila] = await queryPrepared<Fila>(
    db,
    sql`SELECT c.empleado_id, c.contrato_id, c.vence::text AS vence, c.revocada_at IS NOT NULL AS revocada,
               k.proyecto_id, k.activo AS contrato_activo, ec.activo AS vinculado
          FROM credenciales c
          JOIN contratos k ON k.id = c.contrato_id
          LEFT JOIN empleados_contratos ec ON ec.empleado_id = c.empleado_id AND ec.contrato_id = c.contrato_id
         WHERE c.id = ${credencial.credencialId}`,
  );
  // A signed id the database does not know (another installation's key?) or that names another contract.
  if (!fila || fila.contrato_id !== credencial.contratoId || fila.proyecto_id !== credencial.proyectoId)
    return noValido;
  const quien = {
    credencialId: credencial.credencialId,
    empleadoId: fila.empleado_id,
    contratoId: fila.contrato_id,
  };
  if (fila.proyecto_id !== opts.proyectoId) return { ok: false, motivo: MSG.credencialOtroProyecto };
  if (fila.revocada) return { ok: false, motivo: MSG.credencialRevocada, ...quien };
  const vencida =
    !leido.ok ||
    !fila.contrato_activo ||
    fila.vinculado !== true ||
    (fila.vence !== null && opts.fecha > fila.vence);
  if (vencida) return { ok: false, motivo: MSG.credencialVencida, ...quien };
  return { ok: true, ...quien };
}
