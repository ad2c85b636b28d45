import type { FechasLeidas, ReglaVigencia } from '@proveedores/domain';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model. drizzle-kit turns changes here into numbered SQL migrations
 * (`npm run db:generate`); the server applies them at start.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------- Companies, users, sessions ----------

export const empresas = pgTable('empresas', {
  id: serial('id').primaryKey(),
  nit: text('nit').notNull().unique(),
  dv: smallint('dv').notNull(),
  razonSocial: text('razon_social').notNull(),
  correoContacto: text('correo_contacto').notNull(),
  activa: boolean('activa').notNull().default(true),
  /**
   * Who signs the company's Resolución 0312 self-evaluation (docs/decisions/135): the legal
   * representative and the person responsible for the SG-SST, registered by the company's
   * administrator in Configuraciones. Null until registered: signing is refused meanwhile.
   */
  representanteNombre: text('representante_nombre'),
  representanteDocumento: text('representante_documento'),
  responsableSgSstNombre: text('responsable_sgsst_nombre'),
  responsableSgSstDocumento: text('responsable_sgsst_documento'),
  createdAt: createdAt(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    /** NIT for providers, login name for staff. */
    username: text('username').notNull().unique(),
    empresaId: integer('empresa_id').references(() => empresas.id),
    /** 'default' (contractor), 'revisor', 'administrador'. */
    tipo: text('tipo').notNull().default('default'),
    nombre: text('nombre').notNull(),
    correo: text('correo').notNull(),
    correoNotificaciones: text('correo_notificaciones'),
    passwordHash: text('password_hash'),
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    activo: boolean('activo').notNull().default(true),
    /**
     * Users of a contractor company (decision 136). The NIT account and invited users carry
     * 'administrador' (may invite and disable) or 'cargador' (uploads only); staff rows keep null.
     * An invited user's `username` is its document number and `documentoTipo` names the kind.
     */
    rolEmpresa: text('rol_empresa'),
    documentoTipo: text('documento_tipo'),
    invitadoPor: integer('invitado_por'),
    createdAt: createdAt(),
  },
  (t) => [index('usuarios_empresa_idx').on(t.empresaId)],
);

export const sesiones = pgTable(
  'sesiones',
  {
    id: uuid('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Signed in with a temporary or one-time password: only settings and logout until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId)],
);

/** Fixed-window counters shared by every server process (login, recovery and captcha throttling). */
export const throttle = pgTable('throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Captcha solutions already used (replay protection) until their challenge expires. */
export const captchaUsado = pgTable('captcha_usado', {
  firma: text('firma').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------- Master data ----------

const master = (name: string) =>
  pgTable(name, {
    id: serial('id').primaryKey(),
    descripcion: text('descripcion').notNull().unique(),
    activo: boolean('activo').notNull().default(true),
  });

export const regionales = master('regionales');
export const proyectos = pgTable('proyectos', {
  id: serial('id').primaryKey(),
  descripcion: text('descripcion').notNull().unique(),
  regionalId: integer('regional_id').references(() => regionales.id),
  ciudad: text('ciudad'),
  activo: boolean('activo').notNull().default(true),
});
export const tiposContrato = pgTable('tipos_contrato', {
  id: serial('id').primaryKey(),
  descripcion: text('descripcion').notNull().unique(),
  activo: boolean('activo').notNull().default(true),
  /**
   * The lowest Resolución 0312 self-evaluation score a contractor needs for this contract type; null
   * = not required (docs/decisions/135).
   */
  puntajeMinimo0312: numeric('puntaje_minimo_0312', { precision: 5, scale: 2 }),
});
export const actividades = pgTable('actividades', {
  id: serial('id').primaryKey(),
  descripcion: text('descripcion').notNull().unique(),
  /** Conditions of the catalogue's aplica_si that this activity involves. */
  alturas: boolean('alturas').notNull().default(false),
  espaciosConfinados: boolean('espacios_confinados').notNull().default(false),
  flota: boolean('flota').notNull().default(false),
  /**
   * Risk class (I-V, Decreto 768 de 2022 table; Decreto 1295 de 1994 art. 26) the contract's workers
   * must be affiliated in: the PILA reconciliation's minimum for ARL field 78 (docs/decisions/127).
   */
  claseRiesgo: smallint('clase_riesgo').notNull().default(5),
  activo: boolean('activo').notNull().default(true),
});
export const cargos = master('cargos');

/**
 * The monthly legal minimum wage per year (SMMLV), with the decree that set it: editable data
 * (administrators add each year's). The PILA reconciliation's floor for the IBC (docs/decisions/128).
 */
export const salariosMinimos = pgTable('salarios_minimos', {
  ano: smallint('ano').primaryKey(),
  valor: integer('valor').notNull(),
  norma: text('norma').notNull(),
});

export const departamentos = pgTable('departamentos', {
  codigo: text('codigo').primaryKey(),
  nombre: text('nombre').notNull(),
  region: text('region'),
});
export const municipios = pgTable(
  'municipios',
  {
    codigo: text('codigo').primaryKey(),
    departamentoCodigo: text('departamento_codigo')
      .notNull()
      .references(() => departamentos.codigo),
    nombre: text('nombre').notNull(),
  },
  (t) => [index('municipios_depto_idx').on(t.departamentoCodigo)],
);

// ---------- Contracts ----------

export const contratos = pgTable(
  'contratos',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    descripcion: text('descripcion').notNull(),
    regionalId: integer('regional_id').references(() => regionales.id),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => proyectos.id),
    actividadId: integer('actividad_id')
      .notNull()
      .references(() => actividades.id),
    tipoContratoId: integer('tipo_contrato_id')
      .notNull()
      .references(() => tiposContrato.id),
    /**
     * First month of the risk-management periods. No default: CURRENT_DATE is the database's UTC day,
     * so the insert passes the Colombian day of the app's clock (decision 174).
     */
    fechaInicio: date('fecha_inicio').notNull(),
    activo: boolean('activo').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('contratos_empresa_idx').on(t.empresaId)],
);

// ---------- Requirements catalogue and evidence ----------

export const requisitos = pgTable(
  'requisitos',
  {
    id: serial('id').primaryKey(),
    /** sg-sst | sg-personal | g-riesgo | g-retenido */
    modulo: text('modulo').notNull(),
    codigo: text('codigo').notNull(),
    nombreCorto: text('nombre_corto').notNull(),
    detalle: text('detalle').notNull().default(''),
    extensiones: text('extensiones').notNull(),
    opcional: boolean('opcional').notNull().default(false),
    /** null = always; 'alturas' | 'espacios_confinados' | 'flota' = only when the activity involves it. */
    aplicaSi: text('aplica_si'),
    vigenciaDias: integer('vigencia_dias'),
    baseLegal: text('base_legal'),
    /**
     * Legal validity rule (decision 105): the domain's reglaVigencia object. Null = the older
     * approval date + vigencia_dias.
     */
    reglaVigencia: jsonb('regla_vigencia').$type<ReglaVigencia>(),
    orden: integer('orden').notNull().default(0),
    motivosRechazo: jsonb('motivos_rechazo').$type<string[]>().notNull().default([]),
    /**
     * A document that is a list by nature (attendance, EPP delivery, PILA): one upload may cover
     * several workers, each slot pointing at the same stored file (decision 139).
     */
    cargaMultiple: boolean('carga_multiple').notNull().default(false),
    /**
     * Whether a temporary authorization may stand in for it at the gate (decision 182): false for
     * what the law never lets a principal waive (ARL affiliation, heights, medical concept), with
     * the norm in `base_legal_dispensa`.
     */
    dispensable: boolean('dispensable').notNull().default(true),
    baseLegalDispensa: text('base_legal_dispensa'),
    activo: boolean('activo').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('requisitos_modulo_codigo_uq').on(t.modulo, t.codigo)],
);

/** Immutable stored files, content-addressed by SHA-256 (bytes live in DATA_DIR/files). */
export const archivos = pgTable('archivos', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sha256: text('sha256').notNull(),
  tamano: integer('tamano').notNull(),
  tipoMime: text('tipo_mime').notNull(),
  extension: text('extension').notNull(),
  createdAt: createdAt(),
});

/**
 * One hand-in (file or comment) for a requirement. The newest row of a slot (company, contract,
 * requirement, employee, year, month) is its current state; older rows are the history.
 */
export const entregas = pgTable(
  'entregas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    contratoId: integer('contrato_id').references(() => contratos.id),
    requisitoId: integer('requisito_id')
      .notNull()
      .references(() => requisitos.id),
    empleadoId: integer('empleado_id').references(() => empleados.id),
    ano: smallint('ano'),
    mes: smallint('mes'),
    archivoId: bigint('archivo_id', { mode: 'number' }).references(() => archivos.id),
    nombreArchivo: text('nombre_archivo'),
    comentario: text('comentario'),
    /** 0 uploaded pending approval, 1 approved, -1 rejected. 9 (expired) is derived from vigenciaHasta. */
    estado: smallint('estado').notNull().default(0),
    motivoRechazo: text('motivo_rechazo'),
    vigenciaHasta: date('vigencia_hasta'),
    /** Dates the document states (decision 105), ISO; what the validity rule of the requisito reads. */
    fechaExpedicion: date('fecha_expedicion'),
    fechaVencimientoDoc: date('fecha_vencimiento_doc'),
    proximoExamen: date('proximo_examen'),
    /** Month a "del mes vigente" certificate certifies, 'YYYY-MM'. */
    periodoCertificado: text('periodo_certificado'),
    /**
     * Decision 113: the dates the reader found in the file at upload ({expedicion, vencimiento,
     * proximoExamen}, ISO or null; null = no file or nothing read) and the dates the contractor sent
     * with the upload (null = sent none). The three date columns above are the dates in force:
     * given (else read) at upload, the reviewer's confirmed ones after approval.
     */
    fechasLeidas: jsonb('fechas_leidas').$type<FechasLeidas>(),
    fechasDeclaradas: jsonb('fechas_declaradas').$type<FechasLeidas>(),
    revisadoPor: integer('revisado_por').references(() => usuarios.id),
    revisadoAt: timestamp('revisado_at', { withTimezone: true }),
    cargadoPor: integer('cargado_por').references(() => usuarios.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('entregas_slot_idx').on(t.empresaId, t.requisitoId, t.contratoId, t.empleadoId, t.ano, t.mes, t.id),
    index('entregas_estado_idx').on(t.estado, t.createdAt),
  ],
);

export const anexos = pgTable(
  'anexos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entregaId: bigint('entrega_id', { mode: 'number' })
      .notNull()
      .references(() => entregas.id),
    archivoId: bigint('archivo_id', { mode: 'number' })
      .notNull()
      .references(() => archivos.id),
    nombreArchivo: text('nombre_archivo').notNull(),
    cargadoPor: integer('cargado_por').references(() => usuarios.id),
    createdAt: createdAt(),
  },
  (t) => [index('anexos_entrega_idx').on(t.entregaId)],
);

// ---------- Personnel ----------

export const empleados = pgTable(
  'empleados',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    nombres: text('nombres').notNull(),
    apellidos: text('apellidos').notNull(),
    apellidos2: text('apellidos2').notNull().default(''),
    cargoId: integer('cargo_id').references(() => cargos.id),
    /**
     * Every other employee field of the contract (docs/contract.md, Entities and fields; enumerations and
     * dates validated by the domain schema).
     */
    datos: jsonb('datos').$type<Record<string, string | number | null>>().notNull().default({}),
    autorizacionDatosAt: timestamp('autorizacion_datos_at', { withTimezone: true }),
    autorizacionVersion: text('autorizacion_version'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('empleados_empresa_doc_uq').on(t.empresaId, t.tipoDocumento, t.numeroDocumento)],
);

/** Which employees work under which contract (set when a worker is selected on 'Ingreso de Personal'). */
export const empleadosContratos = pgTable(
  'empleados_contratos',
  {
    empleadoId: integer('empleado_id')
      .notNull()
      .references(() => empleados.id),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    activo: boolean('activo').notNull().default(true),
    /**
     * The worker's exit from this contract ('retiro'), set when the contractor withdraws them: the
     * PILA reconciliation expects a RET novedad in that month (docs/decisions/128).
     */
    fechaRetiro: date('fecha_retiro'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.empleadoId, t.contratoId] }),
    index('empleados_contratos_contrato_idx').on(t.contratoId),
  ],
);

