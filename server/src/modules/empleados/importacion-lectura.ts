import ExcelJS from 'exceljs';
import {
  COLUMNAS_PLANTILLA,
  letraColumna,
  MAX_FILAS_IMPORTACION,
  MSG,
  PLANTILLA_HOJA,
  PLANTILLA_HOJA_CONTROL,
  PLANTILLA_VERSION,
  validarEncabezados,
  type ErrorImportacion,
  type ValorCelda,
  IMPORTACION_MSG,
} from '@proveedores/domain';

/** A data row of the template: its number as Excel shows it and its cells keyed by employee field. */
export type FilaLeida = { fila: number; celdas: Record<string, ValorCelda> };

export type LecturaPlantilla =
  /** The file itself is refused (not the template, other version, columns, too many rows). */
  | { ok: false; errores: ErrorImportacion[] }
  /** Rows read; `errores` are cell problems (formulas, merged cells, dates as text) of those rows. */
  | { ok: true; filas: FilaLeida[]; errores: ErrorImportacion[] };

const iso = (d: Date) => d.toISOString().slice(0, 10);

function textoCelda(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return String(v);
}

/**
 * Reads an already inspected .xlsx (docs/decisions/137; the zip and its size were checked by
 * inspectAttachment, docs/decisions/084): sheet, version, header row, the row cap, then every cell
 * of the data rows. Refuses formulas, merged cells and dates typed as text, naming row and column.
 */
export async function leerPlantilla(bytes: Buffer): Promise<LecturaPlantilla> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, errores: [{ fila: null, columna: null, mensaje: IMPORTACION_MSG.importUnreadable }] };
  }
  const ws = wb.getWorksheet(PLANTILLA_HOJA);
  if (!ws)
    return {
      ok: false,
      errores: [{ fila: null, columna: null, mensaje: IMPORTACION_MSG.importNoSheet(PLANTILLA_HOJA) }],
    };
  const version = textoCelda(wb.getWorksheet(PLANTILLA_HOJA_CONTROL)?.getCell('B1').value ?? null).trim();
  if (version !== PLANTILLA_VERSION)
    return {
      ok: false,
      errores: [
        {
          fila: null,
          columna: null,
          mensaje: IMPORTACION_MSG.importOtherVersion(version, PLANTILLA_VERSION),
        },
      ],
    };

  const anchoHoja = Math.max(ws.columnCount, COLUMNAS_PLANTILLA.length);
  const encabezados: Array<string | null> = [];
  const filaEncabezados = ws.getRow(1);
  for (let c = 1; c <= anchoHoja; c++) {
    const t = textoCelda(filaEncabezados.getCell(c).value).trim();
    encabezados.push(t || null);
  }
  while (encabezados.length > COLUMNAS_PLANTILLA.length && encabezados[encabezados.length - 1] === null)
    encabezados.pop();
  const errEncabezados = validarEncabezados(encabezados);
  if (errEncabezados.length > 0) return { ok: false, errores: errEncabezados };

  const errores: ErrorImportacion[] = [];
  // Merged cells: one error per merged range, on its first row and column.
  for (const rango of ws.model.merges ?? []) {
    const inicio = rango.split(':')[0];
    const m = /^([A-Z]+)(\d+)$/.exec(inicio);
    const fila = m ? Number(m[2]) : null;
    const idx = m ? COLUMNAS_PLANTILLA.findIndex((_, i) => letraColumna(i + 1) === m[1]) : -1;
    errores.push({
      fila,
      columna: COLUMNAS_PLANTILLA[idx]?.encabezado ?? null,
      mensaje: IMPORTACION_MSG.importMerged(rango),
    });
  }

  const filas: FilaLeida[] = [];
  let conDatos = 0;
  let primeraSobrante: number | null = null;
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (r === 1) return;
    const celdas: Record<string, ValorCelda> = {};
    const erroresFila: ErrorImportacion[] = [];
    let vacia = true;
    COLUMNAS_PLANTILLA.forEach((col, i) => {
      const cell = row.getCell(i + 1);
      const v = cell.value;
      const ref = `${letraColumna(i + 1)}${r}`;
      let valor: ValorCelda = null;
      if (v === null || v === undefined) valor = null;
      else if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
        vacia = false;
        erroresFila.push({ fila: r, columna: col.encabezado, mensaje: IMPORTACION_MSG.importFormula(ref) });
        return;
      } else if (v instanceof Date) {
        valor = iso(v);
      } else if (typeof v === 'object' && 'error' in v) {
        vacia = false;
        erroresFila.push({ fila: r, columna: col.encabezado, mensaje: MSG.invalidField(col.encabezado) });
        return;
      } else if (typeof v === 'number') {
        valor = v;
      } else if (typeof v === 'boolean') {
        valor = String(v);
      } else {
        const t = textoCelda(v).replace(/\s+/g, ' ').trim();
        valor = t === '' ? null : t;
      }
      if (valor === null) return;
      vacia = false;
      if (col.clase === 'fecha' && typeof valor === 'string' && !(v instanceof Date)) {
        erroresFila.push({
          fila: r,
          columna: col.encabezado,
          mensaje: IMPORTACION_MSG.importDateAsText(ref, valor),
        });
        return;
      }
      if (col.clase === 'fecha' && typeof valor === 'number') {
        erroresFila.push({
          fila: r,
          columna: col.encabezado,
          mensaje: IMPORTACION_MSG.importDateAsNumber(ref),
        });
        return;
      }
      celdas[col.campo] = valor;
    });
    // Cells right of the template's columns are data the template has no place for.
    if (row.cellCount > COLUMNAS_PLANTILLA.length) {
      for (let c = COLUMNAS_PLANTILLA.length + 1; c <= row.cellCount; c++) {
        const t = textoCelda(row.getCell(c).value).trim();
        if (t) {
          vacia = false;
          erroresFila.push({
            fila: r,
            columna: letraColumna(c),
            mensaje: IMPORTACION_MSG.columnaSobrante(letraColumna(c), t.slice(0, 40)),
          });
          break;
        }
      }
    }
    if (vacia) return;
    conDatos += 1;
    if (conDatos > MAX_FILAS_IMPORTACION) {
      primeraSobrante ??= r;
      return;
    }
    filas.push({ fila: r, celdas });
    errores.push(...erroresFila);
  });
  if (conDatos > MAX_FILAS_IMPORTACION)
    return {
      ok: false,
      errores: [
        {
          fila: primeraSobrante,
          columna: null,
          mensaje: IMPORTACION_MSG.importTooManyRows(conDatos, MAX_FILAS_IMPORTACION),
        },
      ],
    };
  if (filas.length === 0)
    return { ok: false, errores: [{ fila: null, columna: null, mensaje: IMPORTACION_MSG.importEmpty }] };
  return { ok: true, filas, errores };
}
