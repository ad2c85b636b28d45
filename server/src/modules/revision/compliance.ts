import { sql, type SQL } from 'drizzle-orm';
import {
  formatLapso,
  MODULOS,
  MSG,
  type ConteoCumplimiento,
  type CumplimientoDetalleEmpresa,
  type CumplimientoEmpresa,
  type CumplimientoItem,
  type ModuloCodigo,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';
import { AppError } from '../../errors';
import { slotsSql } from '../../compliance/slots-sql';
import {
  companyCounts,
  countsSql,
  CUMPLIMIENTO,
  withVersionsSql,
  type CountRow,
  type Versiones,
} from '../../compliance/company-counts';
import { attachmentUrl, estadoLabel, iso } from './entrega-sql';
import { habilitacionDeContratos, SIN_MINIMO } from '../autoevaluacion';

/**
 * Compliance per company, contract and module (docs/decisions/060). The slots and their current
 * state come from the same CTEs as the home summary (server/src/compliance/slots-sql.ts, decision 110), so both views agree.
 * Counts are over applicable MANDATORY slots; optional ones are listed in the drill-down on request.
 */
export function conteo(r: CountRow | undefined): ConteoCumplimiento {
  const c = {
    aplicables: Number(r?.aplicables ?? 0),
    aprobados: Number(r?.aprobados ?? 0),
    pendientesRevision: Number(r?.pendientes ?? 0),
    rechazados: Number(r?.rechazados ?? 0),
    vencidos: Number(r?.vencidos ?? 0),
    sinCargar: Number(r?.sin_cargar ?? 0),
  };
  return {
    ...c,
    porcentaje: c.aplicables === 0 ? null : Math.round((c.aprobados / c.aplicables) * 1000) / 10,
  };
}

function sum(rows: CountRow[]): CountRow {
  const z: CountRow = {
    aplicables: 0,
    aprobados: 0,
    pendientes: 0,
    rechazados: 0,
    vencidos: 0,
    sin_cargar: 0,
  };
  for (const r of rows) for (const k of Object.keys(z) as Array<keyof CountRow>) z[k] += Number(r[k]);
  return z;
}

const modulos = (rows: Array<CountRow & { modulo: string }>, only?: ModuloCodigo) =>
  MODULOS.filter((m) => !only || m.codigo === only).map((m) => ({
    modulo: m.codigo,
    nombre: m.nombre,
    ...conteo(sum(rows.filter((r) => r.modulo === m.codigo))),
  }));

/**
 * GET /api/revision/cumplimiento: every active company, least compliant first. The counts come from
 * the per-company cache (server/src/compliance/company-counts.ts, decision 119): a company is
 * recounted only when something it owes changed, or the day.
 */
export async function getComplianceByCompany(opts: {
  db: Db;
  hoy: string;
  modulo?: ModuloCodigo;
  buscar?: string;
}): Promise<CumplimientoEmpresa[]> {
  const { db, hoy } = opts;
  const like = opts.buscar ? `%${opts.buscar.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const companies = await query<Versiones & { nit: string; razon_social: string }>(
    db,
    withVersionsSql(
      sql`SELECT id, nit, razon_social FROM empresas
           WHERE activa ${like === null ? sql`` : sql`AND (nit LIKE ${like} OR razon_social ILIKE ${like})`}`,
    ),
  );
  const [counts, habilitaciones] = await Promise.all([
    companyCounts(db, CUMPLIMIENTO, hoy, companies),
    // One query for every company's contracts of a type with a minimum 0312 score (decision 142).
    habilitacionDeContratos(db, hoy),
  ]);
  const noHabilitados = new Map<number, number>();
  for (const h of habilitaciones.values())
    if (!h.habilitado) noHabilitados.set(h.empresaId, (noHabilitados.get(h.empresaId) ?? 0) + 1);
  const out = companies.map((c) => {
    const rows = counts.get(c.id) ?? [];
    return {
      contratosNoHabilitados: noHabilitados.get(c.id) ?? 0,
      empresaId: c.id,
      nit: c.nit,
      razonSocial: c.razon_social,
      totales: conteo(sum(rows.filter((r) => !opts.modulo || r.modulo === opts.modulo))),
      modulos: modulos(rows, opts.modulo),
    };
  });
  return out.sort(
    (a, b) =>
      (a.totales.porcentaje ?? 101) - (b.totales.porcentaje ?? 101) ||
      a.razonSocial.localeCompare(b.razonSocial),
  );
}

async function company(db: Db, empresaId: number) {
  const [e] = await query<{ id: number; nit: string; razon_social: string }>(
    db,
    sql`SELECT id, nit, razon_social FROM empresas WHERE id = ${empresaId}`,
  );
  if (!e) throw new AppError('not_found', MSG.empresaNotFound);
  return e;
}

/** GET /api/revision/cumplimiento/{empresaId}: the company, then each contract (sg-sst items: contratoId null). */
export async function getCompanyCompliance(opts: {
  db: Db;
  hoy: string;
  empresaId: number;
}): Promise<CumplimientoDetalleEmpresa> {
  const { db, hoy, empresaId } = opts;
  const e = await company(db, empresaId);
  const rows = await query<CountRow & { contrato_id: number | null; modulo: string }>(
    db,
    sql`${slotsSql({ empresa: { id: empresaId }, hoy })}
        SELECT s.contrato_id, s.modulo, ${countsSql} FROM slot s GROUP BY s.contrato_id, s.modulo`,
  );
  const contracts = await query<{
    id: number;
    descripcion: string;
    proyecto: string;
    tipo_contrato: string;
    actividad: string;
  }>(
    db,
    sql`SELECT c.id, c.descripcion, p.descripcion AS proyecto, tc.descripcion AS tipo_contrato,
               a.descripcion AS actividad
          FROM contratos c JOIN proyectos p ON p.id = c.proyecto_id JOIN actividades a ON a.id = c.actividad_id
          JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id
         WHERE c.empresa_id = ${empresaId} AND c.activo ORDER BY c.id`,
  );
  const habilitaciones = await habilitacionDeContratos(db, hoy, empresaId);
  const group = (contratoId: number | null) => rows.filter((r) => r.contrato_id === contratoId);
  const sgSst = group(null);
  return {
    empresaId: e.id,
    nit: e.nit,
    razonSocial: e.razon_social,
    totales: conteo(sum(rows)),
    modulos: modulos(rows),
    contratos: [
      {
        contratoId: null,
        descripcion: MSG.complianceCompanyDocs,
        proyecto: null,
        tipoContrato: null,
        actividad: null,
        totales: conteo(sum(sgSst)),
        modulos: modulos(sgSst, 'sg-sst'),
      },
      ...contracts.map((c) => {
        const g = group(c.id);
        return {
          contratoId: c.id,
          descripcion: c.descripcion,
          proyecto: c.proyecto,
          tipoContrato: c.tipo_contrato,
          actividad: c.actividad,
          totales: conteo(sum(g)),
          modulos: modulos(g).filter((m) => m.modulo !== 'sg-sst'),
          habilitacion: habilitaciones.get(c.id) ?? SIN_MINIMO,
        };
      }),
    ],
  };
}

type ItemRow = {
  modulo: ModuloCodigo;
  requisito_id: number;
  codigo: string;
  nombre_corto: string;
  opcional: boolean;
  contrato_id: number | null;
  contrato: string | null;
  proyecto: string | null;
  tipo_contrato: string | null;
  actividad: string | null;
  empleado_id: number | null;
  documento: string | null;
  empleado_nombre: string | null;
  ano: number | null;
  mes: number | null;
  entrega_id: number | string | null;
  cod_estado: number;
  vigencia_hasta: string | null;
  motivo_rechazo: string | null;
  archivo_id: number | string | null;
  created_at: Date | string | null;
  renovacion_id: number | string | null;
  renovacion_at: Date | string | null;
};

export type ItemFilters = {
  modulo?: ModuloCodigo;
  contrato?: number | 'empresa';
  codEstado?: number;
  opcionales?: boolean;
};

/** Every slot of a company with its state (GET /api/revision/cumplimiento/{empresaId}/items and the Excel). */
export async function listComplianceItems(opts: {
  db: Db;
  hoy: string;
  empresaId: number;
  filters: ItemFilters;
}): Promise<CumplimientoItem[]> {
  const { db, hoy, empresaId, filters: f } = opts;
  await company(db, empresaId);
  const where: SQL[] = [f.opcionales ? sql`true` : sql`NOT x.opcional`];
  if (f.contrato === 'empresa') where.push(sql`x.contrato_id IS NULL`);
  else if (f.contrato !== undefined) where.push(sql`x.contrato_id = ${f.contrato}`);
  if (f.codEstado !== undefined) where.push(sql`x.cod_estado = ${f.codEstado}`);
  const rows = await query<ItemRow>(
    db,
    sql`${slotsSql({ empresa: { id: empresaId }, modulo: f.modulo, hoy })}
        SELECT * FROM (
          SELECT s.modulo, s.requisito_id, r.codigo, r.nombre_corto, s.opcional, s.contrato_id,
                 c.descripcion AS contrato, p.descripcion AS proyecto, tc.descripcion AS tipo_contrato,
                 a.descripcion AS actividad, s.empleado_id,
                 CASE WHEN em.id IS NULL THEN NULL ELSE concat(em.tipo_documento, ' ', em.numero_documento) END AS documento,
                 trim(concat_ws(' ', em.nombres, em.apellidos, em.apellidos2)) AS empleado_nombre,
                 s.ano, s.mes, s.entrega_id, e.vigencia_hasta::text AS vigencia_hasta, e.motivo_rechazo,
                 s.cod_estado, e.archivo_id, e.created_at, r.orden, s.renovacion_id,
                 -- The pending renewal's upload (decision 164): one key lookup, only for such slots.
                 CASE WHEN s.renovacion_id IS NOT NULL
                      THEN (SELECT rn.created_at FROM entregas rn WHERE rn.id = s.renovacion_id) END AS renovacion_at
            FROM slot s
            JOIN requisitos r ON r.id = s.requisito_id
            LEFT JOIN entregas e ON e.id = s.entrega_id
            LEFT JOIN contratos c ON c.id = s.contrato_id
            LEFT JOIN proyectos p ON p.id = c.proyecto_id
            LEFT JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id
            LEFT JOIN actividades a ON a.id = c.actividad_id
            LEFT JOIN empleados em ON em.id = s.empleado_id) x
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY x.modulo, x.contrato_id NULLS FIRST, x.orden, x.requisito_id, x.empleado_id NULLS FIRST, x.ano DESC NULLS LAST, x.mes DESC
         LIMIT 20000`,
  );
  return rows.map((r) => {
    const entregaId = r.entrega_id === null ? null : Number(r.entrega_id);
    return {
      modulo: r.modulo,
      requisito: { id: r.requisito_id, codigo: r.codigo, nombreCorto: r.nombre_corto, opcional: r.opcional },
      contrato:
        r.contrato_id === null
          ? null
          : {
              id: r.contrato_id,
              descripcion: r.contrato ?? '',
              proyecto: r.proyecto ?? '',
              tipoContrato: r.tipo_contrato ?? '',
              actividad: r.actividad ?? '',
            },
      empleado:
        r.empleado_id === null
          ? null
          : { id: r.empleado_id, documento: r.documento ?? '', nombre: r.empleado_nombre ?? '' },
      periodo:
        r.ano !== null && r.mes !== null
          ? { ano: r.ano, mes: r.mes, lapso: formatLapso(r.ano, r.mes) }
          : null,
      codEstado: Number(r.cod_estado),
      estado: estadoLabel(Number(r.cod_estado)),
      entregaId,
      url: entregaId !== null && r.archivo_id !== null ? attachmentUrl(entregaId) : null,
      cargadoAt: r.created_at === null ? null : iso(r.created_at),
      vigenciaHasta: r.vigencia_hasta,
      motivoRechazo: r.motivo_rechazo,
      renovacion:
        r.renovacion_id === null || r.renovacion_at === null
          ? null
          : { entregaId: Number(r.renovacion_id), cargadoAt: iso(r.renovacion_at) },
    };
  });
}