// ---------- Audit and mail ----------

export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: createdAt(),
    evento: text('evento').notNull(),
    usuarioId: integer('usuario_id'),
    empresaId: integer('empresa_id'),
    ip: text('ip'),
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('auditoria_empresa_idx').on(t.empresaId, t.at)],
);

/** Outgoing mail waits here until delivered (retried with back-off when SMTP is down). */
export const correosSalida = pgTable(
  'correos_salida',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    para: text('para').notNull(),
    asunto: text('asunto').notNull(),
    texto: text('texto').notNull(),
    html: text('html'),
    /** A secret rendered at delivery and never stored (docs/decisions/077), e.g. 'clave-temporal:42'. */
    secreto: text('secreto'),
    /** Idempotency key: the same reminder is never queued twice. */
    clave: text('clave').unique(),
    intentos: integer('intentos').notNull().default(0),
    ultimoError: text('ultimo_error'),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).notNull().defaultNow(),
    enviadoAt: timestamp('enviado_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('correos_pendientes_idx').on(t.enviadoAt, t.proximoIntento)],
);

/**
 * A change counter per company for the staff compliance cache (docs/decisions/119): triggers on
 * entregas, contratos and empleados_contratos set it, in the writer's transaction, to a new value of
 * `cumplimiento_version_seq`; row 0 is the catalogue's (requisitos, actividades). A cached count
 * whose counters equal the ones a statement reads is the count that statement would compute.
 */
