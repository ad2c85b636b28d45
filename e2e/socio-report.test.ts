import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOCIODEMOGRAFICO_COLUMNS } from '@proveedores/domain';
import { validEmployee } from '../server/src/modules/empleados/test-helpers';
import {
  alertText,
  CONTRACTOR,
  CONTRACTOR_B,
  containsText,
  hasCount,
  hasText,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signIn,
  storedToken,
  useHarness,
  visible,
} from './support';

const h = useHarness();

/**
 * A company with two contracts gets the contract modal after sign-in (take the first); with one, the
 * contract is chosen for it and home names it. Waits for one of the two states, never for a time.
 */
async function chooseFirstContract(page: Page) {
  const modal = page.getByTestId('contract-modal');
  await visible(modal.or(page.getByTestId('current-contract-name')));
  if (!(await modal.isVisible())) return;
  await page.getByTestId('contract-choice').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  await page.getByTestId('contract-select').click();
  await modal.waitFor({ state: 'hidden' });
}

/** Signs in through the UI and returns the page's session token (for setup calls to the API). */
async function signedIn(
  who: { username: string; password: string; staff?: boolean },
  viewport?: { width: number; height: number },
) {
  const t = await openPage(h.browser, { viewport });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, who);
  await t.page.waitForURL(/#\/(home|cambiar-clave)/);
  if (!who.staff) await chooseFirstContract(t.page);
  const token = await storedToken(t.page);
  if (!token) throw new Error('no token after sign-in');
  return { ...t, token };
}

describe('socio-demographic report (reportesociodemografico)', () => {
  it('shows the company workers in 41 columns and downloads the server workbook as Descarga.xlsx', async () => {
    const { page, context, errors, token } = await signedIn(CONTRACTOR);
    const headers = { authorization: `Bearer ${token}` };
    const cargos = await h.server.app.inject({ method: 'GET', url: '/api/contratista/cargos', headers });
    const cargo = (cargos.json() as Array<{ id: number; descripcion: string }>)[0]!;
    const people = [
      validEmployee(cargo.id, { numerodocumento: '1023456789', nombres: 'JUAN CARLOS', apellidos: 'PÉREZ' }),
      validEmployee(cargo.id, {
        numerodocumento: '52987654',
        nombres: 'MARÍA FERNANDA',
        apellidos: 'ÁLVAREZ',
        genero: 'FEMENINO',
        salario: 2300000,
      }),
    ];
    for (const payload of people) {
      const res = await h.server.app.inject({
        method: 'POST',
        url: '/api/contratista/empleados',
        headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    await page.goto(`${h.server.url}/#/reportesociodemografico`);
    await hasText(page.getByRole('heading', { level: 1 }), 'Sociodemografico');
    await visible(page.getByTestId('socio-home'));
    const table = page.getByTestId('socio-table');
    await hasCount(table.locator('tbody tr'), 2);
    await hasCount(table.locator('thead th'), 41);
    await hasText(table.locator('thead th').last(), 'Cargo');
    await containsText(table.locator('tbody'), 'MARÍA FERNANDA');
    await containsText(table.locator('tbody'), cargo.descripcion);
    await containsText(page.locator('.p-paginator-current'), 'Monstrando 1 a 2 de 2 registros');

    // The search box narrows the rows.
    await page.getByTestId('socio-search').fill('52987654');
    await hasCount(table.locator('tbody tr'), 1);
    await containsText(table.locator('tbody'), 'ÁLVAREZ');
    await page.getByTestId('socio-search').fill('');
    await hasCount(table.locator('tbody tr'), 2);

    // Horizontal scroll: the table is wider than its box.
    const wrapper = table.locator('.p-datatable-wrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'socio-report-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('socio-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Descarga.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headerRow = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headerRow).toEqual(SOCIODEMOGRAFICO_COLUMNS.map((c) => c.header));
    expect(headerRow).toHaveLength(41);
    expect(ws.actualRowCount).toBe(1 + people.length);
    const documentos = [ws.getRow(2).getCell(1).text, ws.getRow(3).getCell(1).text].sort();
    expect(documentos).toEqual(['1023456789', '52987654']);

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a company without workers so, with no table, and is usable on a phone', async () => {
    const { page, context, errors } = await signedIn(CONTRACTOR_B, PHONE);
    await page.goto(`${h.server.url}/#/reportesociodemografico`);
    await visible(page.getByTestId('socio-empty'));
    await hasCount(page.getByTestId('socio-table'), 0);
    await screenshot(page, 'socio-report-phone-empty');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the failure alert with the server message behind "Ver mas detalles"', async () => {
    // Staff have no company: the server refuses the report (403), a real failure path.
    const { page, context } = await signedIn({ ...REVIEWER, staff: true }, PHONE);
    await page.goto(`${h.server.url}/#/reportesociodemografico`);
    await hasText(page.locator('.swal2-title'), 'No se pudo cargar la informacion.');
    await visible(page.getByRole('button', { name: 'Cerrar' }));
    await screenshot(page, 'socio-report-phone-failure');
    await page.getByRole('button', { name: 'Ver mas detalles' }).click();
    expect(await alertText(page)).toBe('No tiene permiso para realizar esta acción.');
    await context.close();
  });
});
