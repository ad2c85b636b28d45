import { sql } from 'drizzle-orm';
import type { AptitudTrabajador } from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import { aptitudDe } from '../../compliance/aptitud-sql';
import { aptitudDeProyecto } from '../../compliance/aptitud-cache';
import { clavesPublicasDe } from '../credenciales';
import { verificarCredencial, type CredencialVerificada } from '../credenciales';

/**
 * What the gate takes from the other parts of site access (docs/decisions/123): fitness from the one
 * engine (`aptitudDe`, decision 121; per project through its cache, decision 126) and credentials
 * (decision 122). The gate never decides either.
 */
export { aptitudDe, aptitudDeProyecto };

export type { CredencialVerificada };

/**
 * A scanned code: the credentials' check (signature, expiry, revocation, project, contract ended;
 * decision 122) with this installation's public keys.
 */
export function verificarCredencialGate(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  codigo: string,
  opts: { fecha: string; proyectoId: number },
): Promise<CredencialVerificada> {
  return verificarCredencial(db, codigo, { ...opts, claves: clavesPublicasDe(config) });
}

/**
 * The workers of the project's contracts with this document (usually one), ended contracts last:
 * who a typed record names (verification answers from the project's fitness instead).
 */
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
