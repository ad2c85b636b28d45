import { z } from 'zod';
import { staffFecha, staffQueryId } from '../consultas';

/**
 * The site gate (decisions 122 and 123): the credential codes a guard scans, the roster the gate
 * keeps for working without signal, and the entry/exit records it sends. Paths:
 * - GET  /api/porteria/proyectos                          the guard's projects
 * - GET  /api/porteria/roster?proyectoid={id}&fecha=      the project's signed roster of the day
 * - POST /api/porteria/verificar {proyectoid, codigo | tipodocumento + numerodocumento}
 * - POST /api/porteria/registros                          one record, or {registros: [...]}
 */

export const TIPOS_REGISTRO = ['entrada', 'salida'] as const;
export type TipoRegistro = (typeof TIPOS_REGISTRO)[number];

/** Flags a record may carry (shown to staff, kept with the record). */
export const MARCAS_REGISTRO = [
  'salida_sin_entrada',
  'reloj_desfasado',
  'sin_salida',
  /** Neither the code nor the document named a worker of the project's contracts. */
  'trabajador_desconocido',
  // Decision 160: the record's own time, against the server's clock and the roster used.
  /** The record's time is later than the server's clock when it arrived (beyond the tolerance). */
  'hora_futura',
  /** The record's time is earlier than the roster the device checked it against was made. */
  'anterior_a_lista',
  /** The record arrived more than REGISTRO_TARDIO_MS after its time. */
  'registro_tardio',
  // Decision 160: alerts for staff.
  /** An entry of a person the server finds not apto, without the guard's reason. */
  'ingreso_no_apto',
  /** An entry of a person the server finds not apto, let in by the guard with a reason. */
  'ingreso_excepcional',
  /** The scanned carnet was revoked. */
  'credencial_revocada',
] as const;
export type MarcaRegistro = (typeof MARCAS_REGISTRO)[number];

/** The marks staff see in red (decision 160): who came in, or was scanned, and should not have. */
export const MARCAS_ALERTA: readonly MarcaRegistro[] = [
  'ingreso_no_apto',
  'ingreso_excepcional',
  'credencial_revocada',
  'trabajador_desconocido',
];
export const esMarcaAlerta = (m: string): boolean => (MARCAS_ALERTA as readonly string[]).includes(m);

/**
 * A device clock further than this from the server's is told so (and its records flagged); a record
 * time this far past the server's clock, or before the roster it was checked against, is flagged.
 */
export const RELOJ_TOLERANCIA_MS = 5 * 60 * 1000;
/**
 * A record that arrives more than a day after its time is flagged (decision 160): a shift without
 * signal is sent within hours, and the kept roster itself expires after a day.
 */
export const REGISTRO_TARDIO_MS = 24 * 60 * 60 * 1000;
/** The guard's reason for letting in a person who is not apto: 5 to 300 characters (decision 160). */
export const motivoExcepcion = z.string().trim().min(5).max(300);
/** The same worker scanned again within this time is the same record. */
export const REGISTRO_REPETIDO_MS = 60 * 1000;

export const porteriaProyecto = z.object({ id: z.number().int(), descripcion: z.string() });
export type PorteriaProyecto = z.infer<typeof porteriaProyecto>;

/** `fecha` is accepted and ignored: the roster is of the server's Colombian day (decision 160). */
export const rosterQuery = z.object({ proyectoid: staffQueryId, fecha: staffFecha.optional() });

/** One worker of one contract of the project, with its fitness on the roster's day. */
export const rosterTrabajador = z.object({
  empleadoId: z.number().int(),
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  nombre: z.string(),
  nit: z.string(),
  razonSocial: z.string(),
  contratoid: z.number().int(),
  /** The worker's credentials for this contract that are not revoked (ids the QR codes name). */
  credenciales: z.array(z.number().int()),
  apto: z.boolean(),
  motivos: z.array(z.string()),
  vence: z.string().nullable(),
  autorizacion: z.object({ motivo: z.string(), hasta: z.string() }).nullable(),
});
export type RosterTrabajador = z.infer<typeof rosterTrabajador>;

/**
 * The roster a gate downloads whenever online. `firma` is the Ed25519 signature (base64url) of the
 * UTF-8 JSON of every other field, in this order, as the server serialised it: the client verifies
 * it over `contenido`, the exact string signed, and parses that string.
 */
export const rosterContenido = z.object({
  proyectoId: z.number().int(),
  proyecto: z.string(),
  fecha: z.string(),
  /** Server instant (ISO) it was made. */
  generadoAt: z.string(),
  trabajadores: z.array(rosterTrabajador),
  /** Revoked credential ids of the project's contracts. */
  revocadas: z.array(z.number().int()),
});
export type RosterContenido = z.infer<typeof rosterContenido>;
export const rosterFirmado = z.object({
  contenido: z.string(),
  firma: z.string(),
  /** Key id of the signing key (the public keys come with GET /api/porteria/claves). */
  kid: z.string(),
});
export type RosterFirmado = z.infer<typeof rosterFirmado>;

