import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MODULOS, MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import { validPdf } from '../support/ui';
import {
  ADMIN,
  containsText,
  DESKTOP,
  hasCount,
  hasText,
  hidden,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * What each staff role sees, and what the list exports carry (docs/decisions/099): a requirement
 * without module says the field is required (form and server); the reviewer gets no write controls
 * and a contractor page tells staff it is for contractors; CSV / Excel / PDF exports never carry
 * action columns, show module names instead of codes, and dates as dd/mm/aaaa, CSV included
 * (decision 168).
 */
const h = useHarness();

const ADMIN_API = { ...ADMIN, path: '/api/login/authenticatead' };
const ACTION_WORDS = ['Editar', 'Copiar', 'Eliminar'];
const MODULE_CODES = MODULOS.map((m) => m.codigo);

async function staffSignedIn(
  who: { username: string; password: string },
  viewport: { width: number; height: number } = DESKTOP,
) {
  const t = await openPage(h.browser, { viewport });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, { ...who, staff: true });
  await t.page.waitForURL(/#\/home$/);
  return t;
}

/** Company A has two contracts: the contract modal asks for one after sign-in; take the first. */
async function chooseFirstContract(page: Page) {
  const modal = page.getByTestId('contract-modal');
  await visible(modal.or(page.getByTestId('current-contract-name')));
  if (!(await modal.isVisible())) return;
  await page.getByTestId('contract-choice').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  await page.getByTestId('contract-select').click();
  await modal.waitFor({ state: 'hidden' });
}

/** Clicks an export button and returns the saved file. */
async function download(page: Page, testId: string): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { file, bytes: await readFile((await file.path())!) };
}

async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** CSV of PrimeReact's exportCSV: quoted cells, comma separated, one line per row. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));
}

/** The strings drawn on the PDF's pages (jsPDF writes uncompressed '(text) Tj' operators, WinAnsi). */
function pdfStrings(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  return [...raw.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)]
    .map((m) => m[1].replace(/\\([()\\])/g, '$1'))
    .join('\n');
}

