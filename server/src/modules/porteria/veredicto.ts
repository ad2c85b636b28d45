import {
  hoyEnColombia,
  MSG,
  REGISTRO_TARDIO_MS,
  RELOJ_TOLERANCIA_MS,
  type MarcaRegistro,
  type RegistroPorteria,
} from '@proveedores/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { trabajadoresPorDocumento } from './fuentes';
import { verificar } from './verificar';

/**
 * The marks of a record's own time (docs/decisions/160). The time stays the device's (the event
 * happened then, as far as anyone knows), but it is flagged when it cannot be right: later than the
 * server's clock on arrival, earlier than the roster the device checked it against was made, or
 * more than a day before it arrived.
 */
export function marcasDeHora(opts: { at: Date; now: Date; rosterGeneradoAt?: string }): MarcaRegistro[] {
  const marcas: MarcaRegistro[] = [];
  const at = opts.at.getTime();
  const now = opts.now.getTime();
  if (at > now + RELOJ_TOLERANCIA_MS) marcas.push('hora_futura');
  if (opts.rosterGeneradoAt && at < Date.parse(opts.rosterGeneradoAt) - RELOJ_TOLERANCIA_MS)
    marcas.push('anterior_a_lista');
  if (now - at > REGISTRO_TARDIO_MS) marcas.push('registro_tardio');
  return marcas;
}

/**
 * The Colombian day the server judges a record on: the day of its time, unless that time is in the
 * future or more than a day old, then the server's own day (a phone set to another date must not
 * choose the day fitness is judged on).
 */
export function diaDelVeredicto(at: Date, now: Date, marcasHora: readonly MarcaRegistro[]): string {
  const dudosa = marcasHora.includes('hora_futura') || marcasHora.includes('registro_tardio');
  return hoyEnColombia(dudosa ? now : at);
}

export type Veredicto = {
  empleadoId: number | null;
  contratoId: number | null;
  credencialId: number | null;
  apto: boolean;
  motivos: string[];
  revocada: boolean;
};

/**
 * Who a record names and the server's verdict on them on `fecha` (docs/decisions/160): the same
 * check as POST /api/porteria/verificar (credential, then fitness from the engine), whatever the
 * device showed. A code that names nobody of this project may still come with the worker's document
 * (identity only: the verdict stays the code's).
 */
export async function veredictoDeRegistro(
  db: Db,
  config: Pick<Config, 'credentialSigningSeed'>,
  r: RegistroPorteria,
  fecha: string,
): Promise<Veredicto> {
  const v = await verificar(db, config, {
    proyectoId: r.proyectoid,
    fecha,
    codigo: r.codigo || undefined,
    tipodocumento: r.tipodocumento,
    numerodocumento: r.numerodocumento,
  });
  const revocada = !!r.codigo && v.motivos.includes(MSG.credencialRevocada);
  if (v.trabajador)
    return {
      empleadoId: v.trabajador.empleadoId,
      contratoId: v.trabajador.contratoid,
      credencialId: v.credencialId,
      apto: v.apto,
      // An apto worker (e.g. by a temporary authorization) is stored without the engine's reasons.
      motivos: v.apto ? [] : v.motivos,
      revocada,
    };
  const base = { credencialId: v.credencialId, apto: false, motivos: v.motivos, revocada };
  if (r.codigo && r.tipodocumento && r.numerodocumento) {
    const [t] = await trabajadoresPorDocumento(db, {
      proyectoId: r.proyectoid,
      tipodocumento: r.tipodocumento,
      numerodocumento: r.numerodocumento,
    });
    if (t) return { ...base, empleadoId: t.empleadoId, contratoId: t.contratoId };
  }
  return { ...base, empleadoId: null, contratoId: null };
}
