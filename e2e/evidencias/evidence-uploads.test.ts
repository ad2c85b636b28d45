import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { samplePdf } from '../../server/src/lib/file-check-samples';
import {
  alertText,
  closeAlert,
  containsText,
  CONTRACTOR,
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
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles, validPdf } from '../support/ui';

/**
 * Several files chosen in 'Archivo Principal' are one submission (docs/decisions/095), and an upload
 * needs a chosen project on every evidence page (docs/decisions/094).
 */
const h = useHarness();

/** Past the size from which a JSON body's long strings are cut out of its bytes (decision 149). */
const large = samplePdf('informe grande', { totalSize: 4_900_000 });

const files = tempFiles({
  'informe-grande.pdf': large,
  'acta-principal.pdf': validPdf('acta'),
  'lista-asistencia.pdf': validPdf('lista'),
  'registro fotográfico.pdf': validPdf('fotos'),
  'sin-proyecto.pdf': validPdf('sin proyecto'),
  'otra-pestana.pdf': validPdf('otra'),
});

const signedIn = (viewport: { width: number; height: number } = DESKTOP) =>
  signedInPage(h, CONTRACTOR, { viewport });

async function gotoFresh(page: Page, route: string) {
  await page.goto(`${h.server.url}/#/${route}`);
  await page.reload();
}

