import { sql } from 'drizzle-orm';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { CONCEPTO_MEDICO, textPdf } from '../../server/src/compliance/document-dates/samples';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  hidden,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  storedToken,
  useHarness,
  visible,
} from '../support';
import {
  choose,
  chooseContract,
  demoContract,
  overflowsHorizontally,
  tempFiles,
  validPdf,
} from '../support/ui';

/**
 * Document dates on Ingreso de Personal (decisions 108, 109): a worker's entry document (the
 * occupational medical concept, requisito P09, whose rule asks for the exam date and the next exam)
 * is read on the server when chosen, its dates shown pre-filled and editable; saving stores what the
 * contractor confirmed, and the annexes chosen with it go to that same submission (idEntrega).
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;
const FIRST_READ_MS = 90_000;

const files = tempFiles({
  'concepto-medico.pdf': textPdf(CONCEPTO_MEDICO),
  'recomendaciones.pdf': validPdf('recomendaciones'),
  'concepto-medico-telefono.pdf': textPdf(CONCEPTO_MEDICO),
});

/**
 * Signed in, on Ingreso de Personal with the demo contract, a worker registered through the API
 * (linked to the contract) and chosen in the employee modal as a contractor would.
 */
async function personnelPage(viewport: { width: number; height: number }, numero: string) {
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

  await t.page.goto(`${h.server.url}/#/ingreso-personal`);
  await chooseContract(t.page, contract);
  await t.page.getByTestId('employee-button').click();
  const modal = t.page.getByTestId('employee-modal');
  await visible(modal);
  await choose(t.page, 'emp-tipodocumento', 'CC');
  await t.page.locator('#emp-numerodocumento').fill(numero);
  await t.page.getByTestId('employee-validate').click();
  await containsText(t.page.getByTestId('employee-chosen'), `CC ${numero}`);
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await hidden(modal);
  await visible(t.page.getByTestId('evidence-table'));
  return t;
}

/** The worker's submissions of an entry document, oldest first, with their stored dates and annexes. */
async function stored(codigo: string, numero: string) {
  const rows = await query<{
    id: number;
    nombre_archivo: string;
    exp: string | null;
    prox: string | null;
    anexos: string[] | string | null;
  }>(
    h.server.app.db,
    sql`SELECT en.id, en.nombre_archivo, en.fecha_expedicion::text AS exp, en.proximo_examen::text AS prox,
               (SELECT json_agg(x.nombre_archivo ORDER BY x.id) FROM anexos x WHERE x.entrega_id = en.id) AS anexos
          FROM entregas en JOIN requisitos r ON r.id = en.requisito_id JOIN empresas e ON e.id = en.empresa_id
          JOIN empleados em ON em.id = en.empleado_id
         WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-personal' AND r.codigo = ${codigo}
           AND em.numero_documento = ${numero}
         ORDER BY en.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    anexos: (typeof r.anexos === 'string' ? (JSON.parse(r.anexos) as string[]) : r.anexos) ?? [],
  }));
}

describe('document dates on Ingreso de Personal', () => {
  it("a medical concept pre-fills 'Fecha de expedición' and 'Próximo examen'; its annex goes to the same submission", async () => {
    const numero = '1098765432';
    const { page, context, errors } = await personnelPage(WIDE, numero);
    const row = page.locator('[data-testid="evidence-row"][data-codigo="P09"]');
    await row.getByTestId('status-button').click();
    const modal = page.getByTestId('upload-modal');
    await visible(modal);
    // The annex PUT as the browser sends it (the submission it belongs to is in its body).
    const annexPuts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && /\/sg-personal\/\d+\/anexo$/.test(r.url())) annexPuts.push(r);
    });
    await page
      .getByTestId('upload-file-input')
      .setInputFiles([files['concepto-medico.pdf'], files['recomendaciones.pdf']]);

    const dates = modal.getByTestId('document-dates');
    // The first read of this server starts its file-check worker (pdf.js loads in it): on a busy
    // machine that alone can take longer than the usual wait for a state.
    await visible(dates, FIRST_READ_MS);
    expect(await dates.getByLabel('Fecha de expedición').inputValue()).toBe('10/03/2026');
    expect(await dates.getByLabel('Próximo examen').inputValue()).toBe('10/03/2027');
    await hasCount(dates.locator('input'), 2);
    // Read, not saved: nothing is stored before the contractor confirms.
    expect(await stored('P09', numero)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dates.scrollIntoViewIfNeeded();
    await screenshot(page, 'personnel-dates-01-prefilled-1366');

    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 2);
    const saved = await stored('P09', numero);
    expect(saved).toEqual([
      {
        id: expect.any(Number) as number,
        nombre_archivo: 'concepto-medico.pdf',
        exp: '2026-03-10',
        prox: '2027-03-10',
        anexos: ['recomendaciones.pdf'],
      },
    ]);
    expect(annexPuts).toHaveLength(1);
    expect((annexPuts[0].postDataJSON() as { idEntrega?: number }).idEntrega).toBe(saved[0].id);
    await screenshot(page, 'personnel-dates-02-saved-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 360 px phone the contractor corrects the next exam before saving; the corrected date is stored', async () => {
    const numero = '1087654321';
    const { page, context, errors } = await personnelPage(PHONE, numero);
    expect(await overflowsHorizontally(page)).toBe(false);
    const row = page.locator('[data-testid="evidence-row"][data-codigo="P09"]');
    await row.getByTestId('status-button').click();
    const modal = page.getByTestId('upload-modal');
    await visible(modal);
    await page.getByTestId('upload-file-input').setInputFiles(files['concepto-medico-telefono.pdf']);
    const dates = modal.getByTestId('document-dates');
    await visible(dates, FIRST_READ_MS);
    const proximo = dates.getByLabel('Próximo examen');
    expect(await dates.getByLabel('Fecha de expedición').inputValue()).toBe('10/03/2026');
    expect(await proximo.inputValue()).toBe('10/03/2027');
    expect(await overflowsHorizontally(page)).toBe(false);
    await dates.scrollIntoViewIfNeeded();
    await screenshot(page, 'personnel-dates-03-prefilled-360');

    await proximo.fill('10/09/2026');
    await dates.getByText('Fechas del documento').click();
    expect(await proximo.inputValue()).toBe('10/09/2026');
    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    expect((await stored('P09', numero)).map(({ exp, prox }) => ({ exp, prox }))).toEqual([
      { exp: '2026-03-10', prox: '2026-09-10' },
    ]);
    await screenshot(page, 'personnel-dates-04-saved-360');
    expect(errors).toEqual([]);
    await context.close();
  });
});
