import { z } from 'zod';
import { MSG } from '../messages';
import { formatDia } from '../dates';
import { anosCumplidos } from '../calendario';
import { EDAD_MINIMA_TRABAJO } from '../rules/edad';
import {
  FORMAS_DOCUMENTO,
  problemaDocumento,
  type TipoDocumentoIdentidad,
} from '../rules/documento-identidad';

/**
 * Employees (docs/contract.md, Entities and fields; Validation rules): closed lists, the payload schema, the
 * required-field rule and the socio-demographic columns. Shared by the web form and the server.
 */

// ---------- Closed lists of the contract (values exactly as the original spells them) ----------

/**
 * The original portal's three kinds first (CC, PPPT, VISA DE TRABAJO), then those a
 * worker in Colombia also carries: foreigners' CE and passport, and the TI of a worker of 15 to 17
 * (MIN_WORKER_AGE). PPPT is the specification's code of the PPT (Permiso por Protección Temporal),
 * so no second code is added for it. Each kind's number shape: rules/documento-identidad.ts.
 */
export const TIPOS_DOCUMENTO = [
  'CC',
  'PPPT',
  'VISA DE TRABAJO',
  'CE',
  'PA',
  'TI',
] as const satisfies readonly TipoDocumentoIdentidad[];
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];
/** Options of the document-type select: value sent to the API, label shown. */
export const TIPOS_DOCUMENTO_OPCIONES: ReadonlyArray<{ value: TipoDocumento; label: string }> =
  TIPOS_DOCUMENTO.map((value) => ({ value, label: FORMAS_DOCUMENTO[value].etiqueta }));
export const GENEROS = ['MASCULINO', 'FEMENINO'] as const;
export const RH = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const ESTADOS_CIVILES = [
  'SOLTERO',
  'CASADO',
  'DIVORCIADO',
  'SEPARADO',
  'UNION LIBRE',
  'VIUDO',
] as const;
export const NIVELES_EDUCATIVOS = [
  'SIN ESTUDIO',
  'PRIMARIA COMPLETA',
  'PRIMARIA INCOMPLETA',
  'SECUNDARIA COMPLETA',
  'SECUNDARIA INCOMPLETA',
  'TECNICO',
  'TECNOLOGICO',
  'PREGRADO',
  'POSGRADO',
] as const;
export const TIPOS_VIVIENDA = ['PROPIA', 'EN ARRIENDO', 'COMPARTIDA', 'FAMILIAR'] as const;
export const ESTRATOS = ['1', '2', '3', '4', '5', '6', 'SIN ESTRATO'] as const;
export const CONCEPTOS_APTITUD = [
  'APTO PARA EL CARGO',
  'APTO CON RECOMENDACIONES',
  'APTO PARA ALTURAS',
  'APTO PARA ESPACIOS CONFINADOS',
  'APTO PARA ALTURAS Y ESPACIOS CONFINADOS',
] as const;
export const NIVELES_CERTIFICADO = [
  'TRABAJADOR AUTORIZADO',
  'REENTRENAMIENTO',
  'ADMINISTRATIVO JEFE DE AREA TRABAJADOR ENTRANTE',
  'TRABAJADOR ENTRANTE EN ESPACIOS CONFINADOS',
  'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINADOS',
  'SUPERVISOR DE TRABAJO EN ESPACIOS CONFINADOS',
] as const;

/**
 * Two list values were first written misspelt ('PREGADO', '... CONFINDOS'); they are now stored and
 * shown spelt right, and a client or a roster file that still sends the old spelling is read as the
 * new value (migration 0013 rewrote the stored ones). Decision 171.
 */
export const VALORES_CORREGIDOS: Readonly<Record<string, string>> = {
  PREGADO: 'PREGRADO',
  'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINDOS':
    'VIGIA DE SEGURIDAD DE TRABAJO EN ESPACIOS CONFINADOS',
};

