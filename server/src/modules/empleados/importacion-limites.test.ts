import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILAS_HOJA, MAX_FILAS_IMPORTACION, PLANTILLA_HOJA, IMPORTACION_MSG } from '@proveedores/domain';
import { fileCheckMessages } from '../../lib/file-check';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../../test/app';
import { medirPlantilla } from './importacion-medida';
import { adjuntoXlsx, filaValida, hojaEnorme, llenarPlantilla } from '../../test/importacion';
import { contractIds, firstCargo } from '../../test/empleados';

/**
 * The roster import's size limits (docs/decisions/137): a workbook is read in the file-check
 * worker, measured before any cell is read, and refused by its declared dimension or its row count
 * with a message naming the limit. A 4 MB file of a million sparse rows once stalled the server
 * for minutes and ended in a heap out-of-memory.
 */
describe('roster import limits', async () => {
  const app = await createTestApp();
  let a: Record<string, string>;
  let contratoA: number;
  let cargo: string;
  const preview = (bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/contratista/empleados/importacion/previsualizar',
      headers: a,
      payload: { contratoid: contratoA, adjunto: adjuntoXlsx(bytes) },
    });
  const tooLarge = (filas: number, masDe = false) =>
    IMPORTACION_MSG.importSheetTooLarge(PLANTILLA_HOJA, filas, MAX_FILAS_HOJA, MAX_FILAS_IMPORTACION, masDe);

  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
    [contratoA] = await contractIds(app, CONTRACTOR_A.username);
    cargo = (await firstCargo(app, a)).descripcion;
  });

  it('reads the workbook in the file-check worker: one message for the upload check, one for the reading', async () => {
    const bytes = await llenarPlantilla(null, [filaValida(1, cargo)]);
    const before = fileCheckMessages();
    const res = await preview(bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json().resumen.creados).toBe(1);
    expect(fileCheckMessages() - before).toBe(2);
  });

  it('refuses a sheet whose dimension and rows claim a million rows, naming the limit, in the worker', async () => {
    const bytes = await hojaEnorme({ filas: 1_000_000, dimension: 'A1:AI1000000' });
    const before = fileCheckMessages();
    const res = await preview(bytes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      archivoValido: false,
      filas: [],
      errores: [{ fila: null, columna: null, mensaje: tooLarge(1_000_000) }],
    });
    expect(res.json().errores[0].mensaje).toContain('5.000 filas');
    expect(fileCheckMessages() - before).toBe(2);
  });

  it('refuses a million rows without a declared dimension once the count passes the limit', async () => {
    const res = await preview(await hojaEnorme({ filas: 1_000_000 }));
    expect(res.json()).toMatchObject({
      archivoValido: false,
      errores: [{ fila: null, columna: null, mensaje: tooLarge(MAX_FILAS_HOJA, true) }],
    });
  });

  it('refuses by the declared dimension before reading a cell: the cells after it are never parsed', async () => {
    // Past the dimension the sheet data is broken XML: reading any cell would answer "unreadable".
    const bytes = await hojaEnorme({
      filas: 3,
      dimension: 'A1:AI1000000',
      despues: '<row r="4"><c r="A4" t="s"><v>broken</c>',
    });
    expect(medirPlantilla(bytes)).toEqual({ ok: false, error: { fila: null, mensaje: tooLarge(1_000_000) } });
    // The same broken sheet without the claim is read, and refused as unreadable.
    const sinDimension = await hojaEnorme({ filas: 3, despues: '<row r="4"><c r="A4" t="s"><v>broken</c>' });
    expect(medirPlantilla(sinDimension).ok).toBe(true);
    expect((await preview(sinDimension)).json().errores).toEqual([
      { fila: null, columna: null, mensaje: IMPORTACION_MSG.importUnreadable },
    ]);
  });

  it('accepts a sheet right at the row limit (empty formatted rows are not workers)', async () => {
    const bytes = await hojaEnorme({ filas: MAX_FILAS_HOJA, dimension: `A1:AI${MAX_FILAS_HOJA}` });
    expect(medirPlantilla(bytes)).toEqual({ ok: true, combinadas: [] });
  });
});
