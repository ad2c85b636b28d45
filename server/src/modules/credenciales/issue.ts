import { sql } from 'drizzle-orm';
import { MSG } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { emitirCodigo, type ClaveFirma } from './keys';

/** What one carnet shows. */
export type Carnet = {
  credencialId: number;
  nombre: string;
  tipodocumento: string;
  numerodocumento: string;
  nit: string;
  razonSocial: string;
  contrato: string;
  contratoId: number;
  proyecto: string;
  vence: string | null;
  codigo: string;
};

type Contrato = {
  id: number;
  empresa_id: number;
  descripcion: string;
  proyecto_id: number;
  proyecto: string;
  activo: boolean;
  nit: string;
  razon_social: string;
};

/**
 * The carnets of every worker linked to a contract (docs/decisions/122). One current credential per
 * worker and contract: printing again keeps it (same id, a code with today's issue day); a revoked
 * one is replaced by a new credential. The contract row is locked for the transaction, so two
 * printings at once cannot both create a worker's credential. `empresaId` scopes a contractor to
 * its own contracts (404 otherwise); staff pass null. Audited with who printed and how many.
 */
export async function emitirCarnets(opts: {
  db: Db;
  clave: ClaveFirma;
  contratoId: number;
  empresaId: number | null;
  fecha: string;
  ahora: Date;
  actor: { usuarioId: number; ip: string };
}): Promise<{ contrato: string; carnets: Carnet[] }> {
  const { clave, fecha } = opts;
  return opts.db.transaction(async (tx) => {
    const [k] = await query<Contrato>(
      tx,
      sql`SELECT k.id, k.empresa_id, k.descripcion, k.proyecto_id, p.descripcion AS proyecto, k.activo,
                 e.nit, e.razon_social
            FROM contratos k JOIN proyectos p ON p.id = k.proyecto_id JOIN empresas e ON e.id = k.empresa_id
           WHERE k.id = ${opts.contratoId} ${opts.empresaId === null ? sql`` : sql`AND k.empresa_id = ${opts.empresaId}`}
           FOR UPDATE OF k`,
    );
    if (!k) throw new AppError('not_found', MSG.notFound);
    if (!k.activo) throw new AppError('conflict', MSG.credencialContratoInactivo);
    const trabajadores = await query<{
      empleado_id: number;
      tipo_documento: string;
      numero_documento: string;
      nombre: string;
    }>(
      tx,
      sql`SELECT e.id AS empleado_id, e.tipo_documento, e.numero_documento,
                 trim(e.nombres || ' ' || e.apellidos || ' ' || e.apellidos2) AS nombre
            FROM empleados_contratos ec JOIN empleados e ON e.id = ec.empleado_id
           WHERE ec.contrato_id = ${k.id} AND ec.activo
           ORDER BY e.apellidos, e.apellidos2, e.nombres, e.id`,
    );
    if (trabajadores.length === 0) throw new AppError('not_found', MSG.credencialSinTrabajadores);
    const ids = trabajadores.map((t) => t.empleado_id);
    const actuales = await query<{ id: number; empleado_id: number; vence: string | null }>(
      tx,
      sql`SELECT id, empleado_id, vence::text AS vence FROM credenciales
           WHERE empleado_id = ANY(${`{${ids.join(',')}}`}::int[]) AND contrato_id = ${k.id} AND revocada_at IS NULL
           ORDER BY id`,
    );
    const porEmpleado = new Map(actuales.map((c) => [c.empleado_id, c]));
    const faltan = ids.filter((id) => !porEmpleado.has(id));
    if (faltan.length > 0) {
      // The contract has no end date yet (docs/decisions/122): vence stays null and the contract's
      // state ends the credential.
      const nuevas = await query<{ id: number; empleado_id: number; vence: string | null }>(
        tx,
        sql`INSERT INTO credenciales (empleado_id, contrato_id, emitida_at)
            SELECT unnest(${`{${faltan.join(',')}}`}::int[]), ${k.id}, ${opts.ahora}
            RETURNING id, empleado_id, vence::text AS vence`,
      );
      for (const c of nuevas) porEmpleado.set(c.empleado_id, c);
    }
    await audit(
      tx,
      { usuarioId: opts.actor.usuarioId, empresaId: k.empresa_id, ip: opts.actor.ip },
      {
        evento: 'credencial.impresa',
        datos: { contratoId: k.id, carnets: ids.length, nuevas: faltan.length },
      },
    );
    const carnets = trabajadores.map((t): Carnet => {
      const c = porEmpleado.get(t.empleado_id)!;
      return {
        credencialId: c.id,
        nombre: t.nombre,
        tipodocumento: t.tipo_documento,
        numerodocumento: t.numero_documento,
        nit: k.nit,
        razonSocial: k.razon_social,
        contrato: k.descripcion,
        contratoId: k.id,
        proyecto: k.proyecto,
        vence: c.vence,
        codigo: emitirCodigo(clave, {
          credencialId: c.id,
          contratoId: k.id,
          proyectoId: k.proyecto_id,
          emitida: fecha,
          vence: c.vence,
        }),
      };
    });
    return { contrato: k.descripcion, carnets };
  });
}
