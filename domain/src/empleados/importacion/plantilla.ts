import {
  CONCEPTOS_APTITUD,
  EMPLOYEE_FIELDS,
  ESTADOS_CIVILES,
  ESTRATOS,
  GENEROS,
  NIVELES_CERTIFICADO,
  NIVELES_EDUCATIVOS,
  RH,
  TIPOS_DOCUMENTO,
  TIPOS_VIVIENDA,
  validateEmployee,
  type EmployeeField,
  type EmployeeInput,
} from '../employees';
import { MSG } from '../../messages';
import { IMPORTACION_MSG } from '../messages-importacion';

/**
 * The roster-import template (docs/decisions/137): its columns as data, its version, and the mapping
 * of one spreadsheet row to the employee payload, validated by THE employee rule set
 * (validateEmployee, the one the form and POST /api/contratista/empleados use).
 */

/** Written in the template (hidden sheet and defined name); a file of another version is refused. */
export const PLANTILLA_VERSION = 'TRABAJADORES-2026-1';
export const PLANTILLA_HOJA = 'Trabajadores';
export const PLANTILLA_HOJA_LISTAS = 'Listas';
export const PLANTILLA_HOJA_CONTROL = 'Control';
export const PLANTILLA_NOMBRE_VERSION = 'PLANTILLA_VERSION';
export const PLANTILLA_ARCHIVO = 'Plantilla-trabajadores.xlsx';
/** Most workers one file may carry (a large contractor's roster fits; a 10,000-row file is refused whole). */
export const MAX_FILAS_IMPORTACION = 2000;
/**
 * Rows the sheet may declare or hold, empty or not (the header, MAX_FILAS_IMPORTACION workers and
 * room for rows Excel keeps only for their format): a file past it is refused from its declared
 * dimension or its row count, before a cell is read (docs/decisions/137).
 */
export const MAX_FILAS_HOJA = 5000;
/** Cells the sheet may hold: 35 columns of MAX_FILAS_IMPORTACION rows with room for formatted blanks. */
export const MAX_CELDAS_HOJA = 200_000;
/** Separator of the municipality list entries ('DEPARTAMENTO - MUNICIPIO'). */
export const SEPARADOR_MUNICIPIO = ' - ';

export type FuenteLista =
  | { tipo: 'enum'; valores: readonly string[] }
  | { tipo: 'cargos' }
  | { tipo: 'departamentos' }
  | { tipo: 'municipios' };

export type ColumnaPlantilla = {
  campo: EmployeeField;
  /** Header in row 1: the form's label (EMPLOYEE_FIELDS), so messages and headers use one name. */
  encabezado: string;
  clase: 'texto' | 'fecha' | 'numero' | 'lista';
  lista?: FuenteLista;
  ancho: number;
};

const FORM_FIELDS: Array<[EmployeeField, ColumnaPlantilla['clase'], FuenteLista?, number?]> = [
  ['tipodocumento', 'lista', { tipo: 'enum', valores: TIPOS_DOCUMENTO }, 18],
  ['numerodocumento', 'texto', undefined, 16],
  ['nombres', 'texto'],
  ['apellidos', 'texto'],
  ['apellidos2', 'texto'],
  ['empleador', 'texto'],
  ['genero', 'lista', { tipo: 'enum', valores: GENEROS }],
  ['fecha_nacimiento', 'fecha'],
  ['rh', 'lista', { tipo: 'enum', valores: RH }, 8],
  ['estado_civil', 'lista', { tipo: 'enum', valores: ESTADOS_CIVILES }],
  ['personas_a_cargo', 'numero', undefined, 12],
  ['nivel_educativo', 'lista', { tipo: 'enum', valores: NIVELES_EDUCATIVOS }, 24],
  ['oficio_o_especialidad', 'texto', undefined, 24],
  ['cargo', 'lista', { tipo: 'cargos' }, 30],
  ['tipo_vivienda', 'lista', { tipo: 'enum', valores: TIPOS_VIVIENDA }],
  ['estrato', 'lista', { tipo: 'enum', valores: ESTRATOS }, 12],
  ['direccion', 'texto', undefined, 24],
  ['departamento', 'lista', { tipo: 'departamentos' }, 22],
  ['ciudad', 'lista', { tipo: 'municipios' }, 34],
  ['barrio', 'texto'],
  ['numerotelefono', 'texto'],
  ['contacto_caso_emergencia', 'texto', undefined, 24],
  ['tel_contacto_caso_emergencia', 'texto'],
  ['parentesco_caso_emergencia', 'texto'],
  ['salario', 'numero'],
  ['fecini_seg_social', 'fecha'],
  ['eps', 'texto'],
  ['arl', 'texto'],
  ['fondos_pensiones', 'texto'],
  ['caja_compensacion', 'texto'],
  ['fecha_examenes_medicos', 'fecha'],
  ['concepto_aptitud', 'lista', { tipo: 'enum', valores: CONCEPTOS_APTITUD }, 30],
  ['fecha_cert_alturas', 'fecha'],
  ['fecha_cert_espacios_confina', 'fecha'],
  ['nivel_certificado_curso_alturas', 'lista', { tipo: 'enum', valores: NIVELES_CERTIFICADO }, 30],
];

