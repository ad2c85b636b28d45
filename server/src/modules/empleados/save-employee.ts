import { sql } from 'drizzle-orm';
import { AVISO_DATOS_VERSION, MSG, type EmployeeInput, type SaveEmployeeResponse } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { loadEmployee } from './get-employee';
import { linkContract } from './link-employee-contract';
import { resolvePlace } from './list-municipios';

/** Fields kept in their own columns; every other field lives in the jsonb `datos`. */
const COLUMN_FIELDS = new Set(['nombres', 'apellidos', 'apellidos2', 'cargo']);

/**
 * Creates or updates the company's employee (unique per company, document type and number).
 * Fields absent from the payload keep their stored value; blank ones are cleared. The first save
 * records the personal-data authorization (time and notice version, Ley 1581 de 2012).
 */
export async function saveEmployee(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  input: EmployeeInput;
  ip: string;
}): Promise<SaveEmployeeResponse> {
  const { db, user, input } = opts;
  const c = input.campos;
  const datos: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(c)) if (!COLUMN_FIELDS.has(k)) datos[k] = v ?? null;

  const place = await resolvePlace(db, String(c.departamento), String(c.ciudad));
  if (place === 'departamento') throw new AppError('bad_request', MSG.departmentNotFound);
  if (place === 'municipio') throw new AppError('bad_request', MSG.municipalityNotInDepartment);
  Object.assign(datos, place);

  const { id, creado } = await db.transaction(async (tx) => {
    const [cargo] = await query<{ id: number }>(
      tx,
      sql`SELECT id FROM cargos WHERE id = ${Number(c.cargo)} AND activo`,
    );
    if (!cargo) throw new AppError('bad_request', MSG.cargoNotFound);

    const [saved] = await query<{ id: number; creado: boolean }>(
      tx,
      sql`INSERT INTO empleados (empresa_id, tipo_documento, numero_documento, nombres, apellidos, apellidos2, cargo_id, datos,
                                 autorizacion_datos_at, autorizacion_version)
          VALUES (${user.empresaId}, ${input.tipodocumento}, ${input.numerodocumento}, ${String(c.nombres)}, ${String(c.apellidos)},
                  ${String(c.apellidos2)}, ${cargo.id}, ${JSON.stringify(datos)}::jsonb, now(), ${AVISO_DATOS_VERSION})
          ON CONFLICT (empresa_id, tipo_documento, numero_documento) DO UPDATE SET
                 nombres = EXCLUDED.nombres, apellidos = EXCLUDED.apellidos, apellidos2 = EXCLUDED.apellidos2,
                 cargo_id = EXCLUDED.cargo_id, datos = empleados.datos || EXCLUDED.datos, updated_at = now(),
                 autorizacion_datos_at = COALESCE(empleados.autorizacion_datos_at, EXCLUDED.autorizacion_datos_at),
                 autorizacion_version = COALESCE(empleados.autorizacion_version, EXCLUDED.autorizacion_version)
          RETURNING id, (xmax = 0) AS creado`,
    );
    if (input.contratoid !== null) await linkContract(tx, user.empresaId, saved.id, input.contratoid);
    await audit(
      tx,
      { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
      {
        evento: 'empleado.saved',
        datos: {
          empleadoId: saved.id,
          creado: saved.creado,
          ...(input.contratoid !== null ? { contratoId: input.contratoid } : {}),
        },
      },
    );
    return saved;
  });

  return { message: MSG.employeeSaved, id, creado, empleado: await loadEmployee(db, user.empresaId, id) };
}