/** Version of the personal-data notice (Ley 1581 de 2012) recorded with each employee saved under it. */
export const AVISO_DATOS_VERSION = 'AVISO-DATOS-2026-01';

// ---------- Fields, in the order of the form ----------

/** Every employee field of the contract with its Spanish label, in the order of the form. */
export const EMPLOYEE_FIELDS = {
  tipodocumento: 'Tipo de Identificación',
  numerodocumento: 'Identificación',
  nombres: 'Nombres',
  apellidos: 'Primer Apellido',
  apellidos2: 'Segundo Apellido',
  empleador: 'Empleador',
  genero: 'Género',
  fecha_nacimiento: 'Fecha Nacimiento',
  rh: 'RH',
  estado_civil: 'Estado Civil',
  personas_a_cargo: 'Personas a cargo',
  nivel_educativo: 'Nivel educativo',
  oficio_o_especialidad: 'Profesión/Especialidad/habilidad',
  cargo: 'Cargo para el que fue contratado',
  tipo_vivienda: 'Tipo de vivienda',
  estrato: 'Estrato',
  direccion: 'Dirección',
  departamento: 'Departamento',
  ciudad: 'Municipio',
  barrio: 'Barrio',
  numerotelefono: 'Teléfono de la residencia',
  contacto_caso_emergencia: 'Contacto en caso de emergencia',
  tel_contacto_caso_emergencia: 'Teléfono contacto de emergencia',
  parentesco_caso_emergencia: 'Parentesco contacto de emergencia',
  salario: 'Salario',
  fecini_seg_social: 'Fecha de ingreso a obra',
  eps: 'EPS',
  arl: 'ARL',
  fondos_pensiones: 'Fondos Pensiones',
  caja_compensacion: 'Caja Compensación',
  fecha_examenes_medicos: 'Fecha exámenes médicos',
  concepto_aptitud: 'Concepto Aptitud',
  fecha_cert_alturas: 'Fecha certificado alturas',
  fecha_cert_espacios_confina: 'Fecha certificado espacios confinados',
  nivel_certificado_curso_alturas: 'Nivel certificado curso alturas',
  // Also carried or accepted (the contract); not on the form.
  fechaingreso: 'Fecha de ingreso',
  fv_seg_social: 'Vencimiento seguridad social',
  fv_cursos_altura: 'Vencimiento curso alturas',
  fv_examenes_medicos: 'Vencimiento exámenes médicos',
  centro_costo: 'Centro de costo',
  contrato: 'Contrato',
  fecha_inicio: 'Fecha de inicio',
  concepto_aptitud_medico: 'Concepto médico de aptitud',
  fecha_ven_cert_espacios_confina: 'Vencimiento certificado espacios confinados',
  obra: 'Obra',
} as const;
export type EmployeeField = keyof typeof EMPLOYEE_FIELDS;

/**
 * Required fields of the contract's validation rules, in the order of the form (document type and number are
 * checked first).
 */
export const REQUIRED_EMPLOYEE_FIELDS: readonly EmployeeField[] = [
  'nombres',
  'apellidos',
  'apellidos2',
  'genero',
  'fecha_nacimiento',
  'rh',
  'nivel_educativo',
  'oficio_o_especialidad',
  'cargo',
  'tipo_vivienda',
  'estrato',
  'departamento',
  'ciudad',
  'barrio',
  'contacto_caso_emergencia',
  'tel_contacto_caso_emergencia',
  'parentesco_caso_emergencia',
  'salario',
  'fecini_seg_social',
  'eps',
  'arl',
  'fondos_pensiones',
  'caja_compensacion',
  'concepto_aptitud',
];

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Labels of the required fields left empty, in form order (one toast / message each). */
export function missingEmployeeFields(input: Partial<Record<string, unknown>>): string[] {
  return REQUIRED_EMPLOYEE_FIELDS.filter((k) => isBlank(input[k])).map((k) => EMPLOYEE_FIELDS[k]);
}

