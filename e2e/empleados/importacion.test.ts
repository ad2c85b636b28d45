import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_FIELDS, MSG, IMPORTACION_MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { filaValida, llenarPlantilla } from '../../server/src/test/importacion';
import {
  CONTRACTOR,
  DESKTOP,
  hasCount,
  hasText,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally } from '../support/ui';

/**
 * 'Importar trabajadores' on Ingreso de Personal (docs/decisions/137): the template downloaded from
 * the page, 50 rows filled with exceljs (3 broken), exactly those 3 errors, 47 imported.
 */
const h = useHarness();

async function openImport(viewport: { width: number; height: number }) {
  const t = await openPage(h.browser, { viewport });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, CONTRACTOR);
  await t.page.waitForURL(/#\/home$/);
  const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  await t.page.goto(`${h.server.url}/#/ingreso-personal`);
  await chooseContract(t.page, c);
  await t.page.getByTestId('import-workers-button').click();
  await visible(t.page.getByTestId('import-dialog'));
  return { ...t, contract: c };
}

const linked = async (contratoId: number) =>
  (
    await query<{ n: number }>(
      h.server.app.db,
      sql`SELECT count(*)::int AS n FROM empleados_contratos ec JOIN empleados e ON e.id = ec.empleado_id
           WHERE ec.contrato_id = ${contratoId} AND e.numero_documento LIKE '8710%'`,
    )
  )[0].n;

describe('roster import in Chromium', () => {
  it('imports a 50-row template with 3 broken rows and sees exactly those 3 errors', async () => {
    const { page, errors, contract } = await openImport(DESKTOP);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Plantilla-trabajadores.xlsx');
    const plantilla = await readFile((await download.path())!);

    const [cargo] = await query<{ descripcion: string }>(
      h.server.app.db,
      sql`SELECT descripcion FROM cargos WHERE activo ORDER BY id LIMIT 1`,
    );
    const filas = Array.from({ length: 50 }, (_, i) =>
      filaValida(7_100_000 + i, cargo.descripcion, {
        ...(i === 4 ? { apellidos: null } : {}),
        ...(i === 20 ? { genero: 'OTRO' } : {}),
        ...(i === 41 ? { fecha_nacimiento: '15/04/1990' } : {}),
      }),
    );
    const bytes = await llenarPlantilla(plantilla, filas);
    const before = await linked(contract.id);
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'trabajadores.xlsx', mimeType: 'application/octet-stream', buffer: bytes });

    await hasText(page.getByTestId('import-counts'), IMPORTACION_MSG.importPreviewSummary(47, 3, 50));
    const errorRows = page.getByTestId('import-errors').locator('tbody tr');
    await hasCount(errorRows, 3);
    const texts = await errorRows.allInnerTexts();
    expect(texts.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `Fila 6 ${EMPLOYEE_FIELDS.apellidos} ${MSG.fieldRequired(EMPLOYEE_FIELDS.apellidos)}`,
      `Fila 22 ${EMPLOYEE_FIELDS.genero} ${MSG.invalidField(EMPLOYEE_FIELDS.genero)}`,
      `Fila 43 ${EMPLOYEE_FIELDS.fecha_nacimiento} ${IMPORTACION_MSG.importDateAsText('H43', '15/04/1990')}`,
    ]);
    // Nothing is written before the confirmation.
    expect(await linked(contract.id)).toBe(before);
    await page.getByTestId('import-only-errors').click();
    await hasCount(page.getByTestId('import-rows').locator('tbody tr'), 3);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'importacion-01-preview');

    await hasText(page.getByTestId('import-confirm'), IMPORTACION_MSG.importConfirm(47));
    await page.getByTestId('import-confirm').click();
    await hasText(page.getByTestId('import-summary'), IMPORTACION_MSG.importDone(47, 0, 0, 3));
    expect(await linked(contract.id)).toBe(before + 47);
    await screenshot(page, 'importacion-02-summary');
    await page.getByTestId('import-close').click();
    await visible(page.getByTestId('contract-workers-table').getByText('87100000', { exact: false }).first());

    // The same file again: everything unchanged.
    await page.getByTestId('import-workers-button').click();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'trabajadores.xlsx', mimeType: 'application/octet-stream', buffer: bytes });
    await hasText(page.getByTestId('import-counts'), IMPORTACION_MSG.importPreviewSummary(47, 3, 50));
    await page.getByTestId('import-confirm').click();
    await hasText(page.getByTestId('import-summary'), IMPORTACION_MSG.importDone(0, 0, 47, 3));
    expect(errors).toEqual([]);
  });

  it('is usable on a 360 px phone: no sideways scroll, errors stacked as cards', async () => {
    const { page, errors } = await openImport(PHONE);
    await visible(page.getByTestId('import-template'));
    await screenshot(page, 'importacion-03-phone-empty');
    const [cargo] = await query<{ descripcion: string }>(
      h.server.app.db,
      sql`SELECT descripcion FROM cargos WHERE activo ORDER BY id LIMIT 1`,
    );
    const plantilla = await llenarPlantilla(null, [
      filaValida(7_200_000, cargo.descripcion),
      filaValida(7_200_001, cargo.descripcion, { rh: 'X' }),
    ]);
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'trabajadores.xlsx', mimeType: 'application/octet-stream', buffer: plantilla });
    await hasText(page.getByTestId('import-counts'), IMPORTACION_MSG.importPreviewSummary(1, 1, 2));
    await hasCount(page.getByTestId('import-errors').locator('tbody tr'), 1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'importacion-04-phone-preview');
    await screenshot(page, 'importacion-04-phone-preview-full', true);
    expect(errors).toEqual([]);
  });
});