/** The template's columns, in the order of the employee form. */
export const COLUMNAS_PLANTILLA: readonly ColumnaPlantilla[] = FORM_FIELDS.map(
  ([campo, clase, lista, ancho]) => ({
    campo,
    encabezado: EMPLOYEE_FIELDS[campo],
    clase,
    ...(lista ? { lista } : {}),
    ancho: ancho ?? 18,
  }),
);

/** Spreadsheet column letters (1 -> A, 27 -> AA). */
export function letraColumna(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** One problem of the file: row number as Excel shows it (null: the whole file) and column header. */
export type ErrorImportacion = { fila: number | null; columna: string | null; mensaje: string };

/** What a cell holds once read: text, number, an ISO date (YYYY-MM-DD) or nothing. */
export type ValorCelda = string | number | null;

/** Master data the mapping needs: cargo descriptions to ids, and the place check. */
export type ContextoImportacion = {
  cargos: ReadonlyMap<string, number>;
  /** null when the place exists; otherwise the message naming what is wrong. */
  lugar: (departamento: string, municipio: string) => string | null;
  /** The Colombian day ages and dates are judged on: the server's clock (decision 174). */
  hoy: string;
};

const clave = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Key of a cargo description in ContextoImportacion.cargos (case, accents and spacing ignored). */
export const claveCargo = clave;

/** Messages of validateEmployee that do not carry a field label, and the field they are about. */
const CAMPO_DE_MENSAJE = new Map<string, EmployeeField>([
  [MSG.invalidDocumentNumber, 'numerodocumento'],
  [MSG.documentAliasConflict, 'numerodocumento'],
]);
/** Labels longest first, so 'Fecha certificado alturas' wins over a shorter label inside it. */
const POR_ETIQUETA = [...COLUMNAS_PLANTILLA].sort((a, b) => b.encabezado.length - a.encabezado.length);

function columnaDeMensaje(mensaje: string, celdas: Record<string, ValorCelda>): string | null {
  // The document rule's messages start with the specification's one (messages-documento.ts).
  if (mensaje.startsWith(MSG.invalidDocumentNumber)) return EMPLOYEE_FIELDS.numerodocumento;
  if (mensaje === MSG.employeeIdRequired)
    return EMPLOYEE_FIELDS[celdas.tipodocumento == null ? 'tipodocumento' : 'numerodocumento'];
  const campo = CAMPO_DE_MENSAJE.get(mensaje);
  if (campo) return EMPLOYEE_FIELDS[campo];
  return POR_ETIQUETA.find((c) => mensaje.includes(c.encabezado))?.encabezado ?? null;
}

export type FilaValidada =
  | { ok: true; fila: number; empleado: EmployeeInput }
  | { ok: false; fila: number; errores: ErrorImportacion[] };

/**
 * One spreadsheet row (cells keyed by employee field) to the employee payload, then the employee
 * rule set; every message comes back with its row and column. Cargo is chosen by description and
 * the municipality may come as 'DEPARTAMENTO - MUNICIPIO' (the template's list).
 */
export function validarFila(
  fila: number,
  celdas: Record<string, ValorCelda>,
  ctx: ContextoImportacion,
): FilaValidada {
  const errores: ErrorImportacion[] = [];
  const body: Record<string, unknown> = {};
  for (const col of COLUMNAS_PLANTILLA) {
    const v = celdas[col.campo] ?? null;
    body[col.campo] = v === null ? '' : v;
  }
  // Document numbers and phones typed as numbers are text to the form.
  for (const k of ['numerodocumento', 'numerotelefono', 'tel_contacto_caso_emergencia'] as const)
    if (typeof body[k] === 'number') body[k] = String(body[k]);
  for (const k of ['nombres', 'apellidos', 'apellidos2', 'barrio', 'direccion', 'empleador'] as const)
    if (typeof body[k] === 'number') body[k] = String(body[k]);

  const cargo = body.cargo;
  if (typeof cargo === 'string' && cargo.trim() !== '') {
    const id = ctx.cargos.get(clave(cargo));
    if (id === undefined) errores.push({ fila, columna: EMPLOYEE_FIELDS.cargo, mensaje: MSG.cargoNotFound });
    body.cargo = id ?? '';
  } else if (typeof cargo === 'number') {
    body.cargo = '';
    errores.push({ fila, columna: EMPLOYEE_FIELDS.cargo, mensaje: MSG.cargoNotFound });
  }

  let ciudad = body.ciudad;
  const depto = body.departamento;
  if (typeof ciudad === 'string' && ciudad.includes(SEPARADOR_MUNICIPIO)) {
    const i = ciudad.indexOf(SEPARADOR_MUNICIPIO);
    const prefijo = ciudad.slice(0, i);
    ciudad = ciudad.slice(i + SEPARADOR_MUNICIPIO.length);
    body.ciudad = ciudad;
    if (typeof depto === 'string' && clave(prefijo) !== clave(depto))
      errores.push({ fila, columna: EMPLOYEE_FIELDS.ciudad, mensaje: MSG.municipalityNotInDepartment });
  }
  if (typeof body.ciudad === 'number') body.ciudad = String(body.ciudad);
  if (typeof body.departamento === 'number') body.departamento = String(body.departamento);

  const r = validateEmployee(body, ctx.hoy);
  if (!r.ok) {
    for (const mensaje of r.errors) {
      // The cargo message above already names the column; the required-field one would repeat it.
      if (errores.some((e) => e.columna === EMPLOYEE_FIELDS.cargo) && mensaje.includes(EMPLOYEE_FIELDS.cargo))
        continue;
      errores.push({ fila, columna: columnaDeMensaje(mensaje, celdas), mensaje });
    }
  }
  if (
    errores.every(
      (e) => e.columna !== EMPLOYEE_FIELDS.ciudad && e.columna !== EMPLOYEE_FIELDS.departamento,
    ) &&
    typeof body.departamento === 'string' &&
    body.departamento.trim() !== '' &&
    typeof body.ciudad === 'string' &&
    body.ciudad.trim() !== ''
  ) {
    const lugar = ctx.lugar(body.departamento, body.ciudad);
    if (lugar === MSG.departmentNotFound)
      errores.push({ fila, columna: EMPLOYEE_FIELDS.departamento, mensaje: lugar });
    else if (lugar) errores.push({ fila, columna: EMPLOYEE_FIELDS.ciudad, mensaje: lugar });
  }
  if (errores.length > 0 || !r.ok) return { ok: false, fila, errores };
  return { ok: true, fila, empleado: r.data };
}

/** Checks the header row (row 1) against the template: every missing, extra or renamed column. */
export function validarEncabezados(encabezados: ReadonlyArray<string | null>): ErrorImportacion[] {
  const errores: ErrorImportacion[] = [];
  const n = Math.max(encabezados.length, COLUMNAS_PLANTILLA.length);
  for (let i = 0; i < n; i++) {
    const esperado = COLUMNAS_PLANTILLA[i]?.encabezado;
    const leido = (encabezados[i] ?? '').replace(/\s+/g, ' ').trim();
    const letra = letraColumna(i + 1);
    if (esperado === undefined) {
      if (leido)
        errores.push({ fila: 1, columna: letra, mensaje: IMPORTACION_MSG.columnaSobrante(letra, leido) });
    } else if (!leido) {
      errores.push({ fila: 1, columna: letra, mensaje: IMPORTACION_MSG.columnaFaltante(letra, esperado) });
    } else if (leido !== esperado) {
      errores.push({
        fila: 1,
        columna: letra,
        mensaje: IMPORTACION_MSG.columnaCambiada(letra, esperado, leido),
      });
    }
  }
  return errores;
}