/** True when document type and number are both present (the contract's 'Validar' rule). */
export function hasEmployeeId(input: { tipodocumento?: unknown; numerodocumento?: unknown }): boolean {
  return !isBlank(input.tipodocumento) && !isBlank(input.numerodocumento);
}

// ---------- Document numbers ----------

/** Dots and spaces are formatting ('1.023.456.789'); letters are compared in upper case. */
export function normalizeDocumentNumber(raw: string): string {
  return raw.replace(/[\s.]/g, '').toUpperCase();
}

/** The number (normalized) has its kind's shape (rules/documento-identidad.ts). */
export function isValidDocumentNumber(tipo: TipoDocumento, numero: string): boolean {
  return problemaDocumento(tipo, numero) === null;
}

export const tipoDocumento = z
  .enum(TIPOS_DOCUMENTO, { error: MSG.invalidField(EMPLOYEE_FIELDS.tipodocumento) })
  .describe(
    'Tipo de documento: CC, PPPT (permiso por protección temporal), VISA DE TRABAJO, CE (cédula de extranjería), PA (pasaporte) o TI (tarjeta de identidad).',
  );

/** Path parameters of GET /api/contratista/empleados/{tipodocumento}/{numerodocumento}. */
export const employeeKeyParams = z.object({
  tipodocumento: tipoDocumento,
  numerodocumento: z
    .string()
    .min(1, MSG.employeeIdRequired)
    .max(32, MSG.invalidDocumentNumber)
    .describe(
      'Número de identificación del trabajador; los puntos y espacios se ignoran (1.023.456 = 1023456).',
    ),
});

// ---------- Payload of POST /api/contratista/empleados ----------

/** Every field also accepts '' or null (an untouched form control): both mean "not given". */
function blankable<T extends z.ZodType>(inner: T, label: string) {
  return z.union([inner, z.literal(''), z.null()], { error: MSG.invalidField(label) }).optional();
}
const text = (key: EmployeeField, max = 120) =>
  blankable(
    z
      .string({ error: MSG.invalidField(EMPLOYEE_FIELDS[key]) })
      .max(max, MSG.fieldTooLong(EMPLOYEE_FIELDS[key], max)),
    EMPLOYEE_FIELDS[key],
  );
const oneOf = <const V extends readonly [string, ...string[]]>(key: EmployeeField, values: V) =>
  blankable(
    z.preprocess(
      (v) => (typeof v === 'string' && Object.hasOwn(VALORES_CORREGIDOS, v) ? VALORES_CORREGIDOS[v] : v),
      z.enum(values, { error: MSG.invalidField(EMPLOYEE_FIELDS[key]) }),
    ),
    EMPLOYEE_FIELDS[key],
  );
const isoDate = (key: EmployeeField) =>
  blankable(z.iso.date({ error: MSG.invalidDate(EMPLOYEE_FIELDS[key]) }), EMPLOYEE_FIELDS[key]);
const phone = (key: EmployeeField) =>
  blankable(
    z.union([
      z.string().regex(/^\+?[\d\s()-]{7,20}$/, MSG.invalidPhone(EMPLOYEE_FIELDS[key])),
      z
        .number()
        .int()
        .min(1_000_000, MSG.invalidPhone(EMPLOYEE_FIELDS[key]))
        .max(999_999_999_999_999, MSG.invalidPhone(EMPLOYEE_FIELDS[key])),
    ]),
    EMPLOYEE_FIELDS[key],
  );
/** A number, or the same number written as text (some forms send numbers as strings). */
const numeric = (key: EmployeeField, integer: boolean) =>
  blankable(
    z.union([
      z.number(),
      z.string().regex(integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/, MSG.invalidField(EMPLOYEE_FIELDS[key])),
    ]),
    EMPLOYEE_FIELDS[key],
  );
