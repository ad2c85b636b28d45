import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sumarDias, type AptitudObra } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { aprobarNoDispensables } from '../../server/src/test/aptitud';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  hasText,
  hidden,
  hoyDe,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { choose, demoContract, overflowsHorizontally } from '../support/ui';

/**
 * 'Personal en obra' (decision 125): staff choose a project and see every contractor's worker with
 * its fitness and whether inside; counts, filters, the temporary authorization dialog and its
 * revocation, the Excel export read back with exceljs. At 1366 and 360 px.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;
const STAFF = { ...REVIEWER, staff: true };
const DENTRO = '1088001122';
const FUERA = '1088003344';

/** Two workers of the demo contract (API), the first with an entry at the gate today (SQL). */
async function seed() {
  const app = h.server.app;
  const headers = await authHeaders(app, CONTRACTOR_A);
  const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const cargo = await firstCargo(app, headers);
  for (const numero of [DENTRO, FUERA]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, { numerodocumento: numero, contratoid: contract.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [c] = await query<{ proyecto_id: number }>(
    app.db,
    sql`SELECT proyecto_id FROM contratos WHERE id = ${contract.id}`,
  );
  const [guard] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM usuarios WHERE username = ${REVIEWER_LOGIN.username}`,
  );
  const [emp] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM empleados WHERE numero_documento = ${DENTRO}`,
  );
  // 10:00 in Colombia on the server's today.
  const at = `${hoyDe(app)}T15:00:00Z`;
  await query(
    app.db,
    sql`INSERT INTO registros_porteria (cliente_id, proyecto_id, contrato_id, empleado_id, tipo, at, guardia_id)
        VALUES (${randomUUID()}, ${c!.proyecto_id}, ${contract.id}, ${emp!.id}, 'entrada', ${at}::timestamptz, ${guard!.id})`,
  );
  return { contract, proyectoId: Number(c!.proyecto_id) };
}

/** The server's own answer for the project today, to check the page's counts against. */
async function serverRows(proyectoId: number): Promise<AptitudObra[]> {
  const res = await h.server.app.inject({
    method: 'GET',
    url: `/api/revision/aptitud?proyectoid=${proyectoId}`,
    headers: await authHeaders(h.server.app, REVIEWER_LOGIN),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const count = async (page: Page, id: string) =>
  Number(await page.getByTestId(id).locator('strong').textContent());

/**
 * axe after a Dropdown choice: PrimeReact 10 puts aria-activedescendant on the focused Dropdown's
 * root div (a library quirk every page with a Dropdown shares), so the focus leaves it first.
 */
async function a11y(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return seriousA11yViolations(page);
}

const rowOf = (page: Page, numero: string) => page.locator('tr.obra-row', { hasText: `CC ${numero}` });

async function openObra(viewport: { width: number; height: number }, proyecto: string) {
  const t = await signedInPage(h, STAFF, { viewport });
  await t.page.goto(`${h.server.url}/#/personal-obra`);
  await visible(t.page.getByTestId('obra-page'));
  await choose(t.page, 'obra-proyecto', proyecto);
  await visible(t.page.getByTestId('obra-table'));
  return t;
}

describe("'Personal en obra' in Chromium", () => {
  it('counts, filters, temporary authorization and its revocation, Excel (1366 px)', async () => {
    const { contract, proyectoId } = await seed();
    const { page, context, errors } = await openObra(WIDE, contract.proyecto);

    // Counts agree with the server's rows.
    const rows = await serverRows(proyectoId);
    const aptos = rows.filter((r) => r.apto).length;
    await hasText(page.getByTestId('cuenta-aptos').locator('strong'), String(aptos));
    await hasText(page.getByTestId('cuenta-no-aptos').locator('strong'), String(rows.length - aptos));
    await hasText(
      page.getByTestId('cuenta-dentro').locator('strong'),
      String(rows.filter((r) => r.dentro).length),
    );
    expect(await count(page, 'cuenta-dentro')).toBeGreaterThanOrEqual(1);
    await hasText(rowOf(page, DENTRO).getByTestId('obra-dentro'), 'Sí');
    await containsText(rowOf(page, DENTRO), '/');
    await hasText(rowOf(page, FUERA).getByTestId('obra-dentro'), 'No');
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-01-proyecto', true);
    // Every column fits at 1366 px (the table does not need its sideways scroll).
    expect(
      await page
        .getByTestId('obra-table')
        .locator('.p-datatable-wrapper')
        .evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    ).toBe(true);

    // Filters: inside now, then text.
    await choose(page, 'obra-filtro', 'Dentro de la obra');
    await visible(rowOf(page, DENTRO));
    await hasCount(rowOf(page, FUERA), 0);
    await choose(page, 'obra-filtro', 'No aptos');
    await page.getByTestId('obra-buscar').fill(FUERA);
    await hasCount(page.locator('tr.obra-row'), 1);
    await visible(rowOf(page, FUERA));

    // Temporary authorization: the dialog refuses an empty reason and an end past 7 days.
    await rowOf(page, FUERA).getByTestId('obra-autorizar').click();
    const form = page.getByTestId('autorizacion-form');
    await visible(form);
    await page.getByTestId('autorizacion-guardar').click();
    await containsText(form, 'Escriba un motivo de al menos 5 caracteres.');
    await page.getByTestId('autorizacion-motivo').fill('Registro de EPP en trámite');
    const hoy = hoyDe(h.server.app);
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    const hasta = page.locator('#autorizacion-hasta');
    await hasta.fill(dmy(sumarDias(hoy, 8)));
    await hasta.press('Tab');
    await page.getByTestId('autorizacion-guardar').click();
    await containsText(
      page.getByTestId('autorizacion-hasta-ayuda'),
      'Elija una fecha entre hoy y 7 días después.',
    );
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-02-autorizacion');
    await hasta.fill(dmy(sumarDias(hoy, 3)));
    await hasta.press('Tab');
    // Without ARL affiliation nor medical concept: refused in the form, naming them and the norm
    // (decision 182); the dialog stays open.
    await page.getByTestId('autorizacion-guardar').click();
    const problema = page.getByTestId('autorizacion-error');
    await containsText(problema, 'ninguna autorización reemplaza estas condiciones de ingreso');
    await containsText(
      problema,
      'Certificado de afiliación a ARL no cargado (Decreto 1072 de 2015 art. 2.2.4.6.28 num. 3)',
    );
    await visible(form);
    await screenshot(page, 'obra-02-autorizacion-rechazada');
    await aprobarNoDispensables(h.server.app.db, {
      contratoId: contract.id,
      empleadoId: (await serverRows(proyectoId)).find((r) => r.numerodocumento === FUERA)!.empleadoId,
    });
    await page.getByTestId('autorizacion-guardar').click();
    await hidden(form);

    // Now apto by authorization: shown under 'Aptos', with its reason and end.
    await choose(page, 'obra-filtro', 'Aptos');
    const row = rowOf(page, FUERA);
    await visible(row);
    expect(await row.getByTestId('aptitud-tag').getAttribute('data-estado')).toBe('autorizado');
    await containsText(
      row.getByTestId('aptitud-autorizacion'),
      `Autorización hasta ${dmy(sumarDias(hoy, 3))}`,
    );
    await containsText(row.getByTestId('aptitud-autorizacion'), 'Registro de EPP en trámite');
    await hasText(page.getByTestId('cuenta-aptos').locator('strong'), String(aptos + 1));
    await screenshot(page, 'obra-03-autorizado', true);

    // Revoke it: back to 'No apto'.
    await row.getByTestId('obra-revocar').click();
    await page.locator('.swal2-confirm').click();
    await hasCount(rowOf(page, FUERA), 0);
    await choose(page, 'obra-filtro', 'No aptos');
    expect(await rowOf(page, FUERA).getByTestId('aptitud-tag').getAttribute('data-estado')).toBe('no_apto');
    await hasText(page.getByTestId('cuenta-aptos').locator('strong'), String(aptos));

    // Excel of what the filters show, read back with exceljs.
    await page.getByTestId('obra-buscar').fill('');
    await choose(page, 'obra-filtro', 'Todos');
    const shown = await page.locator('tr.obra-row').count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('obra-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal_en_obra_\d+_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Contratista',
      'Trabajador',
      'Documento',
      'Estado',
      'Motivos',
      'Vence',
      'Dentro',
      'Último registro',
    ]);
    expect(ws.actualRowCount).toBe(1 + Math.min(shown, rows.length));
    const docs = Array.from({ length: ws.actualRowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(3).text);
    expect(docs).toContain(`CC ${DENTRO}`);
    const dentroRow = docs.indexOf(`CC ${DENTRO}`) + 2;
    expect(ws.getRow(dentroRow).getCell(7).text).toBe('Sí');
    expect(ws.getRow(dentroRow).getCell(4).text).toBe('No apto');

    // Man-hours of the month: the contractor's entry without an exit counts one shift.
    await page.getByRole('tab', { name: 'Horas hombre' }).click();
    const horas = page.locator('tr.horas-row', { hasText: CONTRACTOR.username });
    await visible(horas);
    expect(Number((await horas.getByTestId('horas-valor').textContent())!.replace(',', '.'))).toBeGreaterThan(
      0,
    );
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-06-horas', true);
    const [hh] = await Promise.all([page.waitForEvent('download'), page.getByTestId('horas-excel').click()]);
    expect(hh.suggestedFilename()).toMatch(/^horas_hombre_\d+_\d{4}-\d{2}\.xlsx$/);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await readFile((await hh.path())!)) as unknown as ArrayBuffer);
    const ws2 = wb2.worksheets[0]!;
    expect(ws2.getRow(1).getCell(7).text).toBe('Horas hombre');
    const nits = Array.from({ length: ws2.actualRowCount - 1 }, (_, i) => ws2.getRow(i + 2).getCell(2).text);
    expect(nits).toContain(CONTRACTOR.username);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone stacks the workers, no sideways scroll (360 px)', async () => {
    const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    const { page, context, errors } = await openObra(PHONE, contract.proyecto);
    await visible(rowOf(page, DENTRO));
    expect(await overflowsHorizontally(page)).toBe(false);
    await visible(rowOf(page, DENTRO).locator('.p-column-title', { hasText: 'Dentro' }));
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-04-phone', true);
    await rowOf(page, FUERA).getByTestId('obra-autorizar').click();
    await visible(page.getByTestId('autorizacion-form'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'obra-05-phone-dialog');
    expect(errors).toEqual([]);
    await context.close();
  });
});
