import { sql } from 'drizzle-orm';
import {
  hoyEnColombia,
  MSG,
  nombreEnMayusculas,
  type HistoryNode,
  type HistoryType,
  periodoEnColombia,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { queryPrepared } from '../../db/prepared';
import { AppError } from '../../errors';
import {
  buildHistoryTree,
  type ContratoIn,
  type EmpleadoIn,
  type EntregaIn,
  type RequisitoIn,
  type VinculoIn,
} from './build-tree';
import type { HistoryCompany } from './policy';
import { codEntregaSql } from '../../compliance/status-sql';
import { fechaHoraSql } from './sql';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

type ContextRow = { contratos: unknown; requisitos: unknown; empleados: unknown; vinculos: unknown };
type EntregaRow = {
  id: number | string;
  contrato_id: number | null;
  requisito_id: number;
  empleado_id: number | null;
  ano: number | null;
  mes: number | null;
  archivo_id: number | string | null;
  nombre_archivo: string | null;
  comentario: string | null;
  motivo_rechazo: string | null;
  vigencia: string | null;
  estado: number;
  cod: number;
  fecha: string;
  cargado_por: string | null;
  anexos: unknown;
};

async function resolveCompany(db: Db, company: HistoryCompany): Promise<number> {
  if ('empresaId' in company) return company.empresaId;
  const { empresaId, nit } = company.staff;
  const [row] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM empresas
         WHERE ${empresaId === undefined ? sql`TRUE` : sql`id = ${empresaId}`}
           AND ${nit === undefined ? sql`TRUE` : sql`nit = ${nit}`}`,
  );
  if (!row) throw new AppError('not_found', MSG.historyCompanyNotFound);
  return row.id;
}

/**
 * GET /api/contratista/bliotecadocumentos/{type}: two queries (the company's contracts, the module's
 * catalogue and the employees in scope; then every submission in scope with its annexes), then
 * buildHistoryTree. A contract id of another company is simply not found (404).
 */
export async function getHistoryTree(opts: {
  db: Db;
  company: HistoryCompany;
  type: HistoryType;
  contratoId?: number;
  numdocumento?: string;
  /** The app's clock: today's statuses and the current month are Colombian dates of this instant. */
  now: Date;
}): Promise<HistoryNode[]> {
  const { db, type } = opts;
  const empresaId = await resolveCompany(db, opts.company);
  // sg-sst is company-level: the contract filter does not apply (the client omits it).
  const contratoId = type === 'sg-sst' ? undefined : opts.contratoId;
  const personal = type === 'sg-personal';
  const doc = personal ? opts.numdocumento : undefined;
  const docFilter = doc === undefined ? sql`` : sql`AND em.numero_documento = ${doc}`;

  // Named prepared statements: on PostgreSQL their planning costs about as much as running them.
  const [[ctx], rows] = await Promise.all([
    queryPrepared<ContextRow>(
      db,
      sql`SELECT
        (SELECT coalesce(json_agg(json_build_object(
                  'id', c.id, 'nombre', p.descripcion || ' - ' || c.descripcion, 'fechaInicio', c.fecha_inicio::text,
                  'activo', c.activo, 'alturas', a.alturas, 'espacios_confinados', a.espacios_confinados, 'flota', a.flota)
                ORDER BY c.id), '[]'::json)
           FROM contratos c JOIN proyectos p ON p.id = c.proyecto_id JOIN actividades a ON a.id = c.actividad_id
          WHERE c.empresa_id = ${empresaId}) AS contratos,
        (SELECT coalesce(json_agg(json_build_object(
                  'id', r.id, 'nombre', r.nombre_corto, 'opcional', r.opcional, 'aplicaSi', r.aplica_si, 'activo', r.activo)
                ORDER BY r.orden, r.id), '[]'::json)
           FROM requisitos r WHERE r.modulo = ${type}) AS requisitos,
        ${
          personal
            ? sql`(SELECT coalesce(json_agg(json_build_object(
                        'id', em.id,
                        'nombre', em.tipo_documento || ' ' || em.numero_documento || ' - ' ||
                                  trim(em.nombres || ' ' || em.apellidos || ' ' || em.apellidos2))
                      ORDER BY em.nombres, em.apellidos, em.id), '[]'::json)
                 FROM empleados em
                WHERE em.empresa_id = ${empresaId} ${docFilter}
                  AND (EXISTS (SELECT 1 FROM empleados_contratos ec WHERE ec.empleado_id = em.id AND ec.activo)
                       OR EXISTS (SELECT 1 FROM entregas x WHERE x.empleado_id = em.id AND x.empresa_id = ${empresaId}))) AS empleados,
              (SELECT coalesce(json_agg(json_build_object('empleadoId', ec.empleado_id, 'contratoId', ec.contrato_id)), '[]'::json)
                 FROM empleados_contratos ec
                 JOIN empleados em ON em.id = ec.empleado_id
                 JOIN contratos c ON c.id = ec.contrato_id AND c.empresa_id = ${empresaId}
                WHERE em.empresa_id = ${empresaId} AND ec.activo ${docFilter}) AS vinculos`
            : sql`'[]'::json AS empleados, '[]'::json AS vinculos`
        }`,
    ),
    queryPrepared<EntregaRow>(
      db,
      sql`SELECT e.id, e.contrato_id, e.requisito_id, e.empleado_id, e.ano, e.mes, e.archivo_id, e.nombre_archivo,
                 e.comentario, e.motivo_rechazo, e.vigencia_hasta::text AS vigencia, e.estado, ${codEntregaSql('e', hoyEnColombia(opts.now))} AS cod,
                 ${fechaHoraSql(sql`e.created_at`)} AS fecha, u.nombre AS cargado_por,
                 (SELECT json_agg(json_build_object('id', x.id, 'nombre', x.nombre_archivo,
                                  'fecha', ${fechaHoraSql(sql`x.created_at`)}, 'por', ux.nombre) ORDER BY x.id)
                    FROM anexos x LEFT JOIN usuarios ux ON ux.id = x.cargado_por
                   WHERE x.entrega_id = e.id) AS anexos
            FROM entregas e
            JOIN requisitos r ON r.id = e.requisito_id
            LEFT JOIN usuarios u ON u.id = e.cargado_por
           WHERE e.empresa_id = ${empresaId} AND r.modulo = ${type}
             ${contratoId === undefined ? sql`` : sql`AND e.contrato_id = ${contratoId}`}
             ${
               doc === undefined
                 ? sql``
                 : sql`AND e.empleado_id IN (SELECT em.id FROM empleados em WHERE em.empresa_id = ${empresaId} ${docFilter})`
             }
           ORDER BY e.id DESC`,
    ),
  ]);

  const contratos = json<ContratoIn[]>(ctx.contratos);
  if (contratoId !== undefined && !contratos.some((c) => c.id === contratoId)) {
    throw new AppError('not_found', MSG.evidenceContractNotFound);
  }
  const entregas: EntregaIn[] = rows.map((r) => ({
    id: Number(r.id),
    contratoId: r.contrato_id,
    requisitoId: r.requisito_id,
    empleadoId: r.empleado_id,
    ano: r.ano,
    mes: r.mes,
    archivoId: r.archivo_id === null ? null : Number(r.archivo_id),
    nombreArchivo: r.nombre_archivo,
    comentario: r.comentario,
    motivoRechazo: r.motivo_rechazo,
    vigencia: r.vigencia,
    estado: Number(r.estado),
    codEstado: Number(r.cod),
    fecha: r.fecha,
    cargadoPor: r.cargado_por,
    anexos: (
      json<Array<{ id: number | string; nombre: string; fecha: string; por: string | null }> | null>(
        r.anexos,
      ) ?? []
    ).map((a) => ({ ...a, id: Number(a.id) })),
  }));

  return buildHistoryTree({
    type,
    contratos,
    requisitos: json<RequisitoIn[]>(ctx.requisitos),
    // Names in capitals here, not with SQL upper() (C locale: 'ANDRéS'); domain/src/nombres.ts.
    empleados: json<EmpleadoIn[]>(ctx.empleados).map((e) => ({ ...e, nombre: nombreEnMayusculas(e.nombre) })),
    vinculos: json<VinculoIn[]>(ctx.vinculos),
    entregas,
    contratoId,
    numdocumento: doc,
    current: periodoEnColombia(opts.now),
    hoy: hoyEnColombia(opts.now),
  });
}
