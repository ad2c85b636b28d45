import { z } from 'zod';
import { staffFecha, staffQueryId } from '../consultas';

/**
 * Fitness for site access ('Apto hoy', decision 121): whether a worker of a contract may enter the
 * contract's project on a Colombian day, the reasons when not, and the first day it stops.
 * Paths (a contract): GET /api/contratista/trabajadores/aptitud?contratoid={id}&fecha=YYYY-MM-DD
 * (the contractor, its own contracts) and GET /api/revision/aptitud?proyectoid={id}&fecha= (staff);
 * `fecha` defaults to today in Colombia. Temporary authorizations: POST
 * /api/revision/aptitud/autorizaciones and POST /api/revision/aptitud/autorizaciones/{id}/revocar.
 */

export const aptitudContratistaQuery = z.object({
  contratoid: staffQueryId,
  fecha: staffFecha.optional(),
});
export type AptitudContratistaQuery = z.infer<typeof aptitudContratistaQuery>;

export const aptitudRevisionQuery = z.object({
  proyectoid: staffQueryId,
  fecha: staffFecha.optional(),
  /** Only one contract of the project. */
  contratoid: staffQueryId.optional(),
});
export type AptitudRevisionQuery = z.infer<typeof aptitudRevisionQuery>;

/**
 * One item that keeps a worker from being apto (the reason's source): the slot to upload to, so the
 * contractor's page can open the upload modal of exactly that item.
 */
export const itemAptitud = z.object({
  /** The reason in Spanish, the same text as in `motivos`. */
  motivo: z.string(),
  modulo: z.enum(['sg-sst', 'sg-personal']),
  requisitoId: z.number().int(),
  codigo: z.string(),
  nombreCorto: z.string(),
  /** -2 not uploaded, -1 rejected, 0 awaiting review, 9 expired (decision 110's codes). */
  codEstado: z.number().int(),
  /** The worker's item: its employee id; the company's: null. */
  empleadoId: z.number().int().nullable(),
  contratoId: z.number().int().nullable(),
  /**
   * False when no temporary authorization stands in for it (ARL, heights, medical concept:
   * docs/decisions/182); its reason then names the norm when an authorization is in force.
   */
  dispensable: z.boolean(),
});
export type ItemAptitud = z.infer<typeof itemAptitud>;

export const autorizacionVigente = z.object({
  id: z.number().int(),
  motivo: z.string(),
  /** Last day it covers (ISO). */
  hasta: z.string(),
  otorgadaPor: z.string(),
});
export type AutorizacionVigente = z.infer<typeof autorizacionVigente>;

/** Answer of POST /api/revision/aptitud/autorizaciones/{id}/revocar. */
export const autorizacionRevocada = z.object({ id: z.number().int(), revocadaAt: z.string() });
export type AutorizacionRevocada = z.infer<typeof autorizacionRevocada>;

export const aptitudTrabajador = z.object({
  empleadoId: z.number().int(),
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  nombre: z.string(),
  contratoid: z.number().int(),
  contrato: z.string(),
  proyectoid: z.number().int(),
  proyecto: z.string(),
  nit: z.string(),
  razonSocial: z.string(),
  /** May enter on `fecha` (by its documents, or by a temporary authorization: see `autorizacion`). */
  apto: z.boolean(),
  /** Why not (or, under an authorization, what is still missing), in Spanish. */
  motivos: z.array(z.string()),
  /** The same reasons with the item each comes from, in the same order. */
  items: z.array(itemAptitud),
  /**
   * Counted items approved and in force whose renewal awaits review, one line each
   * ('Cámara de comercio: Vigente hasta dd/mm/aaaa · Renovación pendiente por aprobar'; decision 170).
   */
  renovaciones: z.array(z.string()),
  /** The first day (ISO) on which it stops being apto, when apto and something ends; else null. */
  vence: z.string().nullable(),
  /** A temporary authorization in force on `fecha`, if any. */
  autorizacion: autorizacionVigente.nullable(),
});
export type AptitudTrabajador = z.infer<typeof aptitudTrabajador>;

/** Staff view: the same rows plus whether the worker is inside the project now (gate records). */
export const aptitudObra = aptitudTrabajador.extend({
  dentro: z.boolean(),
  /** Time (ISO instant) of the worker's last gate record on `fecha`, if any. */
  ultimoRegistro: z.string().nullable(),
});
export type AptitudObra = z.infer<typeof aptitudObra>;

/** At most this many days of temporary authorization (counted from the day it is granted). */
export const AUTORIZACION_MAX_DIAS = 7;

export const autorizacionTemporalBody = z.object({
  empleadoId: z.number().int().positive(),
  contratoId: z.number().int().positive(),
  motivo: z.string().trim().min(5).max(500),
  /** Last day covered (ISO), from today to today + AUTORIZACION_MAX_DIAS. */
  hasta: staffFecha,
});
export type AutorizacionTemporalBody = z.infer<typeof autorizacionTemporalBody>;