const id = (label: string) =>
  blankable(
    z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)], { error: MSG.invalidField(label) }),
    label,
  );

export const employeeBody = z.strictObject({
  tipodocumento: blankable(tipoDocumento, EMPLOYEE_FIELDS.tipodocumento),
  /** Alias of tipodocumento used by the form (the contract). */
  tipoIdentificacion: blankable(tipoDocumento, EMPLOYEE_FIELDS.tipodocumento),
  numerodocumento: text('numerodocumento', 32),
  /** Alias of numerodocumento used by the form (the contract). */
  identificacion: text('numerodocumento', 32),
  nombres: text('nombres', 80),
  apellidos: text('apellidos', 60),
  apellidos2: text('apellidos2', 60),
  empleador: text('empleador', 150),
  genero: oneOf('genero', GENEROS),
  fecha_nacimiento: isoDate('fecha_nacimiento'),
  rh: oneOf('rh', RH),
  estado_civil: oneOf('estado_civil', ESTADOS_CIVILES),
  personas_a_cargo: numeric('personas_a_cargo', true),
  nivel_educativo: oneOf('nivel_educativo', NIVELES_EDUCATIVOS),
  oficio_o_especialidad: text('oficio_o_especialidad', 120),
  cargo: id(EMPLOYEE_FIELDS.cargo),
  tipo_vivienda: oneOf('tipo_vivienda', TIPOS_VIVIENDA),
  estrato: blankable(
    z.union(
      [
        z.enum(ESTRATOS),
        z
          .number()
          .int()
          .min(1, MSG.invalidField(EMPLOYEE_FIELDS.estrato))
          .max(6, MSG.invalidField(EMPLOYEE_FIELDS.estrato)),
      ],
      { error: MSG.invalidField(EMPLOYEE_FIELDS.estrato) },
    ),
    EMPLOYEE_FIELDS.estrato,
  ),
  direccion: text('direccion', 200),
  departamento: text('departamento', 80).describe(
    'Nombre (nombre_depto) o código DANE (codigo_depto) del departamento.',
  ),
  ciudad: text('ciudad', 80).describe(
    'Nombre (nombre_municipio) o código DANE (codigo_municipio) del municipio; debe pertenecer al departamento.',
  ),
  barrio: text('barrio', 120),
  numerotelefono: phone('numerotelefono'),
  contacto_caso_emergencia: text('contacto_caso_emergencia', 120),
  tel_contacto_caso_emergencia: phone('tel_contacto_caso_emergencia'),
  parentesco_caso_emergencia: text('parentesco_caso_emergencia', 60),
  salario: numeric('salario', false),
  fecini_seg_social: isoDate('fecini_seg_social'),
  eps: text('eps', 120),
  arl: text('arl', 120),
  fondos_pensiones: text('fondos_pensiones', 120),
  caja_compensacion: text('caja_compensacion', 120),
  fecha_examenes_medicos: isoDate('fecha_examenes_medicos'),
  concepto_aptitud: oneOf('concepto_aptitud', CONCEPTOS_APTITUD),
  fecha_cert_alturas: isoDate('fecha_cert_alturas'),
  fecha_cert_espacios_confina: isoDate('fecha_cert_espacios_confina'),
  nivel_certificado_curso_alturas: oneOf('nivel_certificado_curso_alturas', NIVELES_CERTIFICADO),
  fechaingreso: isoDate('fechaingreso'),
  fv_seg_social: isoDate('fv_seg_social'),
  fv_cursos_altura: isoDate('fv_cursos_altura'),
  fv_examenes_medicos: isoDate('fv_examenes_medicos'),
  centro_costo: text('centro_costo', 80),
  contrato: blankable(z.union([z.string().max(200), z.number()]), EMPLOYEE_FIELDS.contrato),
  fecha_inicio: isoDate('fecha_inicio'),
  concepto_aptitud_medico: text('concepto_aptitud_medico', 500),
  fecha_ven_cert_espacios_confina: isoDate('fecha_ven_cert_espacios_confina'),
  obra: text('obra', 150),
  /** Links the employee to this contract of the company (Ingreso de Personal). */
  contratoid: id('contratoid').describe('Contrato de la empresa al que se vincula el trabajador (opcional).'),
});
export type EmployeeBody = z.infer<typeof employeeBody>;

