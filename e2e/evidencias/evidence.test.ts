import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  alertText,
  closeAlert,
  containsText,
  CONTRACTOR,
  CONTRACTOR_B,
  DESKTOP,
  hasCount,
  hasText,
  hidden,
  PHONE,
  screenshot,
  seriousA11yViolations,
  useHarness,
  visible,
  signedInPage,
  fechasParaEntrega,
  openFileLink,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles, validPdf } from '../support/ui';

const h = useHarness();

const files = tempFiles({
  'Certificación RUT.pdf': validPdf('rut'),
  'rut-actualizado.pdf': validPdf('rut 2'),
  'anexo-soporte.pdf': validPdf('anexo'),
  'anexo-firmas.pdf': validPdf('firmas'),
  'falso.pdf': Buffer.from('<html><body>no soy un pdf</body></html>'),
  'programa.exe': Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 0)]),
});

const signedIn = (viewport: { width: number; height: number } = DESKTOP) =>
  signedInPage(h, CONTRACTOR, { viewport });

/** A fresh page load at a route (the home's contract modal, open after sign-in, stays behind). */
async function gotoFresh(page: Page, route: string) {
  await page.goto(`${h.server.url}/#/${route}`);
  await page.reload();
}

const headers = (table: Locator) => table.locator('thead th').allTextContents();

const closeDialog = async (page: Page) => {
  await page.locator('.evidence-dialog .p-dialog-header-close').click();
  await hidden(page.locator('.evidence-dialog'));
};