export const cumplimientoVersiones = pgTable('cumplimiento_versiones', {
  empresaId: integer('empresa_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ---------- Site access: fitness, credentials, the gate (docs/decisions/121) ----------

/**
 * 'Autorización temporal': a reviewer lets a worker who is not apto enter under one contract until
 * `hasta` (at most 7 days after it was granted), with a reason; audited. Revoked early with
 * `revocadaAt`.
 */
export const autorizacionesTemporales = pgTable(
  'autorizaciones_temporales',
  {
    id: serial('id').primaryKey(),
    empleadoId: integer('empleado_id')
      .notNull()
      .references(() => empleados.id),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    motivo: text('motivo').notNull(),
    desde: date('desde').notNull(),
    hasta: date('hasta').notNull(),
    otorgadaPor: integer('otorgada_por')
      .notNull()
      .references(() => usuarios.id),
    revocadaAt: timestamp('revocada_at', { withTimezone: true }),
    revocadaPor: integer('revocada_por').references(() => usuarios.id),
    createdAt: createdAt(),
  },
  (t) => [index('autorizaciones_empleado_idx').on(t.empleadoId, t.contratoId)],
);

/**
 * A worker's credential for one contract (the carnet's QR): its id is what the signed code names.
 * It ends with the contract (`vence`, null while the contract has no end) and can be revoked.
 */
export const credenciales = pgTable(
  'credenciales',
  {
    id: serial('id').primaryKey(),
    empleadoId: integer('empleado_id')
      .notNull()
      .references(() => empleados.id),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    emitidaAt: timestamp('emitida_at', { withTimezone: true }).notNull().defaultNow(),
    vence: date('vence'),
    revocadaAt: timestamp('revocada_at', { withTimezone: true }),
    revocadaPor: integer('revocada_por').references(() => usuarios.id),
    motivoRevocacion: text('motivo_revocacion'),
  },
  (t) => [index('credenciales_empleado_idx').on(t.empleadoId, t.contratoId)],
);

/** The projects a 'porteria' (gate) user guards. */
export const porteriaProyectos = pgTable(
  'porteria_proyectos',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => proyectos.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.proyectoId] })],
);

