import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, CARGA_MULTIPLE_MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { CERTIFICADO_ARL, textPdf } from '../../server/src/compliance/document-dates/samples';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  hasText,
  hidden,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  storedToken,
  useHarness,
  visible,
} from '../support';
import { choose, chooseContract, demoContract, overflowsHorizontally, tempFiles } from '../support/ui';

/**
 * One upload for many workers (docs/decisions/139): on Ingreso de Personal the contractor uploads one
 * attendance list of the SST induction (P13) and ticks the 10 workers it covers; each worker's P13
 * row shows it, and the reviewer approves one worker's and rejects another's on their own.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;
const FIRST_READ_MS = 90_000;
/** A list whose text states its issue date (3 November 2026): P13's rule counts from it. */
const files = tempFiles({ 'asistencia-induccion.pdf': textPdf(CERTIFICADO_ARL) });
/** Ten workers registered for the test; the shared prefix is what the picker's filter finds. */
const NUMEROS = Array.from({ length: 10 }, (_, i) => `55500${String(i).padStart(3, '0')}`);
/** An eleventh active worker of the contract, left out of the list. */
const FUERA = '56600001';

async function registerWorkers(headers: Record<string, string>, contratoid: number) {
  const cargo = await firstCargo(h.server.app, headers);
  for (const numero of [...NUMEROS, FUERA]) {
    const res = await h.server.app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, { numerodocumento: numero, contratoid }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Each worker's P13 submissions (file name, state), by document number. */
async function p13ByWorker() {
  const rows = await query<{ numero: string; archivo_id: number; nombre_archivo: string; estado: number }>(
    h.server.app.db,
    sql`SELECT em.numero_documento AS numero, en.archivo_id, en.nombre_archivo, en.estado
          FROM entregas en JOIN requisitos r ON r.id = en.requisito_id JOIN empleados em ON em.id = en.empleado_id
          JOIN empresas e ON e.id = en.empresa_id
         WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-personal' AND r.codigo = 'P13'
         ORDER BY em.numero_documento`,
  );
  return rows;
}

describe('one upload for many workers', () => {
  it('covers 10 workers with one attendance list', async () => {
    const c = await signedInPage(h, CONTRACTOR, { viewport: WIDE });
    const token = await storedToken(c.page);
    if (!token) throw new Error('no token after sign-in');
    const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await registerWorkers({ authorization: `Bearer ${token}` }, contract.id);

    // Ingreso de Personal: the contract and the first worker.
    const page = c.page;
    await page.goto(`${h.server.url}/#/ingreso-personal`);
    await chooseContract(page, contract);
    const chooseWorker = async (numero: string) => {
      await page.getByTestId('employee-button').click();
      const modal = page.getByTestId('employee-modal');
      await visible(modal);
      await choose(page, 'emp-tipodocumento', 'CC');
      await page.locator('#emp-numerodocumento').fill(numero);
      await page.getByTestId('employee-validate').click();
      await containsText(page.getByTestId('employee-chosen'), `CC ${numero}`);
      await modal.getByRole('button', { name: 'Cerrar' }).click();
      await hidden(modal);
      await visible(page.getByTestId('evidence-table'));
    };
    await chooseWorker(NUMEROS[0]);

    // An ordinary item has no picker.
    const p01 = page.locator('[data-testid="evidence-row"][data-codigo="P01"]');
    await p01.getByTestId('status-button').click();
    const modal = page.getByTestId('upload-modal');
    await visible(modal);
    expect(await modal.getByTestId('workers-picker').count()).toBe(0);
    await modal.getByRole('button', { name: MSG.close }).click();
    await hidden(modal);

    // P13: the picker, the row's worker ticked and fixed; the filter and 'Seleccionar todos' take the ten.
    const p13 = page.locator('[data-testid="evidence-row"][data-codigo="P13"]');
    await p13.getByTestId('status-button').click();
    await visible(modal);
    const picker = modal.getByTestId('workers-picker');
    await visible(picker);
    await hasText(picker.getByTestId('workers-count'), CARGA_MULTIPLE_MSG.cargaMultipleSeleccionados(1));
    await picker.getByTestId('workers-filter').fill('55500');
    await hasCount(picker.locator('li'), 10);
    await picker.getByTestId('workers-all').click();
    await hasText(picker.getByTestId('workers-count'), CARGA_MULTIPLE_MSG.cargaMultipleSeleccionados(10));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'carga-multiple-01-picker-1366');

    await page.getByTestId('upload-file-input').setInputFiles(files['asistencia-induccion.pdf']);
    // P13's rule counts from the issue date: the form shows the one read before saving.
    const dates = modal.getByTestId('document-dates');
    await visible(dates, FIRST_READ_MS);
    expect(await dates.getByLabel('Fecha de expedición').inputValue()).toBe('03/11/2026');
    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    await hasText(
      modal.getByTestId('covered-done'),
      CARGA_MULTIPLE_MSG.cargaMultipleCargado('asistencia-induccion.pdf', 10),
    );
    await screenshot(page, 'carga-multiple-02-saved-1366');
    await modal.getByRole('button', { name: MSG.close }).click();
    await hidden(modal);

    // Stored once, handed in for each of the ten, not for the eleventh.
    const rows = await p13ByWorker();
    expect(rows.map((r) => r.numero)).toEqual(NUMEROS);
    expect(new Set(rows.map((r) => Number(r.archivo_id))).size).toBe(1);
    expect(rows.every((r) => r.nombre_archivo === 'asistencia-induccion.pdf')).toBe(true);

    // Each of the ten rows shows it: the first worker's row here, then every other worker's.
    await hasText(p13.getByTestId('estado'), 'Cargado pendiente por aprobar');
    for (const numero of NUMEROS.slice(1)) {
      const list = (await page.evaluate(
        async ({ url, token }) =>
          (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<unknown>,
        {
          url: `${h.server.url}/api/contratista/adjuntos/sg-personal?contratoid=${contract.id}&tipodocumento=CC&numerodocumento=${numero}`,
          token,
        },
      )) as Array<{ codigo: string; nombreadjunto: string | null; estado: string }>;
      const row = list.find((r) => r.codigo === 'P13');
      expect(row?.nombreadjunto, numero).toBe('asistencia-induccion.pdf');
      expect(row?.estado, numero).toBe('Cargado pendiente por aprobar');
    }
    // And on the page, for the last worker chosen.
    await chooseWorker(NUMEROS[9]);
    await hasText(p13.getByTestId('estado'), 'Cargado pendiente por aprobar');
    // The eleventh worker's list replaces the tenth's when it has loaded: wait for its state.
    await chooseWorker(FUERA);
    await hasText(p13.getByTestId('estado'), MSG.estadoPendiente);

    // The reviewer: the dialog says the file is shared; approve the second worker's, reject the third's.
    const r = await signedInPage(h, { ...REVIEWER, staff: true }, { viewport: WIDE });
    const [{ id: p13Id }] = await query<{ id: number }>(
      h.server.app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P13'`,
    );
    const review = async (numero: string) => {
      await r.page.goto(`${h.server.url}/#/revision?requisitoId=${p13Id}`);
      const row = r.page.getByTestId('review-queue').locator('tbody tr').filter({ hasText: numero });
      await row.getByTestId('queue-open').click();
      const dialog = r.page.getByTestId('review-dialog');
      await visible(dialog);
      await hasText(dialog.getByTestId('review-compartido'), CARGA_MULTIPLE_MSG.cargaMultipleCompartido(10));
      return dialog;
    };
    let dialog = await review(NUMEROS[1]);
    await screenshot(r.page, 'carga-multiple-03-review-1366');
    await dialog.getByTestId('review-approve').click();
    await hidden(dialog);
    dialog = await review(NUMEROS[2]);
    await dialog.getByTestId('review-observacion').fill('No aparece la firma del trabajador en la lista');
    await dialog.getByTestId('review-reject').click();
    await hidden(dialog);

    const after = new Map((await p13ByWorker()).map((x) => [x.numero, Number(x.estado)]));
    expect(after.get(NUMEROS[1])).toBe(1); // approved
    expect(after.get(NUMEROS[2])).toBe(-1); // rejected
    for (const n of [NUMEROS[0], ...NUMEROS.slice(3)]) expect(after.get(n), n).toBe(0); // still pending
    expect([...c.errors, ...r.errors]).toEqual([]);
    await c.context.close();
    await r.context.close();
  });

  it('the picker fits a 360 px phone', async () => {
    const c = await signedInPage(h, CONTRACTOR, { viewport: PHONE });
    const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    const page = c.page;
    await page.goto(`${h.server.url}/#/ingreso-personal`);
    await chooseContract(page, contract);
    await page.getByTestId('employee-button').click();
    const em = page.getByTestId('employee-modal');
    await visible(em);
    await choose(page, 'emp-tipodocumento', 'CC');
    await page.locator('#emp-numerodocumento').fill(FUERA);
    await page.getByTestId('employee-validate').click();
    await containsText(page.getByTestId('employee-chosen'), `CC ${FUERA}`);
    await em.getByRole('button', { name: 'Cerrar' }).click();
    await hidden(em);
    const p14 = page.locator('[data-testid="evidence-row"][data-codigo="P14"]');
    await p14.getByTestId('status-button').click();
    const picker = page.getByTestId('upload-modal').getByTestId('workers-picker');
    await visible(picker);
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'carga-multiple-04-picker-360');
    expect(c.errors).toEqual([]);
    await c.context.close();
  });
});
