import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { codigoAdministradora, MSG } from '@proveedores/domain';
import {
  aLatin1,
  conNitDistinto,
  modeloPila,
  serializarPila,
  sinCotizante,
  type PilaModelo,
} from '@proveedores/domain/pila/generador';
import { query } from '../../server/src/db/client';
import { manualClock } from '../../server/src/lib/clock';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import {
  containsText,
  CONTRACTOR,
  hasText,
  hidden,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { chooseContract, overflowsHorizontally, tempFiles, validPdf, type DemoContract } from '../support/ui';

/**
 * The contractor's PILA screens (docs/decisions/128) in Chromium. The demo contract has two linked
 * workers from July. On 'Gestión del Riesgo', item M01: October's planilla of both workers, chosen
 * through 'Conciliar planilla PILA', reconciles ('Conciliada') and the row turns 'Cargado pendiente
 * por aprobar'; September's leaves one worker out and the findings name them; August's PDF is kept
 * with MSG.pilaSoloPdf. 'Matriz PILA' says 'Faltante' for that worker in September, in the page and in
 * its Excel read back with exceljs; under R03 in 'Retenidos' both periods are listed and open their
 * result. At 1366 and 360 px, axe clean and no sideways page scroll on the phone.
 */
const h = useHarness({ clock: manualClock('2026-11-20T15:00:00Z') });
const WIDE = { width: 1366, height: 800 } as const;
const PAGADO = '71020501';
const FALTANTE = '71020502';
let contrato: DemoContract;

/** A month's planilla of both workers, as the contractor's operator would write it (pila.test.ts). */
function modelo(periodo: string): PilaModelo {
  const worker = validEmployee(0);
  return modeloPila({
    periodo,
    n: 0,
    smmlv: 1_750_905,
    aportante: {
      nit: CONTRACTOR.username,
      razonSocial: 'MONTAJES Y ESTRUCTURAS DEL NORTE SAS',
      arl: codigoAdministradora('ARL', String(worker.arl))!,
    },
    personas: [PAGADO, FALTANTE].map((numeroDocumento) => ({
      numeroDocumento,
      tipoDocumento: 'CC',
      tipoCotizante: '01',
      salario: 2_000_000,
      ingreso: null,
      retiro: null,
      novedad: null,
      eps: codigoAdministradora('EPS', String(worker.eps))!,
    })),
  });
}

const FILES = tempFiles({
  'pila-2026-10.txt': Buffer.from(aLatin1(serializarPila(modelo('2026-10')))),
  'pila-2026-09.txt': Buffer.from(aLatin1(serializarPila(sinCotizante(modelo('2026-09'), FALTANTE)))),
  'pila-2026-08.pdf': validPdf('planilla pila agosto'),
  'pila-otro-nit.txt': Buffer.from(aLatin1(serializarPila(conNitDistinto(modelo('2026-07'), '800987654')))),
});

beforeAll(async () => {
  const app = h.server.app;
  const A = await authHeaders(app, CONTRACTOR_A);
  // The demo contract with heights work, started before the periods (as pila.test.ts does).
  [contrato] = await query<DemoContract>(
    app.db,
    sql`SELECT c.id, p.descripcion AS proyecto, t.descripcion AS tipo, a.descripcion AS actividad
          FROM contratos c JOIN empresas e ON e.id = c.empresa_id
          JOIN proyectos p ON p.id = c.proyecto_id JOIN actividades a ON a.id = c.actividad_id
          JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
         WHERE e.nit = ${CONTRACTOR.username} ORDER BY c.id LIMIT 1`,
  );
  await query(app.db, sql`UPDATE contratos SET fecha_inicio = '2026-06-01' WHERE id = ${contrato.id}`);
  const cargo = await firstCargo(app, A);
  for (const numero of [PAGADO, FALTANTE]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers: A,
      payload: validEmployee(cargo.id, {
        numerodocumento: numero,
        contratoid: contrato.id,
        fecini_seg_social: '2026-07-01',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});

async function openRiesgo(page: Page) {
  await page.goto(`${h.server.url}/#/gestion-riesgo`);
  await page.reload();
  await chooseContract(page, contrato);
  await visible(page.getByTestId('evidence-table'));
}

/** The M01 row of a period ('YYYY-M'), main row or sub-row. */
const m01 = (page: Page, periodo: string) => page.locator(`tr[data-codigo="M01"][data-periodo="${periodo}"]`);

async function closeDialog(page: Page, dialog: Locator) {
  await dialog.locator('.p-dialog-header-close').click();
  await hidden(dialog);
}

/** 'Conciliar planilla PILA' on the period's M01, the file chosen and sent; answers the dialog. */
async function conciliar(page: Page, periodo: string, archivo: string) {
  await m01(page, periodo).getByTestId('pila-conciliar').click();
  const dialog = page.getByTestId('pila-dialog');
  await visible(dialog);
  await dialog.getByTestId('pila-archivo').setInputFiles(FILES[archivo]);
  await dialog.getByTestId('pila-enviar').click();
  return dialog;
}

async function celdaMatriz(matriz: Locator, periodo: string, numero: string): Promise<Locator> {
  const headers = (await matriz.locator('thead th').allTextContents()).map((t) => t.trim());
  const col = headers.indexOf(periodo);
  expect(col, headers.join('|')).toBeGreaterThan(0);
  return matriz.locator('tbody tr').filter({ hasText: numero }).locator('th, td').nth(col);
}

describe("the contractor's PILA screens", () => {
  it('uploads planillas on M01, sees the verdicts, the matrix with its Excel and the R03 list (1366 px)', async () => {
    const { page, context, errors } = await signedInPage(h, CONTRACTOR, { viewport: WIDE });
    await openRiesgo(page);

    // October: both workers paid.
    let dialog = await conciliar(page, '2026-10', 'pila-2026-10.txt');
    await hasText(dialog.getByTestId('pila-veredicto'), 'Conciliada');
    await hasText(dialog.getByTestId('pila-esperados'), '2');
    await hasText(dialog.getByTestId('pila-encontrados'), '2');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-01-conciliada');
    await closeDialog(page, dialog);
    await containsText(m01(page, '2026-10'), MSG.estadoCargado);

    // September: one worker left out, named in the missing list and the findings.
    dialog = await conciliar(page, '2026-9', 'pila-2026-09.txt');
    await hasText(dialog.getByTestId('pila-veredicto'), 'Con errores');
    await containsText(dialog.getByTestId('pila-faltantes'), `CC ${FALTANTE}`);
    const finding = dialog.getByTestId('pila-hallazgos').locator('tbody tr').filter({ hasText: FALTANTE });
    await containsText(finding, 'Error');
    expect(await dialog.getByTestId('pila-faltantes').textContent()).not.toContain(PAGADO);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-02-faltante');
    await closeDialog(page, dialog);

    // August: a PDF is kept as evidence, without reconciliation.
    dialog = await conciliar(page, '2026-8', 'pila-2026-08.pdf');
    await hasText(dialog.getByTestId('pila-mensaje'), MSG.pilaSoloPdf);
    await closeDialog(page, dialog);
    await containsText(m01(page, '2026-8'), MSG.estadoCargado);

    // July: another company's planilla is refused with the reason; nothing is stored.
    dialog = await conciliar(page, '2026-7', 'pila-otro-nit.txt');
    await containsText(dialog.getByTestId('pila-error'), '800987654');
    await hasText(dialog.getByTestId('pila-archivo-nombre'), 'pila-otro-nit.txt');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await closeDialog(page, dialog);
    await containsText(m01(page, '2026-7'), MSG.estadoPendiente);

    // 'Ver conciliación' reads the stored one.
    await m01(page, '2026-10').getByTestId('pila-ver').click();
    dialog = page.getByTestId('pila-dialog');
    await hasText(dialog.getByTestId('pila-veredicto'), 'Conciliada');
    await closeDialog(page, dialog);

    // The matrix: September 'Faltante' for the missing worker, 'Pagado' for the other.
    await page.getByTestId('pila-abrir-matriz').click();
    const matriz = page.getByTestId('pila-matriz-dialog').getByTestId('pila-matriz');
    await visible(matriz.locator('tbody'));
    await hasText(await celdaMatriz(matriz, 'Septiembre 2026', FALTANTE), 'Faltante');
    await hasText(await celdaMatriz(matriz, 'Septiembre 2026', PAGADO), 'Pagado');
    await hasText(await celdaMatriz(matriz, 'Octubre 2026', FALTANTE), 'Pagado');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-03-matriz');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      matriz.getByTestId('pila-matriz-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`matriz-pila-contrato-${contrato.id}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const encabezado = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = encabezado.indexOf('Septiembre 2026');
    expect(col).toBeGreaterThan(1);
    const filas: string[][] = [];
    ws.eachRow((r, n) => {
      if (n > 1) filas.push((r.values as unknown[]).slice(1).map(String));
    });
    expect(filas.find((f) => f[0] === `CC ${FALTANTE}`)?.[col]).toBe('Faltante');
    expect(filas.find((f) => f[0] === `CC ${PAGADO}`)?.[col]).toBe('Pagado');
    await closeDialog(page, page.getByTestId('pila-matriz-dialog'));

    // R03 in 'Retenidos': both reconciled periods, each opening its result.
    await page.goto(`${h.server.url}/#/retenido`);
    const r03 = page.getByTestId('pila-r03');
    await visible(r03);
    const tbody = r03.getByTestId('pila-periodos').locator('tbody');
    await containsText(tbody, 'Septiembre 2026');
    await containsText(tbody, 'Octubre 2026');
    const septiembre = tbody.locator('tr').filter({ hasText: 'Septiembre 2026' });
    await containsText(septiembre, 'Con errores');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-04-r03', true);
    await septiembre.getByTestId('pila-ver-periodo').click();
    dialog = page.getByTestId('pila-dialog');
    await hasText(dialog.getByTestId('pila-veredicto'), 'Con errores');
    await containsText(dialog.getByTestId('pila-faltantes'), FALTANTE);
    await closeDialog(page, dialog);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the same screens on a 360 px phone: no sideways page scroll, axe clean', async () => {
    const { page, context, errors } = await signedInPage(h, CONTRACTOR, { viewport: PHONE });
    await openRiesgo(page);
    await m01(page, '2026-9').getByTestId('pila-ver').click();
    let dialog = page.getByTestId('pila-dialog');
    await containsText(dialog.getByTestId('pila-hallazgos'), FALTANTE);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-05-phone-resultado');
    await closeDialog(page, dialog);

    dialog = await conciliar(page, '2026-10', 'pila-2026-10.txt');
    await hasText(dialog.getByTestId('pila-veredicto'), 'Conciliada');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'pila-06-phone-conciliar');
    await closeDialog(page, dialog);

    await page.getByTestId('pila-abrir-matriz').click();
    const matriz = page.getByTestId('pila-matriz-dialog').getByTestId('pila-matriz');
    await containsText(matriz.locator('tbody'), 'Faltante');
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pila-07-phone-matriz');
    await closeDialog(page, page.getByTestId('pila-matriz-dialog'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'pila-08-phone-riesgo');

    await page.goto(`${h.server.url}/#/retenido`);
    await containsText(page.getByTestId('pila-r03').locator('tbody'), 'Septiembre 2026');
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('pila-r03').scrollIntoViewIfNeeded();
    await screenshot(page, 'pila-09-phone-r03');
    expect(errors).toEqual([]);
    await context.close();
  });
});
