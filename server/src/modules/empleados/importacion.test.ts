import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COLUMNAS_PLANTILLA,
  EMPLOYEE_FIELDS,
  letraColumna,
  MAX_FILAS_IMPORTACION,
  MSG,
  PLANTILLA_HOJA,
  PLANTILLA_HOJA_CONTROL,
  PLANTILLA_HOJA_LISTAS,
  PLANTILLA_VERSION,
  IMPORTACION_MSG,
  problemaDocumento,
} from '@proveedores/domain';
import { query } from '../../db/client';
import { authHeaders, createTestApp, CONTRACTOR_A, CONTRACTOR_B } from '../../test/app';
import { adjuntoXlsx, filaValida, llenarPlantilla, type FilaPlantilla } from '../../test/importacion';
import { contractIds, firstCargo } from '../../test/empleados';

const BASE = '/api/contratista/empleados/importacion';

describe('roster import from the Excel template', async () => {
  const app = await createTestApp();
  let a: Record<string, string>;
  let b: Record<string, string>;
  let cargo: string;
  let contratoA: number;
  let contratoB: number;
  let plantilla: Buffer;

  const count = async (nit = CONTRACTOR_A.username) =>
    (
      await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM empleados e JOIN empresas p ON p.id = e.empresa_id WHERE p.nit = ${nit}`,
      )
    )[0].n;
  const audits = async () =>
    (
      await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'empleados.importados'`,
      )
    )[0].n;
  const preview = (bytes: Buffer, headers = a, contratoid = contratoA) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/previsualizar`,
      headers,
      payload: { contratoid, adjunto: adjuntoXlsx(bytes) },
    });
  const importar = (bytes: Buffer, headers = a, contratoid = contratoA) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/importar`,
      headers,
      payload: { contratoid, adjunto: adjuntoXlsx(bytes), confirmar: true },
    });
  const filas = (n: number, from = 0, o: (i: number) => Partial<FilaPlantilla> = () => ({})) =>
    Array.from({ length: n }, (_, i) => filaValida(from + i, cargo, o(from + i)));

  beforeAll(async () => {
    a = await authHeaders(app, CONTRACTOR_A);
    b = await authHeaders(app, CONTRACTOR_B);
    cargo = (await firstCargo(app, a)).descripcion;
    [contratoA] = await contractIds(app, CONTRACTOR_A.username);
    [contratoB] = await contractIds(app, CONTRACTOR_B.username);
    const res = await app.inject({ method: 'GET', url: `${BASE}/plantilla`, headers: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    plantilla = res.rawPayload;
  });

  it('serves the template: frozen header of the form labels, hidden lists and version, dropdowns and date formats', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(plantilla as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(PLANTILLA_HOJA)!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNAS_PLANTILLA.map((c) => c.encabezado));
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(wb.getWorksheet(PLANTILLA_HOJA_LISTAS)!.state).toBe('hidden');
    expect(wb.getWorksheet(PLANTILLA_HOJA_CONTROL)!.state).toBe('hidden');
    expect(wb.getWorksheet(PLANTILLA_HOJA_CONTROL)!.getCell('B1').value).toBe(PLANTILLA_VERSION);
    // Every list column has a dropdown down to the row cap; the municipality list is 'DEPTO - MUNICIPIO'.
    const dv = (
      ws as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } }
    ).dataValidations.model;
    const listas = COLUMNAS_PLANTILLA.filter((c) => c.lista).length;
    COLUMNAS_PLANTILLA.forEach((c, i) => {
      if (!c.lista) return;
      const letra = letraColumna(i + 1);
      for (const fila of [2, MAX_FILAS_IMPORTACION + 1])
        expect(dv[`${letra}${fila}`]?.type, c.campo).toBe('list');
    });
    const municipios = wb.getWorksheet(PLANTILLA_HOJA_LISTAS)!.getColumn(listas - 2);
    expect(municipios.values).toContain('Antioquia - Medellín');
    const fechaCol = COLUMNAS_PLANTILLA.findIndex((c) => c.campo === 'fecha_nacimiento') + 1;
    expect(ws.getColumn(fechaCol).numFmt).toBe('dd/mm/yyyy');
  });

  it('previews 10 rows with 3 broken: exactly those errors by row and column, nothing written', async () => {
    const before = await count();
    const bytes = await llenarPlantilla(
      plantilla,
      filas(10, 0, (i) =>
        i === 2 ? { nombres: null } : i === 5 ? { rh: 'Z+' } : i === 8 ? { salario: -5 } : {},
      ),
    );
    const res = await preview(bytes);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.archivoValido).toBe(true);
    expect(body.errores).toEqual([
      { fila: 4, columna: EMPLOYEE_FIELDS.nombres, mensaje: MSG.fieldRequired(EMPLOYEE_FIELDS.nombres) },
      { fila: 7, columna: EMPLOYEE_FIELDS.rh, mensaje: MSG.invalidField(EMPLOYEE_FIELDS.rh) },
      { fila: 10, columna: EMPLOYEE_FIELDS.salario, mensaje: MSG.salaryNotPositive },
    ]);
    expect(body.resumen).toEqual({ creados: 7, actualizados: 0, sinCambios: 0, rechazados: 3 });
    expect(body.filas).toHaveLength(10);
    expect(await count()).toBe(before);
  });

  it('imports the valid rows linked to the contract; the same file again changes nothing; an edit updates one', async () => {
    const rows = filas(6, 100);
    rows[3] = { ...rows[3], numerodocumento: 'ABC' };
    const bytes = await llenarPlantilla(plantilla, rows);
    const before = await count();
    const auditsBefore = await audits();
    const res = await importar(bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resumen).toEqual({ creados: 5, actualizados: 0, sinCambios: 0, rechazados: 1 });
    expect(res.json().message).toBe(IMPORTACION_MSG.importDone(5, 0, 0, 1));
    expect(await count()).toBe(before + 5);
    expect(await audits()).toBe(auditsBefore + 1);
    const vinculados = await app.inject({
      method: 'GET',
      url: `/api/contratista/empleados/vinculados?contratoid=${contratoA}`,
      headers: a,
    });
    const docs = vinculados.json().map((w: { numerodocumento: string }) => w.numerodocumento);
    expect(docs).toEqual(
      expect.arrayContaining(['80000100', '80000101', '80000102', '80000104', '80000105']),
    );
    const stamp = () =>
      query<{ u: string }>(
        app.db,
        sql`SELECT max(updated_at)::text AS u FROM empleados WHERE numero_documento LIKE '800001%'`,
      );
    const stampBefore = await stamp();

    const again = await importar(bytes);
    expect(again.json().resumen).toEqual({ creados: 0, actualizados: 0, sinCambios: 5, rechazados: 1 });
    expect(await audits()).toBe(auditsBefore + 1);
    expect(await stamp()).toEqual(stampBefore);

    rows[0] = { ...rows[0], barrio: 'Laureles' };
    const edited = await importar(await llenarPlantilla(plantilla, rows));
    expect(edited.json().resumen).toEqual({ creados: 0, actualizados: 1, sinCambios: 4, rechazados: 1 });
    const get = await app.inject({
      method: 'GET',
      url: '/api/contratista/empleados/CC/80000100',
      headers: a,
    });
    expect(get.json()).toMatchObject({
      barrio: 'Laureles',
      ciudad: 'Medellín',
      departamento: 'Antioquia',
      contratos: [contratoA],
    });
  });

  it('refuses another version, extra, missing and renamed columns, naming the column; nothing written', async () => {
    const cases: Array<[string, (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void, string]> = [
      [
        'version',
        (_ws, wb) => (wb.getWorksheet(PLANTILLA_HOJA_CONTROL)!.getCell('B1').value = 'TRABAJADORES-2025-1'),
        IMPORTACION_MSG.importOtherVersion('TRABAJADORES-2025-1', PLANTILLA_VERSION),
      ],
      [
        'extra',
        (ws) => (ws.getCell('AJ1').value = 'Observaciones'),
        IMPORTACION_MSG.columnaSobrante('AJ', 'Observaciones'),
      ],
      [
        'missing',
        (ws) => ws.spliceColumns(35, 1),
        IMPORTACION_MSG.columnaFaltante('AI', EMPLOYEE_FIELDS.nivel_certificado_curso_alturas),
      ],
      [
        'renamed',
        (ws) => (ws.getCell('C1').value = 'Nombre'),
        IMPORTACION_MSG.columnaCambiada('C', EMPLOYEE_FIELDS.nombres, 'Nombre'),
      ],
    ];
    const before = await count();
    for (const [name, edit, mensaje] of cases) {
      const bytes = await llenarPlantilla(plantilla, filas(2, 200), edit);
      const res = await preview(bytes);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().archivoValido, name).toBe(false);
      expect(
        res.json().errores.map((e: { mensaje: string }) => e.mensaje),
        name,
      ).toContain(mensaje);
      const imp = await importar(bytes);
      expect(imp.statusCode, name).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('refuses formulas, merged cells and dates typed as text in the rows they are in', async () => {
    const rows = filas(4, 300, (i) =>
      i === 300 ? { salario: { formula: '1000*2' } } : i === 302 ? { fecha_nacimiento: '15/04/1990' } : {},
    );
    const bytes = await llenarPlantilla(plantilla, rows, (ws) => ws.mergeCells('T4:U4'));
    const res = await preview(bytes);
    const body = res.json();
    expect(body.errores).toEqual(
      expect.arrayContaining([
        { fila: 2, columna: EMPLOYEE_FIELDS.salario, mensaje: IMPORTACION_MSG.importFormula('Y2') },
        {
          fila: 4,
          columna: EMPLOYEE_FIELDS.fecha_nacimiento,
          mensaje: IMPORTACION_MSG.importDateAsText('H4', '15/04/1990'),
        },
        { fila: 4, columna: EMPLOYEE_FIELDS.barrio, mensaje: IMPORTACION_MSG.importMerged('T4:U4') },
      ]),
    );
    expect(body.resumen).toMatchObject({ rechazados: 2, creados: 2 });
  });

  it(`refuses a 2,500-row file whole (cap ${MAX_FILAS_IMPORTACION}), and a file that is not an xlsx`, async () => {
    const before = await count();
    const big = await llenarPlantilla(null, filas(2_500, 10_000));
    const res = await preview(big);
    expect(res.json().archivoValido).toBe(false);
    expect(res.json().errores).toEqual([
      {
        fila: MAX_FILAS_IMPORTACION + 2,
        columna: null,
        mensaje: IMPORTACION_MSG.importTooManyRows(2_500, MAX_FILAS_IMPORTACION),
      },
    ]);
    expect((await importar(big)).statusCode).toBe(400);
    expect(await count()).toBe(before);

    const pdf = await app.inject({
      method: 'POST',
      url: `${BASE}/previsualizar`,
      headers: a,
      payload: {
        contratoid: contratoA,
        adjunto: {
          adjunto: Buffer.from('%PDF-1.4 x').toString('base64'),
          nombreArchivo: 'x.pdf',
          extension: 'pdf',
        },
      },
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(IMPORTACION_MSG.importNotXlsx);
    const fake = await app.inject({
      method: 'POST',
      url: `${BASE}/previsualizar`,
      headers: a,
      payload: {
        contratoid: contratoA,
        adjunto: {
          adjunto: Buffer.from('not a zip at all').toString('base64'),
          nombreArchivo: 'x.xlsx',
          extension: 'xlsx',
        },
      },
    });
    expect(fake.statusCode).toBe(400);
  });

  it('refuses a CC with letters at its cell, naming the rule; imports CE, PA and TI rows', async () => {
    const bytes = await llenarPlantilla(plantilla, [
      filaValida(700, cargo, { numerodocumento: '10010A2005' }),
      filaValida(701, cargo, { tipodocumento: 'CE', numerodocumento: 'E701701' }),
      filaValida(702, cargo, { tipodocumento: 'PA', numerodocumento: 'AX702702' }),
      filaValida(703, cargo, { tipodocumento: 'TI', numerodocumento: '1070370370' }),
    ]);
    const res = await preview(bytes);
    expect(res.json().errores).toEqual([
      {
        fila: 2,
        columna: EMPLOYEE_FIELDS.numerodocumento,
        mensaje: problemaDocumento('CC', '10010A2005'),
      },
    ]);
    expect(res.json().resumen).toMatchObject({ creados: 3, rechazados: 1 });
  });

  it("isolates companies: B cannot use A's contract; B's import of the same documents makes B's own workers", async () => {
    const bytes = await llenarPlantilla(plantilla, filas(2, 400));
    const aBefore = await count();
    expect((await preview(bytes, b, contratoA)).statusCode).toBe(404);
    expect((await importar(bytes, b, contratoA)).statusCode).toBe(404);
    expect((await importar(bytes, a)).json().resumen.creados).toBe(2);
    const bBefore = await count(CONTRACTOR_B.username);
    const resB = await importar(bytes, b, contratoB);
    expect(resB.json().resumen.creados).toBe(2);
    expect(await count(CONTRACTOR_B.username)).toBe(bBefore + 2);
    expect(await count()).toBe(aBefore + 2);
  });

  it('writes nothing when the database fails mid-way through the rows (one transaction)', async () => {
    await query(
      app.db,
      sql.raw(`CREATE OR REPLACE FUNCTION falla_importacion() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.numero_documento = '80000515' THEN RAISE EXCEPTION 'falla simulada'; END IF; RETURN NEW; END $$`),
    );
    await query(
      app.db,
      sql.raw(
        'CREATE TRIGGER falla_importacion BEFORE INSERT ON empleados FOR EACH ROW EXECUTE FUNCTION falla_importacion()',
      ),
    );
    try {
      const before = await count();
      const auditsBefore = await audits();
      const res = await importar(await llenarPlantilla(plantilla, filas(30, 500)));
      expect(res.statusCode).toBe(500);
      expect(await count()).toBe(before);
      expect(await audits()).toBe(auditsBefore);
    } finally {
      await query(app.db, sql.raw('DROP TRIGGER falla_importacion ON empleados'));
      await query(app.db, sql.raw('DROP FUNCTION falla_importacion()'));
    }
  });
});
