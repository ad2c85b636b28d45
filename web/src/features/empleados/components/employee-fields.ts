import {
  CONCEPTOS_APTITUD,
  EMPLOYEE_FIELDS,
  ESTADOS_CIVILES,
  ESTRATOS,
  GENEROS,
  MSG,
  NIVELES_CERTIFICADO,
  NIVELES_EDUCATIVOS,
  REQUIRED_EMPLOYEE_FIELDS,
  RH,
  TIPOS_VIVIENDA,
  type EmployeeField,
  type EmployeeView,
} from '@proveedores/domain';

/** The employee form (the contract's employee fields), in form order, grouped for reading on a phone. */
export type FieldKind =
  'text' | 'enum' | 'date' | 'integer' | 'money' | 'tel' | 'cargo' | 'departamento' | 'ciudad';
export type FieldDef = { key: FormField; kind: FieldKind; options?: readonly string[] };

export type FormField = Exclude<
  EmployeeField,
  | 'tipodocumento'
  | 'numerodocumento'
  | 'fechaingreso'
  | 'fv_seg_social'
  | 'fv_cursos_altura'
  | 'fv_examenes_medicos'
  | 'centro_costo'
  | 'contrato'
  | 'fecha_inicio'
  | 'concepto_aptitud_medico'
  | 'fecha_ven_cert_espacios_confina'
  | 'obra'
>;

export const FORM_SECTIONS: ReadonlyArray<{ title: string; fields: FieldDef[] }> = [
  {
    title: MSG.employeeSectionPersonal,
    fields: [
      { key: 'nombres', kind: 'text' },
      { key: 'apellidos', kind: 'text' },
      { key: 'apellidos2', kind: 'text' },
      { key: 'genero', kind: 'enum', options: GENEROS },
      { key: 'fecha_nacimiento', kind: 'date' },
      { key: 'rh', kind: 'enum', options: RH },
      { key: 'estado_civil', kind: 'enum', options: ESTADOS_CIVILES },
      { key: 'personas_a_cargo', kind: 'integer' },
      { key: 'nivel_educativo', kind: 'enum', options: NIVELES_EDUCATIVOS },
      { key: 'oficio_o_especialidad', kind: 'text' },
    ],
  },
  {
    title: MSG.employeeSectionResidence,
    fields: [
      { key: 'tipo_vivienda', kind: 'enum', options: TIPOS_VIVIENDA },
      { key: 'estrato', kind: 'enum', options: ESTRATOS },
      { key: 'direccion', kind: 'text' },
      { key: 'departamento', kind: 'departamento' },
      { key: 'ciudad', kind: 'ciudad' },
      { key: 'barrio', kind: 'text' },
      { key: 'numerotelefono', kind: 'tel' },
      { key: 'contacto_caso_emergencia', kind: 'text' },
      { key: 'tel_contacto_caso_emergencia', kind: 'tel' },
      { key: 'parentesco_caso_emergencia', kind: 'text' },
    ],
  },
  {
    title: MSG.employeeSectionWork,
    fields: [
      { key: 'empleador', kind: 'text' },
      { key: 'cargo', kind: 'cargo' },
      { key: 'salario', kind: 'money' },
      { key: 'fecini_seg_social', kind: 'date' },
      { key: 'eps', kind: 'text' },
      { key: 'arl', kind: 'text' },
      { key: 'fondos_pensiones', kind: 'text' },
      { key: 'caja_compensacion', kind: 'text' },
    ],
  },
  {
    title: MSG.employeeSectionHealth,
    fields: [
      { key: 'fecha_examenes_medicos', kind: 'date' },
      { key: 'concepto_aptitud', kind: 'enum', options: CONCEPTOS_APTITUD },
      { key: 'fecha_cert_alturas', kind: 'date' },
      { key: 'fecha_cert_espacios_confina', kind: 'date' },
      { key: 'nivel_certificado_curso_alturas', kind: 'enum', options: NIVELES_CERTIFICADO },
    ],
  },
];

export const FORM_FIELDS: readonly FieldDef[] = FORM_SECTIONS.flatMap((s) => s.fields);
export const REQUIRED: ReadonlySet<EmployeeField> = new Set(REQUIRED_EMPLOYEE_FIELDS);
/**
 * Not required by the contract's validation rules, but the original form starred it: no '*', the label says
 * '(recomendado)' instead (decision 103).
 */
export const RECOMMENDED: ReadonlySet<EmployeeField> = new Set(['fecha_examenes_medicos'] as const);

/** Messages of the employee rules that name no field label, and the field they are about. */
const FIELD_OF_MESSAGE: ReadonlyMap<string, FormField> = new Map<string, FormField>([
  [MSG.municipalityNotInDepartment, 'ciudad'],
  [MSG.departmentNotFound, 'departamento'],
  [MSG.cargoNotFound, 'cargo'],
  [MSG.birthDateOutOfRange, 'fecha_nacimiento'],
  [MSG.workerUnderMinimumAge, 'fecha_nacimiento'],
  [MSG.entryDateOutOfRange, 'fecini_seg_social'],
]);

const LABELS_LONGEST_FIRST = FORM_SECTIONS.flatMap((s) => s.fields.map((f) => f.key)).sort(
  (a, b) => EMPLOYEE_FIELDS[b].length - EMPLOYEE_FIELDS[a].length,
);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form field a rule's message is about (every message of the domain's employee rules names its
 * field's label, or is listed above), or undefined for the few about no field of the form.
 */
export function fieldOfMessage(message: string): FormField | undefined {
  const known = FIELD_OF_MESSAGE.get(message);
  if (known) return known;
  return LABELS_LONGEST_FIRST.find((key) =>
    new RegExp(`(?<!\\p{L})${escapeRe(EMPLOYEE_FIELDS[key])}(?!\\p{L})`, 'iu').test(message),
  );
}

export type FormValues = Record<FormField, string>;

export function emptyValues(): FormValues {
  return Object.fromEntries(FORM_FIELDS.map((f) => [f.key, ''])) as FormValues;
}

/** An employee read back from the server, as form values (place as DANE codes, cargo as its id). */
export function valuesFromEmployee(e: EmployeeView): FormValues {
  const v = emptyValues();
  for (const f of FORM_FIELDS) {
    const raw = e[f.key as keyof EmployeeView];
    v[f.key] = raw === null || raw === undefined ? '' : String(raw);
  }
  v.departamento = e.codigo_depto ?? e.departamento ?? '';
  v.ciudad = e.codigo_municipio ?? e.ciudad ?? '';
  v.cargo = e.cargo === null ? '' : String(e.cargo);
  return v;
}

/**
 * PrimeReact's Dropdown keeps an unlabelled native <select> for forms (axe 'select-name'); the
 * labelled combobox input is what users and assistive technology use, so the select is hidden.
 */
export const HIDDEN_SELECT = { select: { 'aria-hidden': true } } as const;