// ---------- Normalized, validated input ----------

type FieldValue = string | number | null;

/** A validated employee: key, optional contract link, and the fields present in the payload (blank = null). */
export type EmployeeInput = {
  tipodocumento: TipoDocumento;
  numerodocumento: string;
  contratoid: number | null;
  /** Only keys that were in the payload; names trimmed, numbers as numbers, estrato as text. */
  campos: Partial<Record<Exclude<EmployeeField, 'tipodocumento' | 'numerodocumento'>, FieldValue>>;
};

export type EmployeeValidation = { ok: true; data: EmployeeInput } | { ok: false; errors: string[] };

const FORM_ORDER = Object.keys(EMPLOYEE_FIELDS) as EmployeeField[];
const DATE_FIELDS: readonly EmployeeField[] = [
  'fecha_nacimiento',
  'fecini_seg_social',
  'fecha_examenes_medicos',
  'fecha_cert_alturas',
  'fecha_cert_espacios_confina',
  'fechaingreso',
  'fv_seg_social',
  'fv_cursos_altura',
  'fv_examenes_medicos',
  'fecha_inicio',
  'fecha_ven_cert_espacios_confina',
];
/** Dates outside this window are typing mistakes (e.g. 0202-05-01). */
const MIN_DATE = '1950-01-01';
const MAX_DATE = '2100-12-31';
/** The minimum working age (Ley 1098 de 2006 art. 35): rules/edad.ts. */
export const MIN_WORKER_AGE = EDAD_MINIMA_TRABAJO.edad;
export const MAX_WORKER_AGE = 100;
const MAX_DEPENDENTS = 99;
const MAX_SALARY = 10_000_000_000;

function addYears(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
}

const cleanText = (v: string) => v.replace(/\s+/g, ' ').trim();

/**
 * The whole server-side rule set, usable by the form too: document key, the required fields of
 * the contract's validation rules (form order), closed lists and formats, then dates and numbers. Returns
 * every message; the first is the one to show. `today` is the Colombian day ages and dates are judged on: the
 * server's clock, the browser's now in the form (calendario.ts, decision 174).
 */
