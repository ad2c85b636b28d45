import { sql } from 'drizzle-orm';
import { MSG, normalizeDocumentNumber, type RetiroBody, type TrabajadorContrato } from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { findEmployeeId } from './get-employee';

/**
 * The workers of a contract and their withdrawal from it (docs/decisions/132). A withdrawal sets
 * empleados_contratos.activo = false and fecha_retiro: fitness drops the link (decision 121) and the
 * PILA reconciliation expects a RET novedad that month (decision 128). Linking the worker again
 * clears both (link-employee-contract.ts).
 */

type Row = {
  empleado_id: number;
  tipo_documento: string;
  numero_documento: string;
  nombre: string;
  fecha_ingreso: string | null;
  activo: boolean;
  fecha_retiro: string | null;
};

/** The entry date is the record's 'Fecha de ingreso a obra', as the PILA context reads it. */
const SELECT = sql`SELECT em.id AS empleado_id, em.tipo_documento, em.numero_documento,
         trim(concat_ws(' ', em.nombres, em.apellidos, nullif(em.apellidos2, ''))) AS nombre,
         CASE WHEN em.datos->>'fecini_seg_social' ~ '^\\d{4}-\\d{2}-\\d{2}$'
              THEN em.datos->>'fecini_seg_social' END AS fecha_ingreso,
         ec.activo, ec.fecha_retiro::text AS fecha_retiro
    FROM empleados_contratos ec
    JOIN empleados em ON em.id = ec.empleado_id
    JOIN contratos c ON c.id = ec.contrato_id`;

const present = (r: Row): TrabajadorContrato => ({
  tipodocumento: r.tipo_documento,
  numerodocumento: r.numero_documento,
  nombre: r.nombre,
  fechaIngreso: r.fecha_ingreso,
  activo: !!r.activo,
  fechaRetiro: r.fecha_retiro,
});

async function assertContract(db: Db, empresaId: number, contratoId: number) {
  const [c] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM contratos WHERE id = ${contratoId} AND empresa_id = ${empresaId}`,
  );
  if (!c) throw new AppError('not_found', MSG.employeeContractUnknown);
}

/** GET /api/contratista/empleados/vinculados?contratoid: active workers first, then the withdrawn. */
export async function listContractWorkers(opts: { db: Db; empresaId: number; contratoId: number }) {
  await assertContract(opts.db, opts.empresaId, opts.contratoId);
  const rows = await query<Row>(
    opts.db,
    sql`${SELECT}
         WHERE ec.contrato_id = ${opts.contratoId} AND c.empresa_id = ${opts.empresaId}
           AND (ec.activo OR ec.fecha_retiro IS NOT NULL)
         ORDER BY ec.activo DESC, nombre, em.id`,
  );
  return rows.map(present);
}

/** POST /api/contratista/empleados/retiro. `hoy` is today's Colombian date (the app's clock). */
export async function withdrawWorker(opts: {
  db: Db;
  user: AuthUser & { empresaId: number };
  body: RetiroBody;
  hoy: string;
  ip: string;
}) {
  const { db, user, body, hoy } = opts;
  const contratoId = Number(body.contratoid);
  await assertContract(db, user.empresaId, contratoId);
  const empleadoId = await findEmployeeId({
    db,
    empresaId: user.empresaId,
    tipodocumento: body.tipodocumento,
    numerodocumento: normalizeDocumentNumber(body.numerodocumento),
  });
  if (empleadoId === null) throw new AppError('not_found', MSG.employeeNotFound);
  const where = sql`WHERE ec.contrato_id = ${contratoId} AND ec.empleado_id = ${empleadoId} AND c.empresa_id = ${user.empresaId}`;
  const [link] = await query<Row>(db, sql`${SELECT} ${where}`);
  if (!link) throw new AppError('not_found', MSG.retiroNoVinculado);
  if (!link.activo) {
    if (link.fecha_retiro) throw new AppError('conflict', MSG.retiroYaRetirado(link.fecha_retiro));
    throw new AppError('not_found', MSG.retiroNoVinculado);
  }
  // ISO dates compare as text.
  if (body.fecha > hoy) throw new AppError('bad_request', MSG.retiroFechaFutura);
  if (link.fecha_ingreso && body.fecha < link.fecha_ingreso)
    throw new AppError('bad_request', MSG.retiroFechaAntesIngreso(link.fecha_ingreso));
  await db.transaction(async (tx) => {
    await query(
      tx,
      sql`UPDATE empleados_contratos SET activo = false, fecha_retiro = ${body.fecha}
           WHERE contrato_id = ${contratoId} AND empleado_id = ${empleadoId}`,
    );
    await audit(
      tx,
      { usuarioId: user.usuarioId, empresaId: user.empresaId, ip: opts.ip },
      { evento: 'empleado.retirado', datos: { empleadoId, contratoId, fecha: body.fecha } },
    );
  });
  const trabajador = present({ ...link, activo: false, fecha_retiro: body.fecha });
  return { message: MSG.retiroGuardado(trabajador.nombre, body.fecha), trabajador };
}