export const verificarBody = z
  .strictObject({
    proyectoid: z.number().int().positive(),
    codigo: z.string().trim().min(1).max(512).optional(),
    tipodocumento: z.string().trim().min(1).max(10).optional(),
    numerodocumento: z.string().trim().min(1).max(20).optional(),
    /** Accepted for older gate pages and ignored: the server judges on its own Colombian day (decision 160). */
    fecha: staffFecha.optional(),
  })
  .refine((b) => !!b.codigo || (!!b.tipodocumento && !!b.numerodocumento), {
    message: 'Envíe el código o el documento.',
  });
export type VerificarBody = z.infer<typeof verificarBody>;

/** The gate's answer: green or red, and why. */
export const verificacion = z.object({
  apto: z.boolean(),
  /** Why not, in Spanish ('Código no válido', 'Credencial revocada', the fitness reasons...). */
  motivos: z.array(z.string()),
  trabajador: rosterTrabajador.nullable(),
  credencialId: z.number().int().nullable(),
});
export type Verificacion = z.infer<typeof verificacion>;

export const registroPorteria = z.strictObject({
  /** Made by the device (UUID): the same record sent twice is stored once. */
  clienteId: z.string().uuid(),
  proyectoid: z.number().int().positive(),
  tipo: z.enum(TIPOS_REGISTRO),
  /** The device's time of the event (ISO instant). */
  at: z.string().datetime({ offset: true }),
  codigo: z.string().trim().max(512).optional(),
  tipodocumento: z.string().trim().max(10).optional(),
  numerodocumento: z.string().trim().max(20).optional(),
  /** What the gate showed (kept beside the server's own verdict, decision 160). */
  apto: z.boolean().optional(),
  motivos: z.array(z.string().max(300)).max(50).optional(),
  /** `generadoAt` of the roster the device decided with, when it decided offline (decision 160). */
  rosterGeneradoAt: z.string().datetime({ offset: true }).optional(),
  /** The guard's reason for letting in a person the gate showed NO APTO (decision 160). */
  motivoExcepcion: motivoExcepcion.optional(),
});
export type RegistroPorteria = z.infer<typeof registroPorteria>;

export const registrosBody = z.union([
  registroPorteria,
  z.strictObject({
    registros: z.array(registroPorteria).min(1).max(500),
    /** The device's clock when it sent them (ISO instant): more than 5 minutes off is told. */
    enviadoAt: z.string().datetime({ offset: true }).optional(),
  }),
]);
export type RegistrosBody = z.infer<typeof registrosBody>;

export const registroResultado = z.object({
  clienteId: z.string(),
  id: z.number().int(),
  /** 'creado', 'existente' (this clienteId was already stored), 'repetido' (same worker < 1 min). */
  estado: z.enum(['creado', 'existente', 'repetido']),
  marcas: z.array(z.string()),
});
export const registrosRespuesta = z.object({
  registros: z.array(registroResultado),
  /** Device clock minus server clock, when the body said it and it is off by more than 5 minutes. */
  relojDesfaseMs: z.number().nullable(),
  mensaje: z.string().nullable(),
});
export type RegistrosRespuesta = z.infer<typeof registrosRespuesta>;

// ---------- gate users' projects (administrator) ----------

/** PUT /api/admin/porteria/{usuarioId}/proyectos: the whole list of projects the gate user guards. */
export const porteriaProyectosBody = z.strictObject({
  proyectos: z.array(z.number().int().positive()).max(500),
});
export type PorteriaProyectosBody = z.infer<typeof porteriaProyectosBody>;
export const porteriaUsuarioParams = z.object({ usuarioId: staffQueryId });
export const porteriaProyectosRespuesta = z.object({
  usuarioId: z.number().int(),
  username: z.string(),
  proyectos: z.array(porteriaProyecto),
});
export type PorteriaProyectosRespuesta = z.infer<typeof porteriaProyectosRespuesta>;

// ---------- man-hours (Resolución 0312 de 2019 art. 30 indicators need them) ----------

const ano = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'Debe ser un año.')
  .transform(Number)
  .pipe(z.number().int().min(2000).max(2100));
const mes = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, 'Debe ser un mes.')
  .transform(Number)
  .pipe(z.number().int().min(1).max(12));

/** GET /api/revision/horas-hombre?proyectoid=&ano=&mes= (staff; without proyectoid: every project). */
export const horasHombreRevisionQuery = z.object({ proyectoid: staffQueryId.optional(), ano, mes });
/** GET /api/contratista/horas-hombre?contratoid=&ano=&mes= (the contractor, its own contract). */
export const horasHombreContratistaQuery = z.object({ contratoid: staffQueryId, ano, mes });

/**
 * Man-hours of one contractor at one project in one month. Per worker and Colombian day (the day of
 * the first entry): first entry to last exit; a day with an entry and no exit counts the configured
 * shift (TURNO_HORAS) and is counted in `diasSinSalida`.
 */
export const horasHombreFila = z.object({
  nit: z.string(),
  razonSocial: z.string(),
  proyectoid: z.number().int(),
  proyecto: z.string(),
  ano: z.number().int(),
  mes: z.number().int(),
  /** Hours, two decimals. */
  horas: z.number(),
  /** Worker-days with at least one entry. */
  dias: z.number().int(),
  /** Distinct workers. */
  trabajadores: z.number().int(),
  diasSinSalida: z.number().int(),
});
export type HorasHombreFila = z.infer<typeof horasHombreFila>;
export const horasHombreRespuesta = z.array(horasHombreFila);