export function validateEmployee(body: unknown, today: string): EmployeeValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, errors: [MSG.badRequest] };
  const raw = body as Record<string, unknown>;
  const errors: string[] = [];
  const tipoRaw = isBlank(raw.tipodocumento) ? raw.tipoIdentificacion : raw.tipodocumento;
  const numeroRaw = isBlank(raw.numerodocumento) ? raw.identificacion : raw.numerodocumento;
  if (!hasEmployeeId({ tipodocumento: tipoRaw, numerodocumento: numeroRaw }))
    errors.push(MSG.employeeIdRequired);
  errors.push(...missingEmployeeFields(raw).map((label) => MSG.fieldRequired(label)));

  const parsed = employeeBody.safeParse(raw);
  if (!parsed.success) {
    const byField = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const key =
        issue.code === 'unrecognized_keys' ? `~${issue.keys.join(',')}` : String(issue.path[0] ?? '');
      if (byField.has(key)) continue;
      const label =
        EMPLOYEE_FIELDS[key as EmployeeField] ?? (key === 'contratoid' ? 'contratoid' : undefined);
      // Our own messages name the field; zod's generic ones (e.g. "too small") are replaced by one that does.
      byField.set(
        key,
        label && !issue.message.startsWith('El campo ') ? MSG.invalidField(label) : issue.message,
      );
    }
    const order = (k: string) => {
      const i = FORM_ORDER.indexOf(k as EmployeeField);
      return i < 0 ? FORM_ORDER.length : i;
    };
    const fieldErrors = [...byField.entries()].sort((a, b) => order(a[0]) - order(b[0])).map(([, m]) => m);
    return { ok: false, errors: [...errors, ...fieldErrors] };
  }
  const b = parsed.data;
  const blank = (v: unknown) => isBlank(v);

  // Document key (either spelling of the contract; both given must agree).
  const tipo = (blank(b.tipodocumento) ? b.tipoIdentificacion : b.tipodocumento) as TipoDocumento | undefined;
  const numero = normalizeDocumentNumber(
    String((blank(b.numerodocumento) ? b.identificacion : b.numerodocumento) ?? ''),
  );
  if (!blank(b.tipodocumento) && !blank(b.tipoIdentificacion) && b.tipodocumento !== b.tipoIdentificacion)
    errors.push(MSG.documentAliasConflict);
  if (
    !blank(b.numerodocumento) &&
    !blank(b.identificacion) &&
    normalizeDocumentNumber(String(b.numerodocumento)) !== normalizeDocumentNumber(String(b.identificacion))
  )
    errors.push(MSG.documentAliasConflict);
  const problemaNumero = tipo && numero ? problemaDocumento(tipo, numero) : null;
  if (problemaNumero) errors.push(problemaNumero);

  const campos: EmployeeInput['campos'] = {};
  const input = b as Record<string, unknown>;
  for (const key of FORM_ORDER) {
    if (key === 'tipodocumento' || key === 'numerodocumento' || !(key in input)) continue;
    const v = input[key];
    if (blank(v)) {
      campos[key] = null;
      continue;
    }
    switch (key) {
      case 'cargo':
      case 'personas_a_cargo':
      case 'salario':
        campos[key] = Number(v);
        break;
      case 'estrato':
      case 'contrato':
        campos[key] = String(v);
        break;
      case 'numerotelefono':
      case 'tel_contacto_caso_emergencia':
        campos[key] = cleanText(String(v));
        break;
      default:
        campos[key] = typeof v === 'string' ? cleanText(v) : (v as FieldValue);
    }
  }

  // Numbers
  const dependents = campos.personas_a_cargo;
  if (typeof dependents === 'number') {
    if (dependents < 0) errors.push(MSG.dependentsNegative);
    else if (!Number.isInteger(dependents) || dependents > MAX_DEPENDENTS)
      errors.push(MSG.invalidField(EMPLOYEE_FIELDS.personas_a_cargo));
  }
  const salary = campos.salario;
  if (typeof salary === 'number' && !(salary > 0 && salary <= MAX_SALARY)) errors.push(MSG.salaryNotPositive);

  // Dates
  for (const key of DATE_FIELDS) {
    const d = campos[key as keyof EmployeeInput['campos']];
    if (typeof d === 'string' && (d < MIN_DATE || d > MAX_DATE))
      errors.push(MSG.dateOutOfRange(EMPLOYEE_FIELDS[key], formatDia(MIN_DATE), formatDia(MAX_DATE)));
  }
  const birth = campos.fecha_nacimiento;
  if (typeof birth === 'string') {
    const age = anosCumplidos(birth, today);
    if (birth <= today && age >= 0 && age < MIN_WORKER_AGE) errors.push(MSG.workerUnderMinimumAge);
    else if (birth > today || age > MAX_WORKER_AGE) errors.push(MSG.birthDateOutOfRange);
  }
  const entry = campos.fecini_seg_social;
  if (typeof entry === 'string') {
    const tooEarly =
      entry < MIN_DATE || (typeof birth === 'string' && entry < addYears(birth, MIN_WORKER_AGE));
    if (tooEarly || entry > addYears(today, 1)) errors.push(MSG.entryDateOutOfRange);
  }

  if (errors.length > 0) return { ok: false, errors: [...new Set(errors)] };
  const contratoid = blank(b.contratoid) ? null : Number(b.contratoid);
  return {
    ok: true,
    data: { tipodocumento: tipo as TipoDocumento, numerodocumento: numero, contratoid, campos },
  };
}