describe('evidence pages (SG-SST, risk management, withholdings) in Chromium', () => {
  it('SG-SST: refuses an .exe, uploads a PDF, replaces it from the view modal, adds an annex', async () => {
    const { page, context, errors } = await signedIn();
    await gotoFresh(page, 'sg-sst');
    // Uploads need a chosen project, as on every evidence page (docs/decisions/094).
    await chooseContract(page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
    const table = page.getByTestId('evidence-table');
    await visible(table);
    // The contract's columns, '(*)' on mandatory items, and the history link.
    expect(await headers(table)).toEqual([
      '#',
      'Nombre',
      'Extensiones',
      'Acción',
      'Estado',
      'Último Archivo',
    ]);
    const row = table.locator('[data-testid="evidence-row"][data-codigo="E01"]');
    await containsText(row, 'RUT (*)');
    await hasText(row.getByTestId('estado'), 'Pendiente por cargar');
    const optional = table.locator('[data-testid="evidence-row"][data-codigo="E14"]');
    expect(await optional.locator('.mandatory').count()).toBe(0);
    expect(await page.getByTestId('history-link').getAttribute('href')).toBe(
      '#/list-dinamico/histdocs?path=sg-sst',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'evidence-01-sg-sst-desktop', true);

    // -2: the secondary button opens 'Archivo Principal'; an .exe is refused with the exact message.
    await row.getByTestId('status-button').click();
    const upload = page.getByTestId('upload-modal');
    await visible(upload);
    await containsText(upload, 'El archivo no debe pesar más de 5mb.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const input = page.getByTestId('upload-file-input');
    await input.setInputFiles(files['programa.exe']);
    expect(await alertText(page)).toBe('Extenciones validas ( pdf ) para el archivo : programa.exe');
    await screenshot(page, 'evidence-02-refused-exe');
    await closeAlert(page);
    expect(await input.inputValue()).toBe('');

    // An HTML page renamed .pdf passes the client checks; the server refuses it: per-file error + detail.
    await input.setInputFiles(files['falso.pdf']);
    const results = page.getByTestId('upload-results');
    await containsText(results, 'Archivo subido con error :falso.pdf');
    await results.getByRole('button', { name: 'Ver detalle' }).click();
    expect(await alertText(page)).toBe('El contenido del archivo : falso.pdf no corresponde a su extensión');
    await closeAlert(page);
    await hasText(row.getByTestId('estado'), 'Pendiente por cargar');

    // A PDF: accents stripped, per-file success, then 'Cargado pendiente por aprobar'.
    await input.setInputFiles(files['Certificación RUT.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: Certificacion RUT.pdf');
    await screenshot(page, 'evidence-03-uploaded');
    await closeDialog(page);
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    await hasText(row.getByTestId('last-file'), 'Certificacion RUT.pdf');

    // 0: the primary 'view' button opens the view modal; its link opens the file in a new tab with a
    // download ticket, never the session token (docs/decisions/166).
    await hasText(row.getByTestId('status-button'), 'Ver');
    await row.getByTestId('status-button').click();
    const view = page.getByTestId('view-modal');
    await visible(view);
    await containsText(view, 'Un nuevo archivo o comentario reemplaza el del mes actual.');
    const link = view.getByTestId('current-file-link');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/api\/adminflujos\/adjunto\/\d+$/);
    // The plain address opens nothing without the bearer header.
    expect((await page.request.get(href)).status()).toBe(401);
    const file = await openFileLink(page, link);
    expect(file.url()).toMatch(/\/api\/adminflujos\/adjunto\/\d+\?ticket=/);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect((await file.body()).equals(validPdf('rut'))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'evidence-04-view-modal');

    // Replace from the view modal.
    await view.getByTestId('view-replace').click();
    await visible(page.getByTestId('upload-modal'));
    await page.getByTestId('upload-file-input').setInputFiles(files['rut-actualizado.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: rut-actualizado.pdf');
    await closeDialog(page);
    await hasText(row.getByTestId('last-file'), 'rut-actualizado.pdf');

    // 'Carga de Anexos' on the current submission.
    await row.getByTestId('annex-button').click();
    const annex = page.getByTestId('annex-modal');
    await visible(annex);
    // Several files at once: each saved, each with its own result line.
    await annex
      .getByTestId('annex-file-input')
      .setInputFiles([files['anexo-soporte.pdf'], files['anexo-firmas.pdf']]);
    await containsText(annex.getByTestId('upload-results'), 'Archivo subido con exito: anexo-soporte.pdf');
    await containsText(annex.getByTestId('upload-results'), 'Archivo subido con exito: anexo-firmas.pdf');
    await containsText(annex.getByTestId('annex-list'), 'anexo-soporte.pdf');
    await containsText(annex.getByTestId('annex-list'), 'anexo-firmas.pdf');
    await screenshot(page, 'evidence-05-annex');
    await closeDialog(page);
    await hasText(row.getByTestId('annex-button'), '2');

    // The server kept both submissions (history) and the annex on the current one.
    const rows = await query<{ n: number; anexos: number }>(
      h.server.app.db,
      sql`SELECT count(*)::int AS n,
                 (SELECT count(*)::int FROM anexos x WHERE x.entrega_id = max(en.id)) AS anexos
            FROM entregas en JOIN requisitos r ON r.id = en.requisito_id
            JOIN empresas e ON e.id = en.empresa_id
           WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = 'E01'`,
    );
    expect(rows[0]).toEqual({ n: 2, anexos: 2 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('statuses after real reviews: rejected (red, reason as hint and icon) and approved (green)', async () => {
    const app = h.server.app;
    const [company, staff] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER_LOGIN)];
    const rows = (
      await app.inject({ url: '/api/contratista/adjuntos/sg-sst', headers: company })
    ).json() as Array<{
      id: number;
      codigo: string;
    }>;
    const idOf = (codigo: string) => rows.find((r) => r.codigo === codigo)!.id;
    const upload = async (codigo: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/contratista/adjuntos/sg-sst/${idOf(codigo)}`,
        headers: company,
        payload: {
          adjunto: {
            adjunto: validPdf(codigo).toString('base64'),
            nombreArchivo: `${codigo}.pdf`,
            extension: 'pdf',
          },
        },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { idEntrega: number }).idEntrega;
    };
    const [rejected, approved] = [await upload('E02'), await upload('E04')];
    const reason = 'El certificado tiene más de 30 días de expedido';
    const decide = (id: number, action: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/revision/entregas/${id}/${action}`, headers: staff, payload });
    expect((await decide(rejected, 'rechazar', { observacion: reason })).statusCode).toBe(200);
    // The reviewer confirms the issue date the ARL certificate's validity rule reads (decision 113).
    const approval = await decide(approved, 'aprobar', await fechasParaEntrega(app, approved));
    expect(approval.statusCode, approval.body).toBe(200);

    const { page, context, errors } = await signedIn();
    await gotoFresh(page, 'sg-sst');
    const e02 = page.locator('[data-testid="evidence-row"][data-codigo="E02"]');
    const e04 = page.locator('[data-testid="evidence-row"][data-codigo="E04"]');
    await hasText(e02.getByTestId('estado'), 'Rechazado');
    expect(await e02.getByTestId('status-button').getAttribute('class')).toContain('status-btn--rechazado');
    expect(await e02.getByTestId('reason-icon').getAttribute('aria-label')).toContain(reason);
    await e02.getByTestId('status-button').hover();
    await containsText(page.locator('.p-tooltip'), reason);
    await screenshot(page, 'evidence-11-rejected-hint');
    await hasText(e04.getByTestId('estado'), 'Aprobado');
    expect(await e04.getByTestId('status-button').getAttribute('class')).toContain('status-btn--aprobado');
    // Rejected and approved items open the upload dialog (a new version), not the view modal.
    await e02.getByTestId('status-button').click();
    await visible(page.getByTestId('upload-modal'));
    await closeDialog(page);
    await e04.getByTestId('status-button').click();
    await visible(page.getByTestId('upload-modal'));
    await closeDialog(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('risk management: banner, one row per document with its periods, a comment on a period', async () => {
    const { page, context, errors } = await signedIn();
    await gotoFresh(page, 'gestion-riesgo');
    await hasText(page.getByTestId('contract-banner'), 'Porfavor seleccione Proyecto antes de continuar...');
    await hasCount(page.getByTestId('evidence-table'), 0);

    // The banner's button opens the shell's contract modal; choosing goes home.
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await page.getByTestId('banner-contract').click();
    await page.getByTestId('contract-choice').click();
    await page.locator('.p-dropdown-panel [role="option"]', { hasText: c.actividad }).click();
    await page.getByTestId('contract-select').click();
    await page.waitForURL(/#\/home$/);
    await gotoFresh(page, 'gestion-riesgo');
    await hasText(
      page.getByTestId('contract-banner'),
      [c.proyecto, c.tipo, c.actividad].map((s) => s.toLocaleUpperCase('es')).join(' - '),
    );
    await containsText(page.locator('.page-intro'), 'gestión del riesgo');
    const table = page.getByTestId('evidence-table');
    await visible(table);
    expect(await headers(table)).toEqual([
      '#',
      'Nombre',
      'Extensiones',
      'Lapsos',
      'Acción',
      'Estado',
      'Último Archivo',
    ]);
    // Demo contracts start 3 months ago: 4 periods, the newest on the main row, 3 sub-rows.
    const first = table.getByTestId('evidence-row').first();
    const codigo = (await first.getAttribute('data-codigo')) ?? '';
    const subRows = table.locator(`[data-testid="period-row"][data-codigo="${codigo}"]`);
    await hasCount(subRows, 3);
    expect(await first.locator('td').first().getAttribute('rowspan')).toBe('4');
    expect(await page.getByTestId('history-link').getAttribute('href')).toBe(
      '#/list-dinamico/histdocs?path=g-riesgo',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'evidence-06-riesgo-desktop', true);

    // Comment mode on an older period: 'Dejar Comentario', 'Guardar Comentario', 'Carga subida con exito.'
    const period = subRows.nth(0);
    await period.getByTestId('status-button').click();
    await visible(page.getByTestId('upload-modal'));
    await page.getByTestId('leave-comment').click();
    await page.getByTestId('save-comment').click();
    await hasText(page.locator('.evidence-dialog .field-error'), 'Debe escribir un comentario.');
    await page.getByTestId('comment-text').fill('No hubo novedades de personal en este periodo.');
    await page.getByTestId('save-comment').click();
    expect(await alertText(page)).toBe('Carga subida con exito.');
    await closeAlert(page);
    await hidden(page.locator('.evidence-dialog'));
    await hasText(period.getByTestId('estado'), 'Cargado pendiente por aprobar');
    await containsText(period.getByTestId('last-comment'), 'No hubo novedades de personal');
    // The other periods are untouched.
    await hasText(first.getByTestId('estado'), 'Pendiente por cargar');
    const [saved] = await query<{ ano: number; mes: number; comentario: string }>(
      h.server.app.db,
      sql`SELECT en.ano, en.mes, en.comentario FROM entregas en JOIN requisitos r ON r.id = en.requisito_id
           WHERE r.modulo = 'g-riesgo' AND r.codigo = ${codigo} AND en.contrato_id = ${c.id}`,
    );
    expect(`${saved.ano}-${saved.mes}`).toBe(await period.getAttribute('data-periodo'));
    expect(saved.comentario).toBe('No hubo novedades de personal en este periodo.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('withholdings: columns and history link; a contract of another company fails with the detail', async () => {
    const { page, context } = await signedIn();
    const c = await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas');
    await gotoFresh(page, 'retenido');
    await chooseContract(page, c);
    const table = page.getByTestId('evidence-table');
    await visible(table);
    expect(await headers(table)).toEqual([
      '#',
      'Nombre',
      'Extensiones',
      'Acción',
      'Estado',
      'Último Archivo',
    ]);
    expect(await page.getByTestId('history-link').getAttribute('href')).toBe(
      '#/list-dinamico/histdocs?path=g-retenido',
    );
    await screenshot(page, 'evidence-07-retenido-desktop', true);

    // A stored contract that is not the company's: 'Lo siento hubo un error !!' + 'Ver detalle' + 'Cerrar'.
    const foreign = await demoContract(
      h.server,
      CONTRACTOR_B.username,
      'Redes de alcantarillado, tanques y pozos',
    );
    await chooseContract(page, foreign);
    const popup = page.locator('.swal2-popup');
    await hasText(popup.locator('.swal2-title'), 'Lo siento hubo un error !!');
    await hasText(popup.locator('.swal2-cancel'), 'Cerrar');
    await page.locator('.swal2-confirm', { hasText: 'Ver detalle' }).click();
    expect(await alertText(page)).toBe('El contrato no existe o no pertenece a su empresa.');
    await closeAlert(page);
    await visible(page.getByRole('button', { name: 'Reintentar' }));
    await context.close();
  });

  it('phone (360 px): cards instead of columns, no sideways scrolling, modals fit', async () => {
    const { page, context, errors } = await signedIn(PHONE);
    await gotoFresh(page, 'sg-sst');
    await visible(page.getByTestId('evidence-table'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'evidence-08-sg-sst-phone');
    const row = page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
    await row.getByTestId('status-button').click();
    await visible(page.getByTestId('view-modal'));
    const box = await page.locator('.evidence-dialog').boundingBox();
    expect(box && box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'evidence-09-view-phone');
    await closeDialog(page);

    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await gotoFresh(page, 'gestion-riesgo');
    await chooseContract(page, c);
    await visible(page.getByTestId('evidence-table'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'evidence-10-riesgo-phone', true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
