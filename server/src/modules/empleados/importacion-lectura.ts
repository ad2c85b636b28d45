import { Readable } from 'node:stream';
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
import { medirPlantilla } from './importacion-medida';

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

/** The cells of one data row: the template's columns, and the first text right of them. */
function leerFila(row: ExcelJS.Row, r: number) {
  const celdas: Record<string, ValorCelda> = {};
  const errores: ErrorImportacion[] = [];
  let vacia = true;
  COLUMNAS_PLANTILLA.forEach((col, i) => {
    const v = row.getCell(i + 1).value;
    const ref = `${letraColumna(i + 1)}${r}`;
    let valor: ValorCelda = null;
    if (v === null || v === undefined) valor = null;
    else if (typeof v === 'object' && ('formula' in v || 'sharedFormula' in v)) {
      vacia = false;
      errores.push({ fila: r, columna: col.encabezado, mensaje: IMPORTACION_MSG.importFormula(ref) });
      return;
    } else if (v instanceof Date) {
      valor = iso(v);
    } else if (typeof v === 'object' && 'error' in v) {
      vacia = false;
      errores.push({ fila: r, columna: col.encabezado, mensaje: MSG.invalidField(col.encabezado) });
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
      errores.push({
        fila: r,
        columna: col.encabezado,
        mensaje: IMPORTACION_MSG.importDateAsText(ref, valor),
      });
      return;
    }
    if (col.clase === 'fecha' && typeof valor === 'number') {
      errores.push({ fila: r, columna: col.encabezado, mensaje: IMPORTACION_MSG.importDateAsNumber(ref) });
      return;
    }
    celdas[col.campo] = valor;
  });
  // Cells right of the template's columns are data the template has no place for. Only the cells
  // the row holds are visited (getCell past them would create every cell up to column XFD).
  let sobrante = false;
  row.eachCell((cell, c) => {
    if (sobrante || c <= COLUMNAS_PLANTILLA.length) return;
    const t = textoCelda(cell.value).trim();
    if (!t) return;
    sobrante = true;
    vacia = false;
    errores.push({
      fila: r,
      columna: letraColumna(c),
      mensaje: IMPORTACION_MSG.columnaSobrante(letraColumna(c), t.slice(0, 40)),
    });
  });
  return { celdas, errores, vacia };
}

/** The header row's texts, up to its last cell (the extra ones are checked as columns). */
function leerEncabezados(row: ExcelJS.Row | null): Array<string | null> {
  const encabezados: Array<string | null> = Array.from({ length: COLUMNAS_PLANTILLA.length }, () => null);
  row?.eachCell((cell, c) => {
    encabezados[c - 1] = textoCelda(cell.value).trim() || null;
  });
  for (let i = 0; i < encabezados.length; i++) encabezados[i] ??= null;
  while (encabezados.length > COLUMNAS_PLANTILLA.length && encabezados[encabezados.length - 1] === null)
    encabezados.pop();
  return encabezados;
}

const archivo = (mensaje: string, fila: number | null = null): LecturaPlantilla => ({
  ok: false,
  errores: [{ fila, columna: null, mensaje }],
});

/**
 * Reads an already inspected .xlsx (docs/decisions/137; the zip and its size were checked by
 * inspectAttachment, docs/decisions/084) in the file-check worker, never on the event loop: first
 * its measure (declared dimension, rows, cells, inflated sizes: importacion-medida.ts), then
 * exceljs's streaming reader, one row at a time: sheet, version, header row, the row cap, then
 * every cell of the data rows. Refuses formulas, merged cells and dates typed as text, naming row
 * and column. Only the rows kept (at most MAX_FILAS_IMPORTACION) stay in memory.
 */
export async function leerPlantilla(bytes: Uint8Array): Promise<LecturaPlantilla> {
  const medida = medirPlantilla(bytes);
  if (!medida.ok) return archivo(medida.error.mensaje, medida.error.fila);

  let version = '';
  let encabezados: ExcelJS.Row | null = null;
  let hayHoja = false;
  const filas: FilaLeida[] = [];
  const errores: ErrorImportacion[] = [];
  let conDatos = 0;
  let primeraSobrante: number | null = null;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // Styles tell a date from a number (the cell's number format).
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const ws of reader) {
      const nombre = (ws as unknown as { name: string }).name;
      if (nombre === PLANTILLA_HOJA_CONTROL) {
        for await (const row of ws) {
          if (row.number === 1) version = textoCelda(row.getCell(2).value).trim();
          break;
        }
      } else if (nombre === PLANTILLA_HOJA) {
        hayHoja = true;
        for await (const row of ws) {
          const r = row.number;
          if (r === 1) {
            encabezados = row;
            continue;
          }
          const f = leerFila(row, r);
          if (f.vacia) continue;
          conDatos += 1;
          if (conDatos > MAX_FILAS_IMPORTACION) {
            primeraSobrante ??= r;
            continue;
          }
          filas.push({ fila: r, celdas: f.celdas });
          errores.push(...f.errores);
        }
      }
    }
  } catch {
    return archivo(IMPORTACION_MSG.importUnreadable);
  }
  if (!hayHoja) return archivo(IMPORTACION_MSG.importNoSheet(PLANTILLA_HOJA));
  if (version !== PLANTILLA_VERSION)
    return archivo(IMPORTACION_MSG.importOtherVersion(version, PLANTILLA_VERSION));
  const errEncabezados = validarEncabezados(leerEncabezados(encabezados));
  if (errEncabezados.length > 0) return { ok: false, errores: errEncabezados };

  // Merged cells: one error per merged range, on its first row and column.
  const combinadas: ErrorImportacion[] = medida.combinadas.map((rango) => {
    const m = /^([A-Z]+)(\d+)$/.exec(rango.split(':')[0]);
    const idx = m ? COLUMNAS_PLANTILLA.findIndex((_, i) => letraColumna(i + 1) === m[1]) : -1;
    return {
      fila: m ? Number(m[2]) : null,
      columna: COLUMNAS_PLANTILLA[idx]?.encabezado ?? null,
      mensaje: IMPORTACION_MSG.importMerged(rango),
    };
  });
  if (conDatos > MAX_FILAS_IMPORTACION)
    return archivo(IMPORTACION_MSG.importTooManyRows(conDatos, MAX_FILAS_IMPORTACION), primeraSobrante);
  if (filas.length === 0) return archivo(IMPORTACION_MSG.importEmpty);
  return { ok: true, filas, errores: [...combinadas, ...errores] };
}