// ---------- Responses ----------

const nullableText = z.string().nullable();

/**
 * GET /api/contratista/empleados/{tipodocumento}/{numerodocumento}: the form fields, both spellings
 * of the document key, departamento/ciudad as official names plus their DANE codes.
 */
export const employeeView = z.object({
  id: z.number(),
  tipodocumento: z.enum(TIPOS_DOCUMENTO),
  tipoIdentificacion: z.enum(TIPOS_DOCUMENTO),
  numerodocumento: z.string(),
  identificacion: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  apellidos2: z.string(),
  empleador: nullableText,
  genero: nullableText,
  fecha_nacimiento: nullableText,
  rh: nullableText,
  estado_civil: nullableText,
  personas_a_cargo: z.number().nullable(),
  nivel_educativo: nullableText,
  oficio_o_especialidad: nullableText,
  cargo: z.number().nullable(),
  cargo_descripcion: nullableText,
  tipo_vivienda: nullableText,
  estrato: nullableText,
  direccion: nullableText,
  departamento: nullableText,
  codigo_depto: nullableText,
  ciudad: nullableText,
  codigo_municipio: nullableText,
  barrio: nullableText,
  numerotelefono: nullableText,
  contacto_caso_emergencia: nullableText,
  tel_contacto_caso_emergencia: nullableText,
  parentesco_caso_emergencia: nullableText,
  salario: z.number().nullable(),
  fecini_seg_social: nullableText,
  eps: nullableText,
  arl: nullableText,
  fondos_pensiones: nullableText,
  caja_compensacion: nullableText,
  fecha_examenes_medicos: nullableText,
  concepto_aptitud: nullableText,
  fecha_cert_alturas: nullableText,
  fecha_cert_espacios_confina: nullableText,
  nivel_certificado_curso_alturas: nullableText,
  fechaingreso: nullableText,
  fv_seg_social: nullableText,
  fv_cursos_altura: nullableText,
  fv_examenes_medicos: nullableText,
  centro_costo: nullableText,
  contrato: nullableText,
  fecha_inicio: nullableText,
  concepto_aptitud_medico: nullableText,
  fecha_ven_cert_espacios_confina: nullableText,
  obra: nullableText,
  /** Contracts of the company this worker is linked to. */
  contratos: z.array(z.number()),
  autorizacion_datos_at: nullableText,
  autorizacion_version: nullableText,
});
export type EmployeeView = z.infer<typeof employeeView>;

export const saveEmployeeResponse = z.object({
  message: z.string(),
  id: z.number(),
  /** true when the employee was created, false when updated. */
  creado: z.boolean(),
  empleado: employeeView,
});
export type SaveEmployeeResponse = z.infer<typeof saveEmployeeResponse>;

export const linkEmployeeBody = z.strictObject({
  contratoid: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)], {
    error: MSG.employeeContractUnknown,
  }),
});

export const cargoItem = z.object({ id: z.number(), descripcion: z.string() });
export const cargosResponse = z.array(cargoItem);
export const departamentoItem = z.object({
  nombre_depto: z.string(),
  codigo_depto: z.string(),
  municipios: z.array(z.object({ nombre_municipio: z.string(), codigo_municipio: z.string() })),
});
export const municipiosResponse = z.array(departamentoItem);
export type DepartamentoItem = z.infer<typeof departamentoItem>;

// ---------- Socio-demographic report ----------

/**
 * The 41 columns of the report (the contract's socio-demographic row): key and Spanish header, cargo last.
 */
