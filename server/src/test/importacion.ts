import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import {
  COLUMNAS_PLANTILLA,
  PLANTILLA_HOJA,
  PLANTILLA_HOJA_CONTROL,
  PLANTILLA_VERSION,
} from '@proveedores/domain';

/**
 * Real .xlsx files for the roster-import tests (docs/decisions/137): a filled copy of the downloaded
 * template, or, where no database is at hand (the authorization matrix, the bench), a minimal
 * workbook with the template's sheet, headers and version.
 */

export type FilaPlantilla = Record<string, string | number | Date | null | { formula: string }>;

const fecha = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A complete, valid worker row (cells by employee field); document number from `i`. */
export function filaValida(i: number, cargo: string, overrides: Partial<FilaPlantilla> = {}): FilaPlantilla {
  return {
    tipodocumento: 'CC',
    numerodocumento: String(80_000_000 + i),
    nombres: `TRABAJADOR ${i}`,
    apellidos: 'PÉREZ',
    apellidos2: 'GÓMEZ',
    empleador: 'Montajes del Norte S.A.S.',
    genero: i % 2 ? 'FEMENINO' : 'MASCULINO',
    fecha_nacimiento: fecha('1990-04-15'),
    rh: 'O+',
    estado_civil: 'SOLTERO',
    personas_a_cargo: 1,
    nivel_educativo: 'SECUNDARIA COMPLETA',
    oficio_o_especialidad: 'Oficial de construcción',
    cargo,
    tipo_vivienda: 'FAMILIAR',
    estrato: '2',
    direccion: 'Calle 45 # 23-10',
    departamento: 'Antioquia',
    ciudad: 'Antioquia - Medellín',
    barrio: 'Manrique',
    numerotelefono: '6045551234',
    contacto_caso_emergencia: 'Ana Gómez',
    tel_contacto_caso_emergencia: '3001234567',
    parentesco_caso_emergencia: 'Madre',
    salario: 1750905,
    fecini_seg_social: fecha('2026-01-12'),
    eps: 'Nueva EPS',
    arl: 'ARL Sura',
    fondos_pensiones: 'Porvenir',
    caja_compensacion: 'Comfama',
    fecha_examenes_medicos: fecha('2026-01-05'),
    concepto_aptitud: 'APTO PARA ALTURAS',
    fecha_cert_alturas: fecha('2025-11-20'),
    fecha_cert_espacios_confina: null,
    nivel_certificado_curso_alturas: 'TRABAJADOR AUTORIZADO',
    ...overrides,
  };
}

/** Writes the rows from row 2 down, one cell per template column; `ajustar` edits the sheet after. */
export async function llenarPlantilla(
  plantilla: Buffer | null,
  filas: FilaPlantilla[],
  ajustar?: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  let ws: ExcelJS.Worksheet;
  if (plantilla) {
    await wb.xlsx.load(plantilla as unknown as ArrayBuffer);
    ws = wb.getWorksheet(PLANTILLA_HOJA) as ExcelJS.Worksheet;
  } else {
    ws = wb.addWorksheet(PLANTILLA_HOJA);
    ws.getRow(1).values = COLUMNAS_PLANTILLA.map((c) => c.encabezado);
    const control = wb.addWorksheet(PLANTILLA_HOJA_CONTROL, { state: 'hidden' });
    control.getCell('B1').value = PLANTILLA_VERSION;
  }
  filas.forEach((f, i) => {
    const row = ws.getRow(i + 2);
    COLUMNAS_PLANTILLA.forEach((c, j) => {
      const v = f[c.campo];
      if (v !== undefined && v !== null) row.getCell(j + 1).value = v as ExcelJS.CellValue;
    });
  });
  ajustar?.(ws, wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The attachment payload of the import calls. */
export const adjuntoXlsx = (bytes: Buffer, nombreArchivo = 'trabajadores.xlsx') => ({
  adjunto: bytes.toString('base64'),
  nombreArchivo,
  extension: 'xlsx',
});

/**
 * A workbook with the template's sheets whose 'Trabajadores' sheet is replaced by `filas` sparse
 * rows (one empty cell each) and, when given, the declared dimension `dimension` (e.g.
 * 'A1:AI1000000'): the shape of the file that stalled the server before it was measured first
 * (docs/decisions/137). `despues` is written after the rows, inside the sheet data.
 */
export async function hojaEnorme(opts: {
  filas: number;
  dimension?: string;
  despues?: string;
}): Promise<Buffer> {
  const base = unzipSync(await llenarPlantilla(null, []));
  const partes: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    opts.dimension ? `<dimension ref="${opts.dimension}"/>` : '',
    '<sheetData>',
  ];
  for (let r = 1; r <= opts.filas; r++) partes.push(`<row r="${r}"><c r="A${r}"/></row>`);
  partes.push(opts.despues ?? '', '</sheetData></worksheet>');
  base['xl/worksheets/sheet1.xml'] = strToU8(partes.join(''));
  return Buffer.from(zipSync(base, { level: 1 }));
}
