import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { CERTIFICADO_ARL, textPdf } from '../../server/src/compliance/document-dates/samples';
import {
  CONTRACTOR,
  DESKTOP,
  hasCount,
  hidden,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles } from '../support/ui';

/**
 * Document dates at upload (decisions 108, 109): the modal reads the chosen file on the server and
 * shows the dates the requisito's rule needs, pre-filled (dd/mm/aaaa) and editable; saving stores
 * what the contractor confirmed.
 */
const h = useHarness();

const files = tempFiles({
  'certificado-arl.pdf': textPdf(CERTIFICADO_ARL),
  'certificado-arl-telefono.pdf': textPdf(CERTIFICADO_ARL),
});

async function signedIn(viewport: { width: number; height: number }) {
  const t = await openPage(h.browser, { viewport });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, CONTRACTOR);
  await t.page.waitForURL(/#\/home$/);
  await t.page.goto(`${h.server.url}/#/sg-sst`);
  await chooseContract(t.page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
  return t;
}

/** Company A's submissions of an SG-SST item, oldest first, with their stored dates. */
async function stored(codigo: string) {
  return query<{ nombre_archivo: string; exp: string | null; ven: string | null }>(
    h.server.app.db,
    sql`SELECT en.nombre_archivo, en.fecha_expedicion::text AS exp, en.fecha_vencimiento_doc::text AS ven
          FROM entregas en JOIN requisitos r ON r.id = en.requisito_id JOIN empresas e ON e.id = en.empresa_id
         WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = ${codigo}
         ORDER BY en.id`,
  );
}

/** Opens the upload modal of an item still pending (each test uses its own item). */
async function openUpload(page: Page, codigo: string) {
  const row = page.locator(`[data-testid="evidence-row"][data-codigo="${codigo}"]`);
  await row.getByTestId('status-button').click();
  const modal = page.getByTestId('upload-modal');
  await visible(modal);
  return modal;
}

describe('document dates in the upload modal', () => {
  it("a PDF saying 'Fecha de expedición: 3 de noviembre de 2026' pre-fills 03/11/2026; saving stores it", async () => {
    const { page, errors } = await signedIn(DESKTOP);
    const modal = await openUpload(page, 'E04');
    await page.getByTestId('upload-file-input').setInputFiles(files['certificado-arl.pdf']);

    const dates = modal.getByTestId('document-dates');
    await visible(dates);
    // E04 is "del mes vigente" (mes_certificado): its rule asks the issue date only.
    const expedicion = dates.getByLabel('Fecha de expedición');
    expect(await expedicion.inputValue()).toBe('03/11/2026');
    await hasCount(dates.locator('input'), 1);
    // Nothing is stored before the contractor saves.
    expect(await stored('E04')).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'upload-dates-01-prefilled-desktop');

    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    await hidden(dates);
    expect(await stored('E04')).toEqual([
      { nombre_archivo: 'certificado-arl.pdf', exp: '2026-11-03', ven: '2026-11-30' },
    ]);
    await screenshot(page, 'upload-dates-02-saved-desktop');
    expect(errors).toEqual([]);
  });

  it('on a phone (E02, 30 days from issue) the contractor corrects the date before saving; the corrected date is stored', async () => {
    const { page, errors } = await signedIn(PHONE);
    const modal = await openUpload(page, 'E02');
    await page.getByTestId('upload-file-input').setInputFiles(files['certificado-arl-telefono.pdf']);
    const dates = modal.getByTestId('document-dates');
    await visible(dates);
    const expedicion = dates.getByLabel('Fecha de expedición');
    expect(await expedicion.inputValue()).toBe('03/11/2026');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'upload-dates-03-prefilled-phone');

    await expedicion.fill('02/11/2026');
    await modal.getByTestId('document-dates').getByText('Fechas del documento').click();
    expect(await expedicion.inputValue()).toBe('02/11/2026');
    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    expect(await stored('E02')).toEqual([
      { nombre_archivo: 'certificado-arl-telefono.pdf', exp: '2026-11-02', ven: '2026-11-30' },
    ]);
    await screenshot(page, 'upload-dates-04-saved-phone');
    expect(errors).toEqual([]);
  });
});
