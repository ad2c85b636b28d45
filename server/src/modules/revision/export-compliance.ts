import ExcelJS from 'exceljs';
import {
  formatDia,
  formatDiaHora,
  MODULOS,
  MSG,
  neutralizeCellValue,
  type ConteoCumplimiento,
  type ModuloCodigo,
} from '@proveedores/domain';
import type { Db } from '../../db/client';
import { getComplianceByCompany, getCompanyCompliance, listComplianceItems } from './compliance';

/**
 * GET /api/revision/cumplimiento/excel[?empresaId=]: the compliance view as an .xlsx built on the
 * server. Without a company: one row per company and module. With one: per contract and module,
 * plus a 'Detalle' sheet with every slot (optional ones included) and its state. Counts are numeric
 * cells; every text cell (names, contracts, rejection reasons typed by people) goes through
 * neutralizeFormula (docs/decisions/161).
 */
const COUNT_COLUMNS: Array<{ header: string; key: keyof ConteoCumplimiento; width: number }> = [
  { header: 'Aplicables', key: 'aplicables', width: 12 },
  { header: 'Aprobados vigentes', key: 'aprobados', width: 12 },
  { header: 'Pendientes de revisión', key: 'pendientesRevision', width: 14 },
  { header: 'Rechazados', key: 'rechazados', width: 12 },
  { header: 'Vencidos', key: 'vencidos', width: 10 },
  { header: 'Sin cargar', key: 'sinCargar', width: 10 },
  { header: '% cumplimiento', key: 'porcentaje', width: 14 },
];

const moduloNombre = (m: ModuloCodigo | 'total') =>
  m === 'total' ? 'Total' : (MODULOS.find((x) => x.codigo === m)?.nombre ?? m);

function header(ws: ExcelJS.Worksheet, columns: Array<{ header: string; key: string; width: number }>) {
  ws.columns = columns;
  const row = ws.getRow(1);
  row.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF145160' } };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/** A row's text cells neutralized, its numbers left numbers (docs/decisions/161). */
const safe = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutralizeCellValue(v)]));

const counts = (c: ConteoCumplimiento) =>
  Object.fromEntries(COUNT_COLUMNS.map((col) => [col.key, c[col.key]]));

export async function exportCompliance(opts: {
  db: Db;
  hoy: string;
  empresaId?: number;
}): Promise<{ buffer: Buffer; fileName: string; filas: number }> {
  const { db, hoy, empresaId } = opts;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'proveedores';
  wb.created = new Date();
  const resumen = wb.addWorksheet('Resumen');

  if (empresaId === undefined) {
    header(resumen, [
      { header: 'NIT', key: 'nit', width: 14 },
      { header: 'Razón social', key: 'razonSocial', width: 40 },
      { header: 'Módulo', key: 'modulo', width: 26 },
      ...COUNT_COLUMNS,
    ]);
    for (const e of await getComplianceByCompany({ db, hoy })) {
      for (const m of [
        ...e.modulos.map((x) => ({ ...x, k: x.modulo as ModuloCodigo | 'total' })),
        { ...e.totales, k: 'total' as const },
      ]) {
        resumen.addRow(
          safe({ nit: e.nit, razonSocial: e.razonSocial, modulo: moduloNombre(m.k), ...counts(m) }),
        );
      }
    }
    return {
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
      fileName: `cumplimiento_${hoy}.xlsx`,
      filas: resumen.rowCount - 1,
    };
  }

  const detalle = await getCompanyCompliance({ db, hoy, empresaId });
  header(resumen, [
    { header: 'Contrato', key: 'contrato', width: 40 },
    { header: 'Proyecto', key: 'proyecto', width: 30 },
    { header: 'Tipo de contrato', key: 'tipo', width: 26 },
    { header: 'Actividad', key: 'actividad', width: 30 },
    { header: 'Módulo', key: 'modulo', width: 26 },
    ...COUNT_COLUMNS,
  ]);
  for (const c of detalle.contratos) {
    for (const m of c.modulos)
      resumen.addRow(
        safe({
          contrato: c.descripcion,
          proyecto: c.proyecto ?? '',
          tipo: c.tipoContrato ?? '',
          actividad: c.actividad ?? '',
          modulo: moduloNombre(m.modulo),
          ...counts(m),
        }),
      );
  }
  resumen.addRow(
    safe({
      contrato: `${detalle.razonSocial} (NIT ${detalle.nit})`,
      modulo: 'Total',
      ...counts(detalle.totales),
    }),
  ).font = { bold: true };

  const items = await listComplianceItems({ db, hoy, empresaId, filters: { opcionales: true } });
  const ws = wb.addWorksheet('Detalle');
  header(ws, [
    { header: 'Módulo', key: 'modulo', width: 24 },
    { header: 'Código', key: 'codigo', width: 8 },
    { header: 'Documento', key: 'documento', width: 45 },
    { header: 'Obligatorio', key: 'obligatorio', width: 11 },
    { header: 'Proyecto', key: 'proyecto', width: 30 },
    { header: 'Tipo de contrato', key: 'tipo', width: 26 },
    { header: 'Actividad', key: 'actividad', width: 30 },
    { header: 'Contrato', key: 'contrato', width: 35 },
    { header: 'Trabajador', key: 'empleado', width: 35 },
    { header: 'Lapso', key: 'lapso', width: 16 },
    { header: 'Estado', key: 'estado', width: 28 },
    { header: 'Cargado', key: 'cargado', width: 20 },
    { header: 'Vigencia', key: 'vigencia', width: 12 },
    { header: MSG.renovacionColCargada, key: 'renovacion', width: 20 },
    { header: 'Motivo de rechazo', key: 'motivo', width: 50 },
  ]);
  for (const i of items) {
    ws.addRow(
      safe({
        modulo: moduloNombre(i.modulo),
        codigo: i.requisito.codigo,
        documento: i.requisito.nombreCorto,
        obligatorio: i.requisito.opcional ? 'No' : 'Sí',
        proyecto: i.contrato?.proyecto ?? '',
        tipo: i.contrato?.tipoContrato ?? '',
        actividad: i.contrato?.actividad ?? '',
        contrato: i.contrato?.descripcion ?? '',
        empleado: i.empleado ? `${i.empleado.documento} ${i.empleado.nombre}` : '',
        lapso: i.periodo?.lapso ?? '',
        // The approval in force counts while its renewal awaits review: the cell says both (decision 170).
        estado: i.renovacion
          ? `${i.estado} · ${MSG.renovacionPendiente(formatDia(i.vigenciaHasta))}`
          : i.estado,
        // People read these: dd/mm/aaaa in Colombian time (docs/decisions/092).
        cargado: formatDiaHora(i.cargadoAt),
        vigencia: formatDia(i.vigenciaHasta),
        renovacion: formatDiaHora(i.renovacion?.cargadoAt ?? null),
        motivo: i.motivoRechazo ?? '',
      }),
    );
  }
  return {
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    fileName: `cumplimiento_${detalle.nit}_${hoy}.xlsx`,
    filas: items.length,
  };
}