describe('roles and exports', () => {
  it('a requirement without module says the field is required, in the form and from the server', async () => {
    const { page, context, errors } = await staffSignedIn(ADMIN);
    await page.goto(`${h.server.url}/#/list-dinamico/requisitos`);
    await page.getByRole('button', { name: MSG.requisitosNew }).click();
    await page.waitForURL(/#\/admin\/requisitos\/0$/);
    await page.getByTestId('req-codigo').fill('E99');
    await page.getByTestId('req-nombre').fill('Documento sin módulo');
    await page.getByTestId('req-save').click();
    const error = page.getByTestId('req-modulo-error');
    await hasText(error, 'El campo Módulo es obligatorio.');
    expect(await error.innerText()).not.toContain('no válido');
    // The first field to fix is brought into view with the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('req-modulo');
    expect(await error.isVisible()).toBe(true);
    await expect.poll(() => error.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(0);
    await screenshot(page, 'roles-requisito-sin-modulo');

    // The server answers the same for a body without module (another client, or a form bypassed).
    const res = await h.server.app.inject({
      method: 'POST',
      url: '/api/admin/requisitos',
      headers: await authHeaders(h.server.app, ADMIN_API),
      payload: { codigo: 'E99', nombreCorto: 'Documento sin módulo', extensiones: 'pdf' },
    });
    expect(res.statusCode).toBe(400);
    // (The error handler names the field before a schema message: 'modulo: ...', decision 004.)
    expect(res.json().message).toContain('El campo Módulo es obligatorio.');
    expect(res.json().message).not.toContain('no válido');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the catalogue without action columns and with module names (CSV, Excel, PDF)', async () => {
    const { page, context, errors } = await staffSignedIn(ADMIN);
    await page.goto(`${h.server.url}/#/list-dinamico/requisitos?size=50`);
    const table = page.getByTestId('list-table');
    await visible(table.locator('tbody tr').first());
    // On screen the administrator has the actions...
    await visible(table.locator('tbody tr').first().getByRole('link', { name: 'Editar' }));

    // ...but no export carries them. CSV: the header and every cell.
    const csv = await download(page, 'export-csv');
    expect(csv.file.suggestedFilename()).toBe('datostabla.csv');
    const csvTable = csvRows(csv.bytes.toString('utf8'));
    expect(csvTable[0]).toContain('Módulo');
    for (const w of ACTION_WORDS) expect(csvTable[0]).not.toContain(w);
    const csvModules = new Set(csvTable.slice(1).map((r) => r[csvTable[0].indexOf('Módulo')]));
    expect([...csvModules].sort()).toEqual(MODULOS.map((m) => m.nombre).sort());
    for (const row of csvTable.slice(1))
      for (const cell of row) {
        expect(ACTION_WORDS).not.toContain(cell);
        expect(MODULE_CODES).not.toContain(cell);
      }

    // Excel: the same columns as the CSV, module names, no action words.
    const xlsx = await download(page, 'export-excel');
    const sheet = await sheetRows(xlsx.bytes);
    expect(sheet[0]).toEqual(csvTable[0]);
    expect(sheet.length).toBe(csvTable.length);
    for (const row of sheet.slice(1))
      for (const cell of row) {
        expect(ACTION_WORDS).not.toContain(cell);
        expect(MODULE_CODES).not.toContain(cell);
      }
    expect(new Set(sheet.slice(1).map((r) => r[0]))).toEqual(csvModules);

    // PDF: the text drawn holds the headers and names, never an action word or a module code.
    const pdf = await download(page, 'export-pdf');
    expect(pdf.file.suggestedFilename()).toBe('datostabla.pdf');
    const text = pdfStrings(pdf.bytes);
    expect(text).toContain('M\u00f3dulo');
    expect(text).toContain('SG-SST');
    for (const w of ACTION_WORDS) expect(text.split('\n')).not.toContain(w);
    for (const code of ['g-retenido', 'g-riesgo', 'sg-personal', 'sg-sst'])
      expect(text.split('\n')).not.toContain(code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exports dates as dd/mm/aaaa in Excel, PDF and CSV (a contractor's history list)", async () => {
    const headers = await authHeaders(h.server.app, CONTRACTOR_A);
    const [item] = await query<{ id: number }>(
      h.server.app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND activo ORDER BY orden, id LIMIT 1`,
    );
    const name = 'certificado-camara.pdf';
    const put = await h.server.app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${item.id}`,
      headers,
      payload: {
        adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const t = await openPage(h.browser, { viewport: DESKTOP });
    await openLogin(t.page, h.server.url);
    await signIn(t.page, { username: CONTRACTOR_A.username, password: CONTRACTOR_A.password });
    await t.page.waitForURL(/#\/home$/);
    await chooseFirstContract(t.page);
    await t.page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst`);
    const table = t.page.getByTestId('list-table');
    await visible(table.locator('tbody tr', { hasText: name }));
    // The screen reads the day as people do.
    await containsText(table.locator('tbody tr', { hasText: name }), '/');
    const day = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

    const xlsx = await sheetRows((await download(t.page, 'export-excel')).bytes);
    const fecha = xlsx[0].indexOf('Fecha de carga');
    expect(fecha).toBeGreaterThanOrEqual(0);
    const xlsxRow = xlsx.find((r) => r.includes(name))!;
    expect(xlsxRow[fecha]).toMatch(day);

    const csv = csvRows((await download(t.page, 'export-csv')).bytes.toString('utf8'));
    const csvRow = csv.find((r) => r.includes(name))!;
    // A Colombian Excel opens it as people read it (decision 168): the same text as the sheet's.
    expect(csvRow[csv[0].indexOf('Fecha de carga')]).toMatch(day);
    expect(csvRow[csv[0].indexOf('Fecha de carga')]).toBe(xlsxRow[fecha]);
    expect(csv.flat().join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const pdf = pdfStrings((await download(t.page, 'export-pdf')).bytes);
    expect(pdf).toContain(xlsxRow[fecha].slice(0, 10));
    expect(pdf).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(t.errors).toEqual([]);
    await t.context.close();
  });

  it('the reviewer sees only what it can do: Ver instead of Nuevo / Editar / Copiar / Eliminar', async () => {
    const { page, context, errors } = await staffSignedIn(REVIEWER);
    for (const [tabla, nuevo, formTitle] of [
      ['requisitos', MSG.requisitosNew, MSG.requisitoFormView],
      ['empresas', MSG.empresasNew, MSG.empresaFormView],
    ] as const) {
      await page.goto(`${h.server.url}/#/list-dinamico/${tabla}`);
      const table = page.getByTestId('list-table');
      const first = table.locator('tbody tr').first();
      await visible(first.getByRole('link', { name: MSG.viewAction }));
      await hasCount(page.getByRole('button', { name: nuevo }), 0);
      for (const w of ACTION_WORDS) await hasCount(table.getByRole('link', { name: w }), 0);
      expect(await table.locator('thead th').allInnerTexts()).not.toContain('Editar');
      if (tabla === 'requisitos') await screenshot(page, 'roles-reviewer-requisitos');
      // The context menu offers Ver too, never a write.
      await first.click({ button: 'right' });
      const menu = page.locator('.p-contextmenu');
      await visible(menu);
      await visible(menu.getByText(MSG.viewAction, { exact: true }));
      for (const w of ACTION_WORDS) await hasCount(menu.getByText(w, { exact: true }), 0);
      await page.keyboard.press('Escape');
      await hidden(menu);
      // Ver opens the read-only form: its title says so and nothing can be saved.
      await first.getByRole('link', { name: MSG.viewAction }).click();
      await hasText(page.getByRole('heading', { level: 1 }), formTitle);
      await containsText(page.locator('.notice'), MSG.adminReadOnly);
      await hasCount(page.getByRole('button', { name: MSG.saveButton }), 0);
    }
    // A 'new' address typed by hand shows no empty form to fill.
    await page.goto(`${h.server.url}/#/admin/requisitos/0`);
    await containsText(page.locator('.notice'), MSG.adminReadOnly);
    await hasCount(page.getByTestId('requisito-form'), 0);
    // The compliance view of a company offers to see it, not to edit it.
    await page.goto(`${h.server.url}/#/admin/empresas/1/contratos`);
    await visible(page.getByRole('link', { name: MSG.empresaViewLink }));
    await hasCount(page.getByRole('link', { name: MSG.empresaFormEdit }), 0);
    expect(errors).toEqual([]);
    await context.close();

    // The administrator keeps every action.
    const adm = await staffSignedIn(ADMIN);
    await adm.page.goto(`${h.server.url}/#/list-dinamico/requisitos`);
    await visible(adm.page.getByRole('button', { name: MSG.requisitosNew }));
    const row = adm.page.getByTestId('list-table').locator('tbody tr').first();
    for (const w of ACTION_WORDS) await visible(row.getByRole('link', { name: w }));
    await adm.context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`a contractor page opened by staff says it is for contractors (${viewport.width} px)`, async () => {
      const { page, context, errors } = await staffSignedIn(REVIEWER, viewport);
      for (const route of [
        'sg-sst',
        'ingreso-personal',
        'gestion-riesgo',
        'retenido',
        'reportesociodemografico',
      ]) {
        await page.goto(`${h.server.url}/#/${route}`);
        await hasText(page.getByRole('heading', { level: 1 }), MSG.contractorOnlyTitle);
        await containsText(page.getByTestId('contractor-only'), 'Revisión de Documentos');
        await hasCount(page.locator('.p-toast-message', { hasText: 'Lo siento hubo un error' }), 0);
        await hasCount(page.locator('.swal2-popup'), 0);
      }
      await screenshot(page, `roles-contractor-only-${viewport.width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // The way back: to the review queue.
      await page.getByTestId('contractor-only-review').click();
      await page.waitForURL(/#\/revision/);
      // No request was refused on the way (the pages never asked the contractor endpoints).
      expect(errors.filter((e) => /403|Forbidden/i.test(e))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