/** SG-SST with the demo contract chosen, and the item's status button pressed; its row. */
async function openItem(page: Page, codigo: string) {
  await gotoFresh(page, 'sg-sst');
  await chooseContract(page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
  const row = page.locator(`[data-testid="evidence-row"][data-codigo="${codigo}"]`);
  await row.getByTestId('status-button').click();
  return row;
}

const closeDialog = async (page: Page) => {
  await page.locator('.evidence-dialog .p-dialog-header-close').click();
  await hidden(page.locator('.evidence-dialog'));
};

type Stored = { id: number; nombre_archivo: string | null; anexos: string[] };

/** Company A's submissions of one SG-SST item with their annexes, oldest first. */
async function submissions(codigo: string): Promise<Stored[]> {
  const rows = await query<{ id: number; nombre_archivo: string | null; anexos: string[] | string | null }>(
    h.server.app.db,
    sql`SELECT en.id, en.nombre_archivo,
               (SELECT json_agg(x.nombre_archivo ORDER BY x.id) FROM anexos x WHERE x.entrega_id = en.id) AS anexos
          FROM entregas en JOIN requisitos r ON r.id = en.requisito_id JOIN empresas e ON e.id = en.empresa_id
         WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = ${codigo}
         ORDER BY en.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    nombre_archivo: r.nombre_archivo,
    anexos: (typeof r.anexos === 'string' ? (JSON.parse(r.anexos) as string[]) : r.anexos) ?? [],
  }));
}

describe('evidence uploads in Chromium', () => {
  it('several files in Archivo Principal: listed as main + annexes before saving, saved as ONE submission, one toast', async () => {
    const { page, context, errors } = await signedIn();
    const row = await openItem(page, 'E05');
    const modal = page.getByTestId('upload-modal');
    await visible(modal);

    await page
      .getByTestId('upload-file-input')
      .setInputFiles([
        files['acta-principal.pdf'],
        files['lista-asistencia.pdf'],
        files['registro fotográfico.pdf'],
      ]);
    // The modal says what will happen before anything is stored.
    const confirm = modal.getByTestId('submission-confirm');
    await visible(confirm);
    await containsText(confirm, 'Eligió 3 archivos: se guardarán como una sola carga');
    await hasText(confirm.getByTestId('submission-main'), 'Archivo principal: acta-principal.pdf');
    expect(
      await confirm.getByTestId('submission-annexes').locator('li .submission-file').allTextContents(),
    ).toEqual(['lista-asistencia.pdf', 'registro fotografico.pdf']);
    expect(await submissions('E05')).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'evidence-uploads-01-confirm-desktop');

    // The user may pick another main file; the others stay annexes, none disappears.
    await confirm
      .getByTestId('submission-annexes')
      .locator('li', { hasText: 'lista-asistencia.pdf' })
      .getByRole('button', { name: 'Usar como archivo principal' })
      .click();
    await hasText(confirm.getByTestId('submission-main'), 'Archivo principal: lista-asistencia.pdf');
    expect(
      await confirm.getByTestId('submission-annexes').locator('li .submission-file').allTextContents(),
    ).toEqual(['acta-principal.pdf', 'registro fotografico.pdf']);

    await confirm.getByTestId('submission-save').click();
    const results = modal.getByTestId('upload-results');
    await hasCount(results.locator('li.ok'), 3);
    expect(await results.locator('li').allInnerTexts()).toEqual([
      'Archivo subido con exito: lista-asistencia.pdf',
      'Archivo subido con exito: Anexo: acta-principal.pdf',
      'Archivo subido con exito: Anexo: registro fotografico.pdf',
    ]);
    // One success message for the submission, not one per file.
    const toasts = page.locator('.p-toast-message');
    await hasCount(toasts, 1);
    await containsText(toasts.first(), 'Archivo subido con exito: lista-asistencia.pdf (con 2 anexos)');
    await screenshot(page, 'evidence-uploads-02-saved');
    await closeDialog(page);

    // One submission holding all three files.
    expect(await submissions('E05')).toEqual([
      {
        id: expect.any(Number) as number,
        nombre_archivo: 'lista-asistencia.pdf',
        anexos: ['acta-principal.pdf', 'registro fotografico.pdf'],
      },
    ]);
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    await hasText(row.getByTestId('last-file'), 'lista-asistencia.pdf');
    await hasText(row.getByTestId('annex-button'), '2');

    // Cancelling stores nothing and says nothing was lost: the input is empty again.
    await row.getByTestId('status-button').click(); // 0: the view modal
    await page.getByTestId('view-replace').click();
    await page
      .getByTestId('upload-file-input')
      .setInputFiles([files['acta-principal.pdf'], files['lista-asistencia.pdf']]);
    await visible(page.getByTestId('submission-confirm'));
    await page.getByTestId('submission-confirm').getByRole('button', { name: 'Cancelar' }).click();
    await hidden(page.getByTestId('submission-confirm'));
    expect(await page.getByTestId('upload-file-input').inputValue()).toBe('');
    expect(await submissions('E05')).toHaveLength(1);
    await closeDialog(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 4.9 MB PDF (a large body: its text read from the bytes, decision 159) is stored whole', async () => {
    const { page, context, errors } = await signedIn();
    const row = await openItem(page, 'E09');
    await visible(page.getByTestId('upload-modal'));
    await page.getByTestId('upload-file-input').setInputFiles(files['informe-grande.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: informe-grande.pdf');
    await screenshot(page, 'evidence-uploads-03-large-pdf');
    await closeDialog(page);
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    const [stored] = await query<{ sha256: string; tamano: number }>(
      h.server.app.db,
      sql`SELECT a.sha256, a.tamano FROM entregas en JOIN archivos a ON a.id = en.archivo_id
            JOIN requisitos r ON r.id = en.requisito_id JOIN empresas e ON e.id = en.empresa_id
           WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = 'E09'`,
    );
    expect(stored).toEqual({
      sha256: createHash('sha256').update(large).digest('hex'),
      tamano: large.length,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the confirmation fits a 360 px phone', async () => {
    const { page, context, errors } = await signedIn(PHONE);
    await openItem(page, 'E06');
    await page
      .getByTestId('upload-file-input')
      .setInputFiles([files['acta-principal.pdf'], files['registro fotográfico.pdf']]);
    const confirm = page.getByTestId('submission-confirm');
    await visible(confirm);
    const box = await page.locator('.evidence-dialog').boundingBox();
    expect(box && box.width <= PHONE.width).toBe(true);
    expect(await overflowsHorizontally(page)).toBe(false);
    await confirm.getByTestId('submission-save').scrollIntoViewIfNeeded();
    await screenshot(page, 'evidence-uploads-03-confirm-phone');
    await confirm.getByTestId('submission-save').click();
    await hasCount(page.getByTestId('upload-results').locator('li.ok'), 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("no project chosen: 'Seleccione o ingrese un proyecto antes de continuar.' and nothing is sent", async () => {
    const { page, context, errors } = await signedIn();
    await gotoFresh(page, 'sg-sst');
    expect(await page.evaluate(() => localStorage.getItem('contrato'))).toBeNull();
    const row = page.locator('[data-testid="evidence-row"][data-codigo="E07"]');
    await row.getByTestId('status-button').click();
    await visible(page.getByTestId('upload-modal'));
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') requests.push(r.url());
    });
    await page.getByTestId('upload-file-input').setInputFiles(files['sin-proyecto.pdf']);
    expect(await alertText(page)).toBe('Seleccione o ingrese un proyecto antes de continuar.');
    await screenshot(page, 'evidence-uploads-04-no-project');
    await closeAlert(page);
    expect(await page.getByTestId('upload-file-input').inputValue()).toBe('');
    // A comment too.
    await page.getByTestId('leave-comment').click();
    await page.getByTestId('comment-text').fill('No aplica');
    await page.getByTestId('save-comment').click();
    expect(await alertText(page)).toBe('Seleccione o ingrese un proyecto antes de continuar.');
    await closeAlert(page);
    expect(requests).toEqual([]);
    expect(await submissions('E07')).toEqual([]);
    await closeDialog(page);

    // The contract pages show no upload control at all until a project is chosen.
    for (const route of ['gestion-riesgo', 'retenido']) {
      await gotoFresh(page, route);
      await hasText(
        page.getByTestId('contract-banner'),
        'Porfavor seleccione Proyecto antes de continuar...',
      );
      await hasCount(page.getByTestId('status-button'), 0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the session is reloaded once: a project chosen in another tab is found and used', async () => {
    const { page, context, errors } = await signedIn();
    await gotoFresh(page, 'sg-sst');
    const row = page.locator('[data-testid="evidence-row"][data-codigo="E08"]');
    await visible(row);
    // Another tab of the same session chooses a project (it lands in the shared local storage).
    const other = await context.newPage();
    await other.goto(`${h.server.url}/#/home`);
    await chooseContract(other, await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto'));
    await other.close();

    await row.getByTestId('status-button').click();
    await page.getByTestId('upload-file-input').setInputFiles(files['otra-pestana.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: otra-pestana.pdf');
    await closeDialog(page);
    expect((await submissions('E08')).map((s) => s.nombre_archivo)).toEqual(['otra-pestana.pdf']);
    // This tab now holds the project too (the risk page shows it without choosing again).
    await page.goto(`${h.server.url}/#/gestion-riesgo`);
    await containsText(page.getByTestId('contract-banner'), 'ESTRUCTURA EN CONCRETO');
    expect(errors).toEqual([]);
    await context.close();
  });
});
