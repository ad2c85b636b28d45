import { sql } from 'drizzle-orm';
import {
  FILTRO_REPORTE,
  formatLapso,
  type FiltroReporte,
  type ModuloCodigo,
  type ReporteDetalleRow,
} from '@proveedores/domain';
import type { Db } from '../../db/client';
import type { EmpresaScope } from './policy';
import { queryPrepared } from '../../db/prepared';
import { resolveScope } from './resolve-scope';
import { slotsSql } from '../../compliance/slots-sql';

type Row = {
  proyecto: string | null;
  tipocontrato: string | null;
  actividad: string | null;
  documento: string;
  ano: number | null;
  mes: number | null;
  tipo_documento: string | null;
  numero_documento: string | null;
  nombre: string | null;
  vigencia: string | null;
  motivo_rechazo: string | null;
};

const CATEGORIAS: Record<FiltroReporte, string[]> = {
  [FILTRO_REPORTE.PENDIENTE]: ['faltante'],
  [FILTRO_REPORTE.VENCIDO]: ['vencido', 'porvencer'],
  [FILTRO_REPORTE.RECHAZADO]: ['rechazado'],
};

/**
 * GET /api/contratista/reporte/{modulo}/{filtro}: the slots behind one count of the summary, from the
 * same CTEs. Keys are present only when they apply to the module and the filter.
 */
export async function getDetail(opts: {
  db: Db;
  scope: EmpresaScope;
  modulo: ModuloCodigo;
  filtro: FiltroReporte;
  warningDays: number;
  hoy: string;
}): Promise<ReporteDetalleRow[]> {
  const empresa = await resolveScope(opts.db, opts.scope);
  const categorias = CATEGORIAS[opts.filtro];
  const rows = await queryPrepared<Row>(
    opts.db,
    sql`${slotsSql({ empresa, modulo: opts.modulo, warningDays: opts.warningDays, hoy: opts.hoy })}
        SELECT p.descripcion AS proyecto, tc.descripcion AS tipocontrato, a.descripcion AS actividad,
               r.nombre_corto AS documento, slot.ano, slot.mes,
               em.tipo_documento, em.numero_documento,
               trim(concat_ws(' ', em.nombres, em.apellidos, em.apellidos2)) AS nombre,
               to_char(en.vigencia_hasta, 'YYYY-MM-DD') AS vigencia, en.motivo_rechazo
          FROM slot
          JOIN requisitos r ON r.id = slot.requisito_id
          LEFT JOIN contratos c ON c.id = slot.contrato_id
          LEFT JOIN proyectos p ON p.id = c.proyecto_id
          LEFT JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id
          LEFT JOIN actividades a ON a.id = c.actividad_id
          LEFT JOIN empleados em ON em.id = slot.empleado_id
          LEFT JOIN entregas en ON en.id = slot.entrega_id
         WHERE slot.categoria IN (${sql.join(
           categorias.map((c) => sql`${c}`),
           sql`, `,
         )})
         ORDER BY p.descripcion NULLS FIRST, c.id NULLS FIRST, slot.ano NULLS FIRST, slot.mes NULLS FIRST,
                  em.apellidos NULLS FIRST, em.nombres NULLS FIRST, em.id NULLS FIRST, r.orden, r.id`,
  );

  return rows.map((r) => {
    const row: ReporteDetalleRow = { documento: r.documento };
    if (opts.modulo !== 'sg-sst') {
      row.proyecto = r.proyecto ?? '';
      row.tipocontrato = r.tipocontrato ?? '';
      row.actividad = r.actividad ?? '';
    }
    if (opts.modulo === 'g-riesgo' && r.ano && r.mes) row.lapso = formatLapso(r.ano, r.mes);
    if (opts.modulo === 'sg-personal') {
      row.empleado = `${r.tipo_documento ?? ''} ${r.numero_documento ?? ''}`.trim();
      row.nombre = r.nombre ?? '';
    }
    if (opts.filtro === FILTRO_REPORTE.VENCIDO) row.vigencia = r.vigencia ?? '';
    if (opts.filtro === FILTRO_REPORTE.RECHAZADO) row.motivorechazo = r.motivo_rechazo ?? '';
    // Key order of the specification: proyecto, lapso, documento, empleado, nombre, vigencia, motivorechazo
    // (tipocontrato and actividad, which name the contract with proyecto, right after it).
    return orderKeys(row);
  });
}

const KEY_ORDER = [
  'proyecto',
  'tipocontrato',
  'actividad',
  'lapso',
  'documento',
  'empleado',
  'nombre',
  'vigencia',
  'motivorechazo',
] as const;

function orderKeys(row: ReporteDetalleRow): ReporteDetalleRow {
  const out: Record<string, string> = {};
  for (const k of KEY_ORDER) if (row[k] !== undefined) out[k] = row[k]!;
  return out as ReporteDetalleRow;
}
