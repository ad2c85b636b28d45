import { sql } from 'drizzle-orm';
import { MSG, verificarCodigo, type AptitudTrabajador } from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import { aptitudDe } from '../../compliance/aptitud-sql';
import { clavesPublicasDe } from '../credenciales/keys';

/**
 * What the gate takes from the other parts of site access (docs/decisions/123): fitness from the one
 * engine (`aptitudDe`, decision 121) and credentials (decision 122). The gate never decides either.
 */
export { aptitudDe };

export type CredencialVerificada =
  | { ok: true; credencialId: number; empleadoId: number; contratoId: number }
  | { ok: false; motivo: string; credencialId?: number; empleadoId?: number; contratoId?: number };

/**
 * A scanned code (decision 122): the signature and the code's expiry (the shared `verificarCodigo`),
 * then the credential's row: unknown, revoked, contract ended, another project.
 */
export async function verificarCredencialGate(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  codigo: string,
  opts: { fecha: string; proyectoId: number },
): Promise<CredencialVerificada> {
  const leido = await verificarCodigo(codigo, clavesPublicasDe(config), opts.fecha);
  const cred = leido.credencial;
  if (!cred) return { ok: false, motivo: MSG.credencialCodigoNoValido };
  const [row] = await query<{
    empleado_id: number;
    contrato_id: number;
    revocada: boolean;
    proyecto_id: number;
    contrato_activo: boolean;
  }>(
    db,
    sql`SELECT cr.empleado_id, cr.contrato_id, cr.revocada_at IS NOT NULL AS revocada, c.proyecto_id,
               c.activo AS contrato_activo
          FROM credenciales cr JOIN contratos c ON c.id = cr.contrato_id WHERE cr.id = ${cred.credencialId}`,
  );
  if (!row || row.contrato_id !== cred.contratoId) return { ok: false, motivo: MSG.credencialCodigoNoValido };
  const ids = { credencialId: cred.credencialId, empleadoId: row.empleado_id, contratoId: row.contrato_id };
  if (row.revocada) return { ok: false, motivo: MSG.credencialRevocada, ...ids };
  if (row.proyecto_id !== opts.proyectoId) return { ok: false, motivo: MSG.credencialOtroProyecto, ...ids };
  if (!leido.ok || !row.contrato_activo) return { ok: false, motivo: MSG.credencialVencida, ...ids };
  return { ok: true, ...ids };
}

/** The workers of the project's contracts with this document (usually one). */
export async function trabajadoresPorDocumento(
  db: Db,
  opts: { proyectoId: number; tipodocumento: string; numerodocumento: string },
): Promise<Array<{ empleadoId: number; contratoId: number }>> {
  return query<{ empleadoId: number; contratoId: number }>(
    db,
    sql`SELECT e.id AS "empleadoId", c.id AS "contratoId"
          FROM empleados e
          JOIN empleados_contratos ec ON ec.empleado_id = e.id AND ec.activo
          JOIN contratos c ON c.id = ec.contrato_id AND c.proyecto_id = ${opts.proyectoId}
         WHERE e.tipo_documento = ${opts.tipodocumento} AND e.numero_documento = ${opts.numerodocumento}
         ORDER BY c.activo DESC, c.id`,
  );
}

/** Fitness of one worker on one contract on `fecha` (null: not in scope, e.g. contract ended). */
export async function aptitudDeUno(
  db: Db,
  opts: { fecha: string; empleadoId: number; contratoId: number },
): Promise<AptitudTrabajador | null> {
  const rows = await aptitudDe(db, {
    fecha: opts.fecha,
    empleadoId: opts.empleadoId,
    contratoIds: [opts.contratoId],
  });
  return rows[0] ?? null;
}
