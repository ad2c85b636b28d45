import ExcelJS from 'exceljs';
import {
  COLUMNAS_PLANTILLA,
  letraColumna,
  MAX_FILAS_IMPORTACION,
  PLANTILLA_HOJA,
  PLANTILLA_HOJA_CONTROL,
  PLANTILLA_HOJA_LISTAS,
  PLANTILLA_NOMBRE_VERSION,
  PLANTILLA_VERSION,
  SEPARADOR_MUNICIPIO,
  type FuenteLista,
} from '@proveedores/domain';
import type { Db } from '../../db/client';
import { listCargos } from './list-cargos';
import { listMunicipios } from './list-municipios';

/**
 * The roster-import template (docs/decisions/137): sheet 'Trabajadores' with the form's labels as a
 * frozen header and one row per worker; every closed list (the form's enumerations, cargos, DANE
 * departments, 'DEPARTAMENTO - MUNICIPIO') as a dropdown fed by the hidden sheet 'Listas'; dates
 * formatted dd/mm/yyyy (docs/decisions/092); the version in the hidden sheet 'Control' (B1) and the
 * defined name PLANTILLA_VERSION.
 */
export async function buildImportTemplate(db: Db): Promise<Buffer> {
  const [cargos, deptos] = await Promise.all([listCargos(db), listMunicipios(db)]);
  const listas: Record<string, string[]> = {
    cargos: cargos.map((c) => c.descripcion),
    departamentos: deptos.map((d) => d.nombre_depto),
    municipios: deptos.flatMap((d) =>
      d.municipios.map((m) => `${d.nombre_depto}${SEPARADOR_MUNICIPIO}${m.nombre_municipio}`),
    ),
  };
  const valores = (f: FuenteLista) => (f.tipo === 'enum' ? [...f.valores] : listas[f.tipo]);

  const wb = new ExcelJS.Workbook();
  wb.creator = 'Proveedores';
  const ws = wb.addWorksheet(PLANTILLA_HOJA, { views: [{ state: 'frozen', ySplit: 1 }] });
  const hojaListas = wb.addWorksheet(PLANTILLA_HOJA_LISTAS, { state: 'hidden' });
  const control = wb.addWorksheet(PLANTILLA_HOJA_CONTROL, { state: 'hidden' });
  control.getCell('A1').value = 'version';
  control.getCell('B1').value = PLANTILLA_VERSION;
  wb.definedNames.add(`${PLANTILLA_HOJA_CONTROL}!$B$1`, PLANTILLA_NOMBRE_VERSION);

  ws.columns = COLUMNAS_PLANTILLA.map((c) => ({
    header: c.encabezado,
    key: c.campo,
    width: Math.max(c.ancho, c.encabezado.length + 2),
    style:
      c.clase === 'fecha'
        ? { numFmt: 'dd/mm/yyyy' }
        : c.clase === 'texto'
          ? { numFmt: '@' }
          : c.campo === 'salario'
            ? { numFmt: '#,##0' }
            : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };

  const ultima = MAX_FILAS_IMPORTACION + 1;
  // exceljs has data validations on worksheets but leaves them out of its type declarations.
  const validaciones = (
    ws as unknown as { dataValidations: { add(rango: string, v: ExcelJS.DataValidation): void } }
  ).dataValidations;
  let listaCol = 0;
  COLUMNAS_PLANTILLA.forEach((c, i) => {
    const letra = letraColumna(i + 1);
    if (c.lista) {
      const items = valores(c.lista);
      listaCol += 1;
      const lc = letraColumna(listaCol);
      hojaListas.getCell(`${lc}1`).value = c.encabezado;
      items.forEach((v, j) => (hojaListas.getCell(`${lc}${j + 2}`).value = v));
      validaciones.add(`${letra}2:${letra}${ultima}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`${PLANTILLA_HOJA_LISTAS}!$${lc}$2:$${lc}$${Math.max(2, items.length + 1)}`],
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: c.encabezado,
        error: c.encabezado,
      });
    } else if (c.clase === 'fecha') {
      validaciones.add(`${letra}2:${letra}${ultima}`, {
        type: 'date',
        operator: 'greaterThan',
        allowBlank: true,
        formulae: [new Date(Date.UTC(1900, 0, 1))],
        showErrorMessage: true,
        errorTitle: c.encabezado,
        error: c.encabezado,
      });
    }
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
