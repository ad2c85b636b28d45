import { sql } from 'drizzle-orm';
import type { PorteriaProyecto, RosterContenido, RosterFirmado } from '@proveedores/domain';
import type { Config } from '../../config';
import { query, type Db } from '../../db/client';
import { claveDeSemilla, firmar } from '../credenciales';
import { aptitudDeProyecto } from './fuentes';
import { comoTrabajador } from './verificar';

/**
 * The project's roster of one Colombian day, signed (docs/decisions/123): every worker actively
 * linked to the project's active contracts with their fitness on `fecha` (the engine's answer,
 * `aptitudDe`, through the project's cache of decision 126), their credentials that are not revoked, and the revoked credential ids of the
 * project's contracts. `contenido` is the exact JSON string signed (Ed25519, the credentials' key).
 */
export async function buildRoster(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  opts: { proyecto: PorteriaProyecto; fecha: string; now: Date },
): Promise<RosterFirmado> {
  const [aptitud, creds] = await Promise.all([
    aptitudDeProyecto(db, { fecha: opts.fecha, proyectoId: opts.proyecto.id }),
    query<{ id: number; empleado_id: number; contrato_id: number; revocada: boolean }>(
      db,
      sql`SELECT cr.id, cr.empleado_id, cr.contrato_id, cr.revocada_at IS NOT NULL AS revocada
            FROM credenciales cr JOIN contratos c ON c.id = cr.contrato_id
           WHERE c.proyecto_id = ${opts.proyecto.id}
           ORDER BY cr.id`,
    ),
  ]);
  const vigentes = new Map<string, number[]>();
  const revocadas: number[] = [];
  for (const c of creds) {
    if (c.revocada) {
      revocadas.push(c.id);
      continue;
    }
    const key = `${c.empleado_id}:${c.contrato_id}`;
    const list = vigentes.get(key) ?? [];
    list.push(c.id);
    vigentes.set(key, list);
  }
  const trabajadores = aptitud.map((a) =>
    comoTrabajador(a, vigentes.get(`${a.empleadoId}:${a.contratoid}`) ?? []),
  );
  // Field order is the contract's (domain/src/porteria/porteria.ts rosterContenido).
  const contenidoObj: RosterContenido = {
    proyectoId: opts.proyecto.id,
    proyecto: opts.proyecto.descripcion,
    fecha: opts.fecha,
    generadoAt: opts.now.toISOString(),
    trabajadores,
    revocadas,
  };
  const contenido = JSON.stringify(contenidoObj);
  const clave = claveDeSemilla(config.credentialSigningSeed);
  return { contenido, firma: firmar(clave, contenido), kid: clave.kid };
}
