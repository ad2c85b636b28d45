import { sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_FIELDS,
  MSG,
  normalizeDocumentNumber,
  type EmployeeView,
  type TipoDocumento,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';

type EmployeeRow = {
  id: number;
  tipo_documento: TipoDocumento;
  numero_documento: string;
  nombres: string;
  apellidos: string;
  apellidos2: string;
  cargo_id: number | null;
  cargo_descripcion: string | null;
  datos: Record<string, string | number | null>;
  autorizacion_datos_at: Date | string | null;
  autorizacion_version: string | null;
  contratos: number[] | null;
};

/** Keys of the view read from the jsonb `datos` column (everything but the key, names and cargo). */
const NUMBER_KEYS = new Set(['personas_a_cargo', 'salario']);
const DATOS_KEYS = [
  ...(Object.keys(EMPLOYEE_FIELDS) as Array<keyof typeof EMPLOYEE_FIELDS>).filter(
    (k) => !['tipodocumento', 'numerodocumento', 'nombres', 'apellidos', 'apellidos2', 'cargo'].includes(k),
  ),
  'codigo_depto',
  'codigo_municipio',
] as const;

async function selectEmployee(db: Db, where: SQL): Promise<EmployeeRow | undefined> {
  const [row] = await query<EmployeeRow>(
    db,
    sql`SELECT e.id, e.tipo_documento, e.numero_documento, e.nombres, e.apellidos, e.apellidos2, e.cargo_id,
               c.descripcion AS cargo_descripcion, e.datos, e.autorizacion_datos_at, e.autorizacion_version,
               (SELECT json_agg(ec.contrato_id ORDER BY ec.contrato_id) FROM empleados_contratos ec
                 WHERE ec.empleado_id = e.id AND ec.activo) AS contratos
          FROM empleados e LEFT JOIN cargos c ON c.id = e.cargo_id
         WHERE ${where}`,
  );
  return row;
}

/**
 * The presenter: one employee as the form reads it (the contract's field names, both spellings of the key).
 */
function present(row: EmployeeRow): EmployeeView {
  const datos: Record<string, string | number | null> = {};
  for (const key of DATOS_KEYS) {
    const v = row.datos?.[key];
    datos[key] = v === undefined || v === null ? null : NUMBER_KEYS.has(key) ? Number(v) : String(v);
  }
  const at = row.autorizacion_datos_at;
  return {
    ...(datos as unknown as Omit<EmployeeView, 'id'>),
    id: row.id,
    tipodocumento: row.tipo_documento,
    tipoIdentificacion: row.tipo_documento,
    numerodocumento: row.numero_documento,
    identificacion: row.numero_documento,
    nombres: row.nombres,
    apellidos: row.apellidos,
    apellidos2: row.apellidos2,
    cargo: row.cargo_id,
    cargo_descripcion: row.cargo_descripcion,
    contratos: row.contratos ?? [],
    autorizacion_datos_at:
      at === null ? null : at instanceof Date ? at.toISOString() : new Date(at).toISOString(),
    autorizacion_version: row.autorizacion_version,
  };
}

/** Loads one employee of the company by id (after a save). */
export async function loadEmployee(db: Db, empresaId: number, id: number): Promise<EmployeeView> {
  const row = await selectEmployee(db, sql`e.empresa_id = ${empresaId} AND e.id = ${id}`);
  if (!row) throw new AppError('not_found', MSG.employeeNotFound);
  return present(row);
}

/** The company's employee with this document, or 404: another company's worker is never visible. */
export async function getEmployee(opts: {
  db: Db;
  empresaId: number;
  tipodocumento: TipoDocumento;
  numerodocumento: string;
}) {
  const numero = normalizeDocumentNumber(opts.numerodocumento);
  const row = await selectEmployee(
    opts.db,
    sql`e.empresa_id = ${opts.empresaId} AND e.tipo_documento = ${opts.tipodocumento} AND e.numero_documento = ${numero}`,
  );
  if (!row) throw new AppError('not_found', MSG.employeeNotFound);
  return present(row);
}

/** Id of the company's employee with this document, or null (for other modules, e.g. sg-personal). */
export async function findEmployeeId(opts: {
  db: Db;
  empresaId: number;
  tipodocumento: string;
  numerodocumento: string;
}) {
  const [row] = await query<{ id: number }>(
    opts.db,
    sql`SELECT id FROM empleados WHERE empresa_id = ${opts.empresaId} AND tipo_documento = ${opts.tipodocumento}
          AND numero_documento = ${normalizeDocumentNumber(opts.numerodocumento)}`,
  );
  return row?.id ?? null;
}
