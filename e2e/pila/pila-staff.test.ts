import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { manualClock } from '../../server/src/lib/clock';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { subirPlanilla } from '../../server/src/test/pila';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import {
  containsText,
  hasText,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { overflowsHorizontally } from '../support/ui';

/**
 * The staff's PILA views (docs/decisions/128) in Chromium: the contractor's October planilla, uploaded
 * through the API, leaves one of the contract's two workers out. The reviewer opens the M01 submission
 * in the review console and sees 'Conciliación PILA' naming that worker; the company's compliance view
 * lists the period with its verdict and the months x workers matrix says 'Faltante' for that worker,
 * in the page and in the Excel read back with exceljs. At 1366 and 360 px, axe clean.
 */
const h = useHarness({ clock: manualClock('2026-11-20T15:00:00Z') });
const WIDE = { width: 1366, height: 800 } as const;
/** The reviewer signs in through 'Ingreso funcionarios'. */
const STAFF = { ...REVIEWER, staff: true };
const PAGADO = '71020401';
const FALTANTE = '71020402';
let contratoId: number;
let empresaId: number;

beforeAll(async () => {
  const app = h.server.app;
  const A = await authHeaders(app, CONTRACTOR_A);
  [{ id: contratoId, empresa_id: empresaId }] = await query<{ id: number; empresa_id: number }>(
    app.db,
    sql`SELECT c.id, c.empresa_id FROM contratos c JOIN empresas e ON e.id = c.empresa_id
         WHERE e.nit = '900123456' ORDER BY c.id LIMIT 1`,
  );
  // The contract started before the period; both workers are on it from July.
  await query(app.db, sql`UPDATE contratos SET fecha_inicio = '2026-06-01' WHERE id = ${contratoId}`);
  const cargo = await firstCargo(app, A);
  for (const numero of [PAGADO, FALTANTE]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers: A,
      payload: validEmployee(cargo.id, {
        numerodocumento: numero,
        contratoid: contratoId,
        fecini_seg_social: '2026-07-01',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const put = await subirPlanilla(app, A, {
    contratoId,
    nit: '900123456',
    periodo: '2026-10',
    documentos: [PAGADO],
  });
  expect(put.statusCode, put.body).toBe(200);
  expect(
    put.json<{ faltantes: { numerodocumento: string }[] }>().faltantes.map((f) => f.numerodocumento),
  ).toEqual([FALTANTE]);
});

/** The M01 submission of the contractor, opened from the review queue. */
async function openPilaReview(page: Page) {
  await page.goto(`${h.server.url}/#/revision`);
  const row = page
    .getByTestId('review-queue')
    .locator('tbody tr')
    .filter({ hasText: 'M01 - ' })
    .filter({ hasText: 'Montajes' });
  await row.getByTestId('queue-open').click();
  const dialog = page.getByTestId('review-dialog');
  await visible(dialog);
  const pila = dialog.getByTestId('review-pila');
  await visible(pila);
  return { dialog, pila };
}

async function openCompliance(page: Page) {
  await page.goto(`${h.server.url}/#/admin/empresas/${empresaId}/contratos`);
  const card = page.getByTestId(`contract-pila-${contratoId}`);
  await visible(card);
  await containsText(card.getByTestId('pila-periodos').locator('tbody'), 'Octubre 2026');
  return card;
}

describe('the staff read the PILA reconciliation', () => {
  it('the review panel names the missing worker; the compliance view shows the period and the matrix with its Excel (1366 px)', async () => {
    const { page, context, errors } = await signedInPage(h, STAFF, { viewport: WIDE });
    const { dialog, pila } = await openPilaReview(page);
    await hasText(pila.getByTestId('pila-veredicto'), 'Con errores');
    await hasText(pila.getByTestId('pila-esperados'), '2');
    await hasText(pila.getByTestId('pila-encontrados'), '1');
    await containsText(pila.getByTestId('pila-faltantes'), `CC ${FALTANTE}`);
    // The findings table: the missing worker is an error, in the worker column and the message.
    const finding = pila.getByTestId('pila-hallazgos').locator('tbody tr').filter({ hasText: FALTANTE });
    await containsText(finding, 'Error');
    expect(await pila.getByTestId('pila-faltantes').textContent()).not.toContain(PAGADO);
    // The decision stays at hand: the M01 is pending approval.
    await visible(dialog.getByTestId('review-approve'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await pila.scrollIntoViewIfNeeded();
    await screenshot(page, 'pila-staff-01-review');
    await dialog.locator('.p-dialog-header-close').click();

    const card = await openCompliance(page);
    const periodo = card.getByTestId('pila-periodos').locator('tbody tr').filter({ hasText: 'Octubre 2026' });
    await containsText(periodo, 'Con errores');
    await card.getByTestId('pila-ver-matriz').click();
    const matriz = card.getByTestId('pila-matriz');
    await visible(matriz);
    const headers = (await matriz.locator('thead th').allTextContents()).map((t) => t.trim());
    const octubre = headers.indexOf('Octubre 2026');
    expect(octubre).toBeGreaterThan(0);
    const celda = (numero: string) =>
      matriz.locator('tbody tr').filter({ hasText: numero }).locator('th, td').nth(octubre);
    await hasText(celda(FALTANTE), 'Faltante');
    await hasText(celda(PAGADO), 'Pagado');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-staff-02-compliance', true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      matriz.getByTestId('pila-matriz-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`matriz-pila-contrato-${contratoId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const encabezado = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = encabezado.indexOf('Octubre 2026') + 1;
    expect(col).toBeGreaterThan(2);
    const fila = (numero: string) => {
      let found: string[] | null = null;
      ws.eachRow((r) => {
        const v = (r.values as unknown[]).slice(1).map(String);
        if (v[0] === `CC ${numero}`) found = v;
      });
      if (!found) throw new Error(`no row for ${numero}`);
      return found as string[];
    };
    expect(fila(FALTANTE)[col - 1]).toBe('Faltante');
    expect(fila(PAGADO)[col - 1]).toBe('Pagado');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the same on a 360 px phone: no sideways scroll of the page', async () => {
    const { page, context, errors } = await signedInPage(h, STAFF, { viewport: PHONE });
    const { dialog, pila } = await openPilaReview(page);
    await containsText(pila.getByTestId('pila-hallazgos'), FALTANTE);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await pila.getByTestId('pila-hallazgos').scrollIntoViewIfNeeded();
    await screenshot(page, 'pila-staff-03-review-phone');
    await dialog.locator('.p-dialog-header-close').click();

    const card = await openCompliance(page);
    await card.getByTestId('pila-ver-matriz').click();
    await containsText(card.getByTestId('pila-matriz').locator('tbody'), 'Faltante');
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByTestId('pila-matriz').scrollIntoViewIfNeeded();
    await screenshot(page, 'pila-staff-04-compliance-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