/**
 * One entry or exit at a project's gate. `clienteId` is made by the guard's device, so a record
 * sent twice (a retried sync) is stored once. `at` is the device's time of the event, `recibidoAt`
 * the server's. `apto`/`motivos` are what the gate showed. `marcas`: e.g. 'salida_sin_entrada',
 * 'reloj_desfasado'.
 */
export const registrosPorteria = pgTable(
  'registros_porteria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The device's id of the record: unique per project (docs/decisions/160). */
    clienteId: uuid('cliente_id').notNull(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => proyectos.id),
    contratoId: integer('contrato_id').references(() => contratos.id),
    empleadoId: integer('empleado_id').references(() => empleados.id),
    credencialId: integer('credencial_id').references(() => credenciales.id),
    tipo: text('tipo').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    recibidoAt: timestamp('recibido_at', { withTimezone: true }).notNull().defaultNow(),
    guardiaId: integer('guardia_id')
      .notNull()
      .references(() => usuarios.id),
    /** The server's verdict on the record's day (docs/decisions/160); the device's is kept beside it. */
    apto: boolean('apto'),
    motivos: jsonb('motivos').$type<string[]>().notNull().default([]),
    aptoDispositivo: boolean('apto_dispositivo'),
    motivosDispositivo: jsonb('motivos_dispositivo').$type<string[]>().notNull().default([]),
    /** The guard's reason for letting in a person who is not apto (docs/decisions/160). */
    motivoExcepcion: text('motivo_excepcion'),
    marcas: jsonb('marcas').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('registros_proyecto_cliente_uq').on(t.proyectoId, t.clienteId),
    index('registros_proyecto_at_idx').on(t.proyectoId, t.at),
    index('registros_empleado_at_idx').on(t.empleadoId, t.at),
  ],
);

