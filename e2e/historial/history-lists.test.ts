import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { jsPDF } from 'jspdf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../server/src/db/seed';
import { contractStorage } from '../support/ui';
import {
  CONTRACTOR,
  containsText,
  hasCount,
  hasText,
  hidden,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  sessionPage,
  signIn,
  storedToken,
  useHarness,
  visible,
} from '../support';

const h = useHarness();

/** A one-page PDF with text (the server checks the magic bytes; the viewer shows the page). */
const pdfDoc = new jsPDF();
pdfDoc.text('Politica de Seguridad y Salud en el Trabajo 2026', 20, 30);
const PDF = Buffer.from(pdfDoc.output('arraybuffer'));
const PDF_NAME = 'Politica SST 2026.pdf';
const COMMENT = 'No aplica: la empresa tiene menos de 10 trabajadores #/home';

type SgSstRow = { id: number; nombreCorto: string; extensiones: string };

/**
 * Company A signed in through the API (sessionPage) with a contract chosen: no test here is about
 * signing in or the contract modal, which have their own files.
 */
async function signedIn(viewport?: { width: number; height: number }) {
  const storage = await contractStorage(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const t = await sessionPage(h, CONTRACTOR, { viewport, storage });
  await t.page.waitForURL(/#\/home/);
  const token = await storedToken(t.page);
  if (!token) throw new Error('no token after sign-in');
  return { ...t, token };
}

const visibleHeaders = (page: Page) =>
  page.getByTestId('list-table').locator('thead tr').first().locator('th').allInnerTexts();

describe('history tree, file viewer and the data-driven list', () => {
  let pdfItem: SgSstRow;
  let commentItem: SgSstRow;
  let entregaId = 0;

  it('opens the history of an uploaded SG-SST document and the file in a new tab', async () => {
    const { page, context, errors, token } = await signedIn();
    const headers = { authorization: `Bearer ${token}` };
    const list = await h.server.app.inject({
      method: 'GET',
      url: '/api/contratista/adjuntos/sg-sst',
      headers,
    });
    const rows = list.json() as SgSstRow[];
    const pdfRows = rows.filter((r) => r.extensiones.split(',').includes('pdf'));
    expect(pdfRows.length).toBeGreaterThanOrEqual(12);
    pdfItem = pdfRows[0]!;
    const uploaded = new Set(pdfRows.slice(0, 12).map((r) => r.id));
    commentItem = rows.find((r) => !uploaded.has(r.id))!;
    const put = await h.server.app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${pdfItem.id}`,
      headers,
      payload: { adjunto: { adjunto: PDF.toString('base64'), nombreArchivo: PDF_NAME, extension: 'pdf' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const comment = await h.server.app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${commentItem.id}`,
      headers,
      payload: { detalle: COMMENT },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    // Eleven more uploads so the list has two pages.
    for (const r of pdfRows.slice(1, 12)) {
      const res = await h.server.app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-sst/${r.id}`,
        headers,
        payload: {
          adjunto: { adjunto: PDF.toString('base64'), nombreArchivo: `doc-${r.id}.pdf`, extension: 'pdf' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    await page.goto(`${h.server.url}/#/historial?model=sg-sst`);
    await hasText(page.getByTestId('history-title'), 'Historial SG-SST');
    const folder = page.locator('.hist-folder').filter({ hasText: pdfItem.nombreCorto });
    await visible(folder);
    await containsText(folder, 'Cargado pendiente por aprobar');
    await folder.click();
    const leaf = page.getByTestId('history-leaf').filter({ hasText: PDF_NAME });
    await visible(leaf);
    await containsText(leaf, 'Cargado pendiente por aprobar');
    await screenshot(page, 'history-desktop');

    // The file itself, through its download ticket (decision 166), not the ticket's request.
    const fileResponse = context.waitForEvent(
      'response',
      (r) => r.url().includes('/api/adminflujos/adjunto/') && r.url().includes('ticket='),
    );
    const [popup] = await Promise.all([context.waitForEvent('page'), leaf.click()]);
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // The tab opens blank within the click and goes to the file once its ticket arrives.
    await popup.waitForURL(/ticket=/);
    const popupUrl = new URL(popup.url());
    expect(popupUrl.pathname).toMatch(/\/api\/adminflujos\/adjunto\/\d+$/);
    expect(popupUrl.searchParams.get('ticket')).toBeTruthy();
    expect(popupUrl.searchParams.get('token')).toBeNull();
    entregaId = Number(popupUrl.pathname.split('/').pop());
    await popup.close();

    // A comment-only submission opens the 'Comentario' modal.
    await page.getByRole('button', { name: 'Expandir todo' }).click();
    const commentLeaf = page
      .locator('.p-treenode')
      .filter({ has: page.locator('.hist-folder', { hasText: commentItem.nombreCorto }) })
      .getByTestId('history-leaf');
    await commentLeaf.click();
    const dialog = page.getByRole('dialog', { name: 'Comentario' });
    await visible(dialog);
    await hasText(dialog.getByTestId('comment-text'), COMMENT);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByTestId('comment-close').click();
    await hidden(dialog);

    // The tree's search finds a document by name.
    await page.getByRole('button', { name: 'Contraer todo' }).click();
    await page.locator('.history-tree .p-tree-filter').fill('Politica SST');
    await visible(page.getByTestId('history-leaf').filter({ hasText: PDF_NAME }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists histdocs with paging, sorting, search, column choice kept over a reload, and valid CSV, Excel and PDF exports', async () => {
    const { page, context, errors } = await signedIn();
    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst`);
    await hasText(page.getByTestId('list-title'), 'Historial de documentos SG-SST');
    const table = page.getByTestId('list-table');
    const body = table.locator('tbody');
    await hasCount(body.locator('tr'), 10);
    await containsText(page.locator('.p-paginator-current'), 'Monstrando 1 a 10 de 13 registros');
    expect(await visibleHeaders(page)).not.toContain('evento');

    // Server-side paging: page 2 holds the last 3 rows and the address says so.
    await page.locator('.p-paginator-next').click();
    await containsText(page.locator('.p-paginator-current'), 'Monstrando 11 a 13 de 13 registros');
    await hasCount(body.locator('tr'), 3);
    expect(page.url()).toContain('page=2');
    await page.locator('.p-paginator-first').click();
    await containsText(page.locator('.p-paginator-current'), 'Monstrando 1 a 10 de 13 registros');

    // Search goes to the server (q) and finds the PDF; the '#' of a comment never becomes a link.
    await page.getByTestId('list-search').fill('Politica');
    await containsText(page.locator('.p-paginator-current'), 'de 1 registros');
    await hasCount(body.locator('tr'), 1);
    expect(page.url()).toContain('q=Politica');
    await page.getByTestId('list-search').fill('');
    await containsText(page.locator('.p-paginator-current'), 'de 13 registros');
    await page.getByTestId('list-search').fill('menos de 10');
    await hasCount(body.locator('tr'), 1);
    await hasCount(body.locator('a'), 0);
    await page.getByTestId('list-search').fill('');
    await containsText(page.locator('.p-paginator-current'), 'de 13 registros');

    // Sorting by Requisito (server side): ascending, then descending on a second click.
    const requisito = table.locator('thead th', { hasText: 'Requisito' });
    const listAnswer = (part: string) =>
      page.waitForResponse((r) => r.url().includes('/Listadinamico/histdocs') && r.url().includes(part));
    await Promise.all([listAnswer('order=asc'), requisito.click()]);
    await hidden(table.locator('.p-datatable-loading-overlay'));
    expect(page.url()).toContain('sort=requisito');
    const firstAsc = await body.locator('tr').first().locator('td').first().innerText();
    await Promise.all([listAnswer('order=desc'), requisito.click()]);
    await hidden(table.locator('.p-datatable-loading-overlay'));
    await expect.poll(() => body.locator('tr').first().locator('td').first().innerText()).not.toBe(firstAsc);

    // Column chooser: hide 'Comentario' and 'Revisado'; the choice survives a reload.
    expect(await visibleHeaders(page)).toContain('Comentario');
    await page.getByTestId('column-chooser').click();
    const panel = page.locator('.list-columns-panel');
    await panel.locator('.p-multiselect-item', { hasText: 'Comentario' }).click();
    await panel.locator('.p-multiselect-item', { hasText: 'Revisado' }).click();
    await page.keyboard.press('Escape');
    await hidden(panel);
    await containsText(page.getByTestId('column-chooser'), 'Seleccionadas');
    expect(await visibleHeaders(page)).not.toContain('Comentario');
    expect(await page.evaluate(() => sessionStorage.getItem('Selected-histdocs'))).not.toContain(
      'comentario',
    );
    await page.reload();
    await hasText(page.getByTestId('list-title'), 'Historial de documentos SG-SST');
    await hasCount(body.locator('tr'), 10);
    const headersAfterReload = await visibleHeaders(page);
    expect(headersAfterReload).not.toContain('Comentario');
    expect(headersAfterReload).not.toContain('Revisado');
    expect(headersAfterReload).toContain('Archivo');
    await screenshot(page, 'list-desktop');

    // CSV with the table's own function: every row of the list (both pages), the chosen columns.
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe('datostabla.csv');
    const csv = (await readFile((await csvDownload.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const csvLines = csv.split('\n');
    expect(csvLines[0]).toContain('"Requisito"');
    expect(csvLines[0]).toContain('"Archivo"');
    expect(csvLines[0]).not.toContain('Comentario');
    expect(csvLines).toHaveLength(1 + 13);
    expect(csv).toContain(`"${PDF_NAME}"`);

    // Excel: datostabla_export_{timestamp}.xlsx, opened with exceljs.
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/^datostabla_export_\d{13}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await xlsxDownload.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const xlsxHeader = (ws.getRow(1).values as unknown[]).slice(1);
    expect(xlsxHeader).toEqual(headersAfterReload.map((t) => t.trim()));
    expect(ws.actualRowCount).toBe(1 + 13);
    const archivoCol = xlsxHeader.indexOf('Archivo') + 1;
    const names = Array.from({ length: 13 }, (_, i) => ws.getRow(i + 2).getCell(archivoCol).text);
    expect(names).toContain(PDF_NAME);

    // PDF: datostabla.pdf.
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-pdf').click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe('datostabla.pdf');
    const pdf = await readFile((await pdfDownload.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Estado' next to the document's name, on screen at 1366 px, and dates as dd/mm/aaaa HH:MM", async () => {
    const { page, context, errors } = await signedIn({ width: 1366, height: 900 });
    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst`);
    const table = page.getByTestId('list-table');
    await hasCount(table.locator('tbody tr'), 10);
    const headers = await visibleHeaders(page);
    const requisito = headers.findIndex((t) => t.trim() === 'Requisito');
    expect(requisito).toBeGreaterThanOrEqual(0);
    expect(headers[requisito + 1]?.trim()).toBe('Estado');
    const estado = table
      .locator('thead th')
      .filter({ hasText: /^\s*Estado\s*$/ })
      .first();
    const box = await estado.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    // The list takes the page's width (not the 1200 px column of text pages). Its later columns
    // ('Fecha de carga' among them) still scroll inside the table at 1366 px.
    const tableBox = await table.boundingBox();
    expect(tableBox!.width).toBeGreaterThan(1366 - 100);
    // Dates read as people read them everywhere (decision 092): 'dd/mm/aaaa HH:MM', never ISO.
    const fecha = headers.findIndex((t) => t.trim() === 'Fecha de carga');
    expect(fecha).toBeGreaterThan(requisito);
    const cell = await table.locator('tbody tr').first().locator('td').nth(fecha).innerText();
    expect(cell.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await screenshot(page, 'desktop-histdocs-estado-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens files from link cells, the context menu and detalle-archivo (embedded after 3 s, or a new tab with ext)', async () => {
    const { page, context, errors } = await signedIn();
    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst&q=Politica`);
    const link = page.getByTestId('list-table').locator('tbody a.list-link', { hasText: PDF_NAME });
    await visible(link);
    // The viewer has the whole file (its drawing of it is not observable from the page).
    const fileLoaded = page.waitForResponse((r) =>
      r.url().includes(`/api/adminflujos/adjunto/${entregaId}?ticket=`),
    );
    await link.click();
    await page.waitForURL(/#\/detalle-archivo\?/);
    await hasText(page.getByRole('heading', { level: 1 }), PDF_NAME);
    await visible(page.getByTestId('file-waiting'));
    const object = page.getByTestId('file-object');
    await visible(object);
    await (await fileLoaded).finished();
    const data = new URL((await object.getAttribute('data'))!);
    expect(data.pathname).toBe(`/api/adminflujos/adjunto/${entregaId}`);
    expect(data.searchParams.get('ticket')).toBeTruthy();
    expect(data.searchParams.get('token')).toBeNull();
    await screenshot(page, 'file-viewer-desktop');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.waitForURL(/#\/list-dinamico\/histdocs/);

    // Right-click: the context menu's link gets the row's evento.
    const row = page.getByTestId('list-table').locator('tbody tr').first();
    await visible(row);
    await row.click({ button: 'right' });
    await page.locator('.p-contextmenu').getByText('Abrir archivo').click();
    await page.waitForURL(new RegExp(`#/detalle-archivo\\?nombre=archivo&url=.*adjunto%2F${entregaId}$`));
    await visible(page.getByTestId('file-frame'));

    // With ext the file opens in a new tab.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.goto(
        `${h.server.url}/#/detalle-archivo?nombre=${encodeURIComponent(PDF_NAME)}&url=${encodeURIComponent(`/api/adminflujos/adjunto/${entregaId}`)}&ext=pdf`,
      ),
    ]);
    await popup.waitForURL(/ticket=/);
    await visible(page.getByTestId('file-new-tab'));
    await popup.close();

    // 'ver historial en árbol' (extra button) goes to the tree of the same module.
    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst`);
    await page.getByRole('button', { name: 'Ver historial en árbol' }).click();
    await page.waitForURL(/#\/historial\?model=sg-sst/);
    await hasText(page.getByTestId('history-title'), 'Historial SG-SST');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the network message and the error body when the list cannot be loaded', async () => {
    const { page, context } = await signedIn();
    await page.goto(`${h.server.url}/#/list-dinamico/no-existe`);
    const toast = page.locator('.p-toast-message-error');
    await visible(toast);
    await containsText(toast, 'Valide su conexión a la red o la conexión VPN');
    await containsText(toast, 'La tabla solicitada no existe.');
    await visible(page.getByTestId('list-error'));
    await hidden(page.getByTestId('list-loading'));
    // A bad parameter (400): the body is shown, without the network message.
    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst&sort=nope`);
    await visible(
      page.locator('.p-toast-message-error', { hasText: "No se puede ordenar por la columna 'nope'" }),
    );
    await context.close();
  });

  it('shows link-cell actions as named icon buttons (staff table requisitos)', async () => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    // The administrator: a reviewer gets no write actions (docs/decisions/099, e2e/roles-and-exports).
    await signIn(page, { username: DEMO.admin.username, password: DEMO.adminPassword, staff: true });
    await page.waitForURL(/#\/(?!login)/);
    await page.goto(`${h.server.url}/#/list-dinamico/requisitos`);
    const table = page.getByTestId('list-table');
    await hasCount(table.locator('tbody tr'), 10);
    const row = table.locator('tbody tr').first();
    for (const name of ['Editar', 'Copiar', 'Eliminar']) {
      const button = row.getByRole('link', { name });
      await visible(button);
      expect(await button.getAttribute('href')).toMatch(/^#\/admin\/requisitos\//);
      await visible(button.locator('i.pi'));
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is usable on a 360 px phone: tree, list and viewer', async () => {
    const { page, context, errors } = await signedIn(PHONE);
    await page.goto(`${h.server.url}/#/historial?model=sg-sst`);
    await page.locator('.hist-folder').filter({ hasText: pdfItem.nombreCorto }).click();
    await visible(page.getByTestId('history-leaf').filter({ hasText: PDF_NAME }));
    await screenshot(page, 'history-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto(`${h.server.url}/#/list-dinamico/histdocs?path=sg-sst`);
    await hasCount(page.getByTestId('list-table').locator('tbody tr'), 10);
    await page.getByTestId('filters-toggle').click();
    await page.getByRole('textbox', { name: 'Filtrar por Archivo' }).fill('Politica');
    await hasCount(page.getByTestId('list-table').locator('tbody tr'), 1);
    expect(page.url()).toContain('f_archivo=Politica');
    await screenshot(page, 'list-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(
      `${h.server.url}/#/detalle-archivo?nombre=${encodeURIComponent(PDF_NAME)}&url=${encodeURIComponent(`/api/adminflujos/adjunto/${entregaId}`)}`,
    );
    await visible(page.getByTestId('file-object'));
    await screenshot(page, 'file-viewer-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
