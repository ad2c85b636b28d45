import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { authHeaders, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  containsText,
  CONTRACTOR,
  fechasParaEntrega,
  hidden,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  storedToken,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles, validPdf } from '../support/ui';

/**
 * 'Aptitud del personal' (decision 125): the contractor sees a worker who may not enter the site,
 * each reason on its own line with the upload of exactly that item; after the upload the reason says
 * it awaits review, after the reviewer approves it the reason is gone. At 1366 and 360 px.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;
const files = tempFiles({ 'cedula-aptitud.pdf': validPdf('cedula aptitud') });

/** A worker registered through the API, linked to the demo contract; the page opened on that contract. */
async function aptitudPage(viewport: { width: number; height: number }, numero: string) {
  const t = await signedInPage(h, CONTRACTOR, { viewport });
  const token = await storedToken(t.page);
  if (!token) throw new Error('no token after sign-in');
  const headers = { authorization: `Bearer ${token}` };
  const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const cargo = await firstCargo(h.server.app, headers);
  const res = await h.server.app.inject({
    method: 'POST',
    url: '/api/contratista/empleados',
    headers,
    payload: validEmployee(cargo.id, { numerodocumento: numero, contratoid: contract.id }),
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.page.goto(`${h.server.url}/#/aptitud-personal`);
  await chooseContract(t.page, contract);
  await visible(t.page.getByTestId('aptitud-table'));
  return { ...t, contract };
}

const workerRow = (page: Page, numero: string) => page.locator('tr.aptitud-row', { hasText: `CC ${numero}` });

/** The worker's newest submission of an entry document. */
async function lastEntrega(codigo: string, numero: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    h.server.app.db,
    sql`SELECT en.id FROM entregas en JOIN requisitos r ON r.id = en.requisito_id
          JOIN empleados em ON em.id = en.empleado_id
         WHERE r.modulo = 'sg-personal' AND r.codigo = ${codigo} AND em.numero_documento = ${numero}
         ORDER BY en.id DESC LIMIT 1`,
  );
  if (!row) throw new Error(`no entrega ${codigo} for ${numero}`);
  return Number(row.id);
}

async function uploadFromReason(page: Page, numero: string, codigo: string) {
  const row = workerRow(page, numero);
  const button = row.locator(`[data-testid="aptitud-cargar"][data-codigo="${codigo}"]`);
  const motivo = (await button.locator('xpath=..').locator('span').first().textContent()) ?? '';
  await button.click();
  const modal = page.getByTestId('upload-modal');
  await visible(modal);
  // The modal is the one of exactly that item: its title names it.
  await containsText(page.locator('.evidence-dialog'), motivo.replace(/ no cargad[oa]s?$/, ''));
  return { row, modal, motivo };
}

describe("'Aptitud del personal' in Chromium", () => {
  it('a worker not apto, the reason opens its upload, the reviewer approves, the reason goes (1366 px)', async () => {
    const numero = '1077001122';
    const { page, context, errors } = await aptitudPage(WIDE, numero);
    const row = workerRow(page, numero);
    await visible(row);
    expect(await row.getByTestId('aptitud-tag').getAttribute('data-estado')).toBe('no_apto');
    await containsText(row.getByTestId('aptitud-tag'), 'No apto');
    const motivos = row.getByTestId('aptitud-motivo');
    const before = await motivos.allTextContents();
    expect(before.length).toBeGreaterThan(0);
    const cedula = row.locator('[data-testid="aptitud-cargar"][data-codigo="P01"]');
    await visible(cedula);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'aptitud-01-no-apto', true);

    const { motivo } = await uploadFromReason(page, numero, 'P01');
    expect(motivo).toMatch(/no cargad/);
    await page.getByTestId('upload-file-input').setInputFiles(files['cedula-aptitud.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'aptitud-02-upload');
    await page.locator('.evidence-dialog .p-dialog-header-close').click();
    await hidden(page.locator('.evidence-dialog'));

    // The table reloaded: that reason now awaits review.
    const nombre = motivo.replace(/ no cargad[oa]s?$/, '');
    await visible(row.getByTestId('aptitud-motivo').filter({ hasText: `${nombre} pendiente por aprobar` }));

    // The reviewer approves (API); the page, reloaded, no longer gives that reason.
    const staff = await authHeaders(h.server.app, REVIEWER_LOGIN);
    const idEntrega = await lastEntrega('P01', numero);
    const res = await h.server.app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${idEntrega}/aprobar`,
      headers: staff,
      payload: await fechasParaEntrega(h.server.app, idEntrega),
    });
    expect(res.statusCode, res.body).toBe(200);
    await page.reload();
    await visible(row);
    await visible(row.getByTestId('aptitud-motivo').first());
    const after = await row.getByTestId('aptitud-motivo').allTextContents();
    expect(after.some((m) => m.startsWith(nombre))).toBe(false);
    expect(after.length).toBe(before.length - 1);
    await screenshot(page, 'aptitud-03-approved', true);

    // 'Imprimir carnés': the contract's carnets PDF.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('aptitud-carnes').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^carnets-contrato-\d+\.pdf$/);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Gestión del Riesgo shows the month's man-hours beside M04 (no gate records here: 0).
    await page.goto(`${h.server.url}/#/gestion-riesgo`);
    await containsText(page.getByTestId('horas-m04'), 'Horas hombre del mes (portería): 0');
    await screenshot(page, 'aptitud-06-m04');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone stacks each worker as a card, no sideways scroll, the upload opens from the reason (360 px)', async () => {
    const numero = '1077003344';
    const { page, context, errors } = await aptitudPage(PHONE, numero);
    const row = workerRow(page, numero);
    await visible(row);
    await containsText(row.getByTestId('aptitud-tag'), 'No apto');
    expect(await overflowsHorizontally(page)).toBe(false);
    // Stacked: the column titles are shown inside the card.
    await visible(row.locator('.p-column-title', { hasText: 'Motivos' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'aptitud-04-phone', true);
    await uploadFromReason(page, numero, 'P01');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'aptitud-05-phone-upload');
    expect(errors).toEqual([]);
    await context.close();
  });
});
