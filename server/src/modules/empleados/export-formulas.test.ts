import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SOCIODEMOGRAFICO_COLUMNS } from '@proveedores/domain';
import { authHeaders, createTestApp, CONTRACTOR_A } from '../../test/app';
import { firstCargo, postEmployee, validEmployee } from '../../test/empleados';

/** Formula injection in the server's socio-demographic export (docs/decisions/161). */
describe('socio-demographic export: text that starts like a formula', async () => {
  const app = await createTestApp();
  const a = await authHeaders(app, CONTRACTOR_A);
  const cargo = await firstCargo(app, a);

  it('is written with a leading apostrophe; the salary stays a number', async () => {
    const direccion = "-2+3+cmd|' /C calc'!A0";
    const res = await postEmployee(
      app,
      a,
      validEmployee(cargo.id, { numerodocumento: '7001', direccion, salario: 1500000 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/contratista/empleados/reportesociodemografico/excel',
      headers: a,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0].getRow(2);
    const cell = (key: string) => row.getCell(SOCIODEMOGRAFICO_COLUMNS.findIndex((c) => c.key === key) + 1);
    expect(cell('direccion').value).toBe(`'${direccion}`);
    expect(cell('direccion').type).toBe(ExcelJS.ValueType.String);
    expect(cell('salario').value).toBe(1500000);
  });
});
