import { z } from 'zod';
import { credencialFila } from '../credenciales/credencial';
import { staffFecha, staffQueryId } from '../consultas';
import { TIPOS_REGISTRO } from './porteria';

/**
 * The staff side of the gate (docs/decisions/131): the day's entry and exit records of a project,
 * and the credentials of a contract or of every contract of a project. Paths:
 * - GET /api/revision/porteria/registros?proyectoid={id}&fecha=YYYY-MM-DD  (fecha: today in Colombia)
 * - GET /api/revision/credenciales?contratoid={id} | ?proyectoid={id}
 * Imported as '@proveedores/domain/porteria-staff'.
 */

export const registrosDiaQuery = z.object({ proyectoid: staffQueryId, fecha: staffFecha.optional() });
export type RegistrosDiaQuery = z.infer<typeof registrosDiaQuery>;

/** One stored gate record, as staff read it. The worker's fields are null for an unknown worker. */
export const registroDia = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_REGISTRO),
  /** The device's instant of the event (ISO). */
  at: z.string(),
  tipodocumento: z.string().nullable(),
  numerodocumento: z.string().nullable(),
  nombre: z.string().nullable(),
  nit: z.string().nullable(),
  razonSocial: z.string().nullable(),
  contratoid: z.number().int().nullable(),
  /** The server's verdict on the record's day (decision 160; older records: what the gate showed). */
  apto: z.boolean().nullable(),
  motivos: z.array(z.string()),
  /** What the gate showed (null: the device did not say). */
  aptoDispositivo: z.boolean().nullable(),
  /** The guard's reason for letting in a person who is not apto. */
  motivoExcepcion: z.string().nullable(),
  /** The guard's name. */
  guardia: z.string(),
  /** MARCAS_REGISTRO: 'salida_sin_entrada', 'reloj_desfasado', 'trabajador_desconocido'... */
  flags: z.array(z.string()),
});
export type RegistroDia = z.infer<typeof registroDia>;
export const registrosDiaRespuesta = z.object({
  proyectoid: z.number().int(),
  fecha: z.string(),
  registros: z.array(registroDia),
  /** The day's entries of people the server finds not apto (let in with a reason or not). */
  ingresosNoAptos: z.number().int(),
  /** The day's records with a mark in MARCAS_ALERTA. */
  alertas: z.number().int(),
});
export type RegistrosDiaRespuesta = z.infer<typeof registrosDiaRespuesta>;

/** GET /api/revision/credenciales: one contract, or every contract of a project. */
export const credencialesStaffQuery = z
  .object({ contratoid: staffQueryId.optional(), proyectoid: staffQueryId.optional() })
  .refine((q) => q.contratoid !== undefined || q.proyectoid !== undefined, {
    message: 'Indique el contrato o el proyecto.',
  });
export type CredencialesStaffQuery = z.infer<typeof credencialesStaffQuery>;

export const credencialStaffFila = credencialFila.extend({
  contratoid: z.number().int(),
  nit: z.string(),
  razonSocial: z.string(),
  /** The name of who revoked it. */
  revocadaPor: z.string().nullable(),
});
export type CredencialStaffFila = z.infer<typeof credencialStaffFila>;
export const credencialesStaffLista = z.object({ credenciales: z.array(credencialStaffFila) });
export type CredencialesStaffLista = z.infer<typeof credencialesStaffLista>;