// ---------- PILA reconciliation (docs/decisions/128) ----------

/**
 * A PILA flat file reconciled for one contract and period: the submission of item M01 it was stored
 * as, the answer shown to the contractor and the reviewer (`PilaConciliacion`, domain/src/pila/
 * tipos.ts), and the cotizantes read (document, name, ARL days) for the months x workers matrix.
 */
export const pilaPlanillas = pgTable(
  'pila_planillas',
  {
    id: serial('id').primaryKey(),
    entregaId: integer('entrega_id')
      .notNull()
      .unique()
      .references(() => entregas.id),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    contratoId: integer('contrato_id')
      .notNull()
      .references(() => contratos.id),
    ano: smallint('ano').notNull(),
    mes: smallint('mes').notNull(),
    veredicto: text('veredicto').notNull(),
    conciliacion: jsonb('conciliacion').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pila_planillas_contrato_idx').on(t.contratoId, t.ano, t.mes)],
);

// ---------- Resolución 0312 self-evaluation (docs/decisions/133, 135) ----------

/**
 * A company's yearly self-evaluation against the SG-SST minimum standards (Resolución 0312 de 2019
 * art. 27). One row per version: the latest is the draft being filled or the signed one; a correction
 * of a signed evaluation is a new version, the signed row stays as it was. `respuestas` and `plan`
 * hold what the contractor sent (domain/src/autoevaluacion/api.ts); `lista`, `puntaje` and
 * `clasificacion` are calificar's result when saved. `firmas`: the signers' names and documents, the
 * legal warning accepted and who signed in. `entregaId`: the E05 submission the signature produced.
 */
export const autoevaluaciones = pgTable(
  'autoevaluaciones',
  {
    id: serial('id').primaryKey(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id),
    ano: smallint('ano').notNull(),
    version: integer('version').notNull(),
    trabajadores: integer('trabajadores').notNull(),
    claseRiesgo: smallint('clase_riesgo').notNull(),
    lista: smallint('lista').notNull(),
    puntaje: numeric('puntaje', { precision: 5, scale: 2 }).notNull(),
    clasificacion: text('clasificacion').notNull(),
    respuestas: jsonb('respuestas').$type<Record<string, unknown>[]>().notNull().default([]),
    plan: jsonb('plan').$type<Record<string, unknown>[]>().notNull().default([]),
    estado: text('estado').notNull().default('borrador'),
    firmadaAt: timestamp('firmada_at', { withTimezone: true }),
    firmas: jsonb('firmas').$type<Record<string, unknown>>(),
    entregaId: bigint('entrega_id', { mode: 'number' }).references(() => entregas.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('autoevaluaciones_empresa_ano_version_uq').on(t.empresaId, t.ano, t.version)],
);
