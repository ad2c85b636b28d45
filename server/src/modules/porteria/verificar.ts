import { MSG, type AptitudTrabajador, type RosterTrabajador, type Verificacion } from '@proveedores/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { aptitudDeProyecto, aptitudDeUno, verificarCredencialGate } from './fuentes';

/** The roster's shape of one worker (the gate shows the same fields online and offline). */
export function comoTrabajador(a: AptitudTrabajador, credenciales: number[]): RosterTrabajador {
  return {
    empleadoId: a.empleadoId,
    tipodocumento: a.tipodocumento,
    numerodocumento: a.numerodocumento,
    nombre: a.nombre,
    nit: a.nit,
    razonSocial: a.razonSocial,
    contratoid: a.contratoid,
    credenciales,
    apto: a.apto,
    motivos: a.motivos,
    vence: a.vence,
    autorizacion: a.autorizacion ? { motivo: a.autorizacion.motivo, hasta: a.autorizacion.hasta } : null,
  };
}

/**
 * POST /api/porteria/verificar (docs/decisions/123): the credential (signature, revocation, project)
 * and then the worker's fitness on `fecha` from the engine, read from the project's cached fitness
 * (decision 126). Green only when both say so.
 */
export async function verificar(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  opts: {
    proyectoId: number;
    fecha: string;
    codigo?: string;
    tipodocumento?: string;
    numerodocumento?: string;
  },
): Promise<Verificacion> {
  const delProyecto = () => aptitudDeProyecto(db, { proyectoId: opts.proyectoId, fecha: opts.fecha });
  if (opts.codigo) {
    const [c, filas] = await Promise.all([
      verificarCredencialGate(db, config, opts.codigo, opts),
      delProyecto(),
    ]);
    const enProyecto = (empleadoId: number, contratoId: number) =>
      filas.find((f) => f.empleadoId === empleadoId && f.contratoid === contratoId) ?? null;
    // A credential of another project names its worker from that contract (rare: not cached).
    const a =
      c.empleadoId && c.contratoId
        ? (enProyecto(c.empleadoId, c.contratoId) ??
          (c.ok
            ? null
            : await aptitudDeUno(db, {
                fecha: opts.fecha,
                empleadoId: c.empleadoId,
                contratoId: c.contratoId,
              })))
        : null;
    if (!c.ok)
      return {
        apto: false,
        motivos: [c.motivo],
        trabajador: a ? comoTrabajador(a, []) : null,
        credencialId: c.credencialId ?? null,
      };
    if (!a)
      return {
        apto: false,
        motivos: [MSG.porteriaTrabajadorNoEncontrado],
        trabajador: null,
        credencialId: c.credencialId,
      };
    return {
      apto: a.apto,
      motivos: a.motivos,
      trabajador: comoTrabajador(a, [c.credencialId]),
      credencialId: c.credencialId,
    };
  }
  const filas = (await delProyecto()).filter(
    (f) => f.tipodocumento === opts.tipodocumento && f.numerodocumento === opts.numerodocumento,
  );
  // A worker on two contracts of the project: the one that lets them in.
  const a = filas.find((f) => f.apto) ?? filas[0];
  if (!a)
    return {
      apto: false,
      motivos: [MSG.porteriaTrabajadorNoEncontrado],
      trabajador: null,
      credencialId: null,
    };
  return { apto: a.apto, motivos: a.motivos, trabajador: comoTrabajador(a, []), credencialId: null };
}
