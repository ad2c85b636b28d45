import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatDia, hoyEnColombia, MSG, SOCIODEMOGRAFICO_COLUMNS } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { DEMO } from '../../server/src/db/seed';
import { validEmployee } from '../../server/src/test/empleados';
import { authHeaders } from '../../server/src/test/app';
import { validPdf } from '../support/ui';
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
  screenshot,
  seriousA11yViolations,
  signIn,
  storedToken,
  useHarness,
  visible,
  fechasParaEntrega,
} from '../support';

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
    // A real refusal: while signed in, the company's password was reset (the session must change it
    // first), so the server answers the report with 403. (Staff no longer reach this page: it tells
    // them it is for contractors, e2e/roles-and-exports.)
    const { page, context, token } = await signedIn(CONTRACTOR_B, PHONE);
    const [{ guidses }] = [
      JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { guidses: string },
    ];
    await query(h.server.app.db, sql`UPDATE sesiones SET must_change_password = true WHERE id = ${guidses}`);
    await page.goto(`${h.server.url}/#/reportesociodemografico`);
    await hasText(page.locator('.swal2-title'), 'No se pudo cargar la informacion.');
    await visible(page.getByRole('button', { name: 'Cerrar' }));
    await screenshot(page, 'socio-report-phone-failure');
    await page.getByRole('button', { name: 'Ver mas detalles' }).click();
    expect(await alertText(page)).toBe('Debe cambiar su contraseña en Configuraciones antes de continuar.');
    await context.close();
  });

  it('fills entry and validity dates from the portal and says where they come from (decision 099)', async () => {
    const { page, context, errors, token } = await signedIn(CONTRACTOR);
    const headers = { authorization: `Bearer ${token}` };
    const app = h.server.app;
    const cargos = await app.inject({ method: 'GET', url: '/api/contratista/cargos', headers });
    const cargo = (cargos.json() as Array<{ id: number }>)[0]!;
    const [contrato] = await query<{ id: number }>(
      app.db,
      sql`SELECT c.id FROM contratos c JOIN empresas e ON e.id = c.empresa_id
           WHERE e.nit = ${CONTRACTOR.username} ORDER BY c.id LIMIT 1`,
    );
    const worker = { tipodocumento: 'CC', numerodocumento: '71234567' };
    const saved = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, {
        ...worker,
        nombres: 'PEDRO PABLO',
        apellidos: 'ARANGO',
        contratoid: contrato.id,
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The worker's EPS certificate and occupational medical concept, uploaded and approved for real.
    const admin = await authHeaders(app, {
      username: DEMO.admin.username,
      password: DEMO.adminPassword,
      path: '/api/login/authenticatead',
    });
    const vigencias: Record<string, string> = {};
    for (const codigo of ['P04', 'P09']) {
      const [req] = await query<{ id: number }>(
        app.db,
        sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = ${codigo}`,
      );
      const name = `${codigo}-arango.pdf`;
      const put = await app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-personal/${req.id}`,
        headers,
        payload: {
          contratoid: contrato.id,
          ...worker,
          adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      const id = (put.json() as { idEntrega: number }).idEntrega;
      const ok = await app.inject({
        method: 'POST',
        url: `/api/revision/entregas/${id}/aprobar`,
        headers: admin,
        // The document dates its validity rule reads, as the reviewer confirms them (decision 113).
        payload: await fechasParaEntrega(app, id),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const [e] = await query<{ v: string }>(
        app.db,
        sql`SELECT to_char(vigencia_hasta, 'YYYY-MM-DD') AS v FROM entregas WHERE id = ${id}`,
      );
      vigencias[codigo] = e.v;
    }
    const hoy = hoyEnColombia(new Date());

    await page.goto(`${h.server.url}/#/reportesociodemografico`);
    const table = page.getByTestId('socio-table');
    await page.getByTestId('socio-search').fill(worker.numerodocumento);
    await hasCount(table.locator('tbody tr'), 1);
    const headerTexts = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
    const cell = async (header: string) => {
      const idx = headerTexts.findIndex((t) => t === header || t.startsWith(`${header} `));
      expect(idx, header).toBeGreaterThanOrEqual(0);
      return (await table.locator(`tbody tr td:nth-child(${idx + 1})`).innerText()).trim();
    };
    expect(await cell('Fecha de ingreso')).toBe(formatDia(hoy));
    expect(await cell('Fecha de inicio')).toBe(formatDia(hoy));
    expect(await cell('Vencimiento seguridad social')).toBe(formatDia(vigencias.P04));
    expect(await cell('Vencimiento exámenes médicos')).toBe(formatDia(vigencias.P09));
    expect(await cell('Vencimiento curso alturas')).toBe('');
    // Each derived column's header says where its value comes from, and so does the note under it.
    expect(await page.getByTestId('socio-source-fechaingreso').getAttribute('title')).toBe(
      MSG.socioSourceFechaIngreso,
    );
    expect(await page.getByTestId('socio-source-fv_seg_social').getAttribute('title')).toBe(
      MSG.socioSourceVencimientos,
    );
    await containsText(page.getByTestId('socio-sources'), MSG.socioSourceFechaInicio);
    await page.getByTestId('socio-sources').scrollIntoViewIfNeeded();
    await screenshot(page, 'socio-report-sources');

    // The workbook carries the same dates, as real dates.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('socio-excel').click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    let row: ExcelJS.Row | undefined;
    ws.eachRow((r) => {
      if (r.getCell(1).text === worker.numerodocumento) row = r;
    });
    const xcell = (key: string) => {
      const v = row!.getCell(SOCIODEMOGRAFICO_COLUMNS.findIndex((c) => c.key === key) + 1).value;
      return v instanceof Date ? v.toISOString().slice(0, 10) : v;
    };
    expect(xcell('fechaingreso')).toBe(hoy);
    expect(xcell('fv_seg_social')).toBe(vigencias.P04);
    expect(xcell('fv_examenes_medicos')).toBe(vigencias.P09);
    expect(errors).toEqual([]);
    await context.close();
  });
});