export const SOCIODEMOGRAFICO_COLUMNS = [
  { key: 'numero_documento', header: 'Número de documento' },
  { key: 'tipo_documento', header: 'Tipo de documento' },
  { key: 'nombres', header: 'Nombres' },
  { key: 'apellidos', header: 'Primer apellido' },
  { key: 'apellidos2', header: 'Segundo apellido' },
  { key: 'genero', header: 'Género' },
  { key: 'fecha_nacimiento', header: 'Fecha de nacimiento' },
  { key: 'rh', header: 'RH' },
  { key: 'estado_civil', header: 'Estado civil' },
  { key: 'personas_a_cargo', header: 'Personas a cargo' },
  { key: 'nivel_educativo', header: 'Nivel educativo' },
  { key: 'oficio_o_especialidad', header: 'Profesión / especialidad / habilidad' },
  { key: 'tipo_vivienda', header: 'Tipo de vivienda' },
  { key: 'estrato', header: 'Estrato' },
  { key: 'direccion', header: 'Dirección' },
  { key: 'barrio', header: 'Barrio' },
  { key: 'departamento', header: 'Departamento' },
  { key: 'ciudad', header: 'Municipio' },
  { key: 'numerotelefono', header: 'Teléfono' },
  { key: 'contacto_caso_emergencia', header: 'Contacto en caso de emergencia' },
  { key: 'tel_contacto_caso_emergencia', header: 'Teléfono contacto de emergencia' },
  { key: 'parentesco_caso_emergencia', header: 'Parentesco contacto de emergencia' },
  { key: 'empleador', header: 'Empleador' },
  { key: 'salario', header: 'Salario' },
  { key: 'eps', header: 'EPS' },
  { key: 'arl', header: 'ARL' },
  { key: 'fondos_pensiones', header: 'Fondo de pensiones' },
  { key: 'caja_compensacion', header: 'Caja de compensación' },
  { key: 'fechaingreso', header: 'Fecha de ingreso' },
  { key: 'fecini_seg_social', header: 'Fecha de ingreso a obra' },
  { key: 'fv_seg_social', header: 'Vencimiento seguridad social' },
  { key: 'fecha_inicio', header: 'Fecha de inicio' },
  { key: 'fecha_examenes_medicos', header: 'Fecha exámenes médicos' },
  { key: 'fv_examenes_medicos', header: 'Vencimiento exámenes médicos' },
  { key: 'concepto_aptitud', header: 'Concepto de aptitud' },
  { key: 'fecha_cert_alturas', header: 'Fecha certificado alturas' },
  { key: 'fv_cursos_altura', header: 'Vencimiento curso alturas' },
  { key: 'nivel_certificado_curso_alturas', header: 'Nivel certificado curso alturas' },
  { key: 'fecha_cert_espacios_confina', header: 'Fecha certificado espacios confinados' },
  { key: 'fecha_ven_cert_espacios_confina', header: 'Vencimiento certificado espacios confinados' },
  { key: 'cargo', header: 'Cargo' },
] as const;
export type SociodemograficoKey = (typeof SOCIODEMOGRAFICO_COLUMNS)[number]['key'];
/** Columns holding ISO dates (exported as real dates to Excel). */
export const SOCIODEMOGRAFICO_DATE_KEYS: ReadonlySet<SociodemograficoKey> = new Set(
  SOCIODEMOGRAFICO_COLUMNS.map((c) => c.key).filter((k) => k.startsWith('fec') || k.startsWith('fv_')),
);

/**
 * One worker: the 41 keys of the columns, plus `cargos`, the nested list of positions whose first
 * element gives `cargo` (the shape the original client reads).
 */
export type SociodemograficoRow = Record<
  Exclude<SociodemograficoKey, 'personas_a_cargo' | 'salario'>,
  string | null
> & {
  personas_a_cargo: number | null;
  salario: number | null;
  cargos: Array<{ descripcion: string }>;
};

/** Name of the downloaded workbook ('Descarga'). */
export const SOCIODEMOGRAFICO_EXCEL_FILENAME = 'Descarga.xlsx';
