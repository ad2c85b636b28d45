import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
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
import { overflowsHorizontally } from '../support/ui';

/**
 * 'Autoevaluación de estándares mínimos' (Resolución 0312 de 2019; docs/decisions/133, 135): the demo
 * contractor declares 8 workers in risk class I (the 7-item list of art. 3), answers the 7 items, sees
 * the score computed by hand below, fills the plan action of the item not met, saves, signs, finds the
 * signed version read-only and the PDF as the E05 submission on the SG-SST page. At 1366 and 360 px.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;

/**
 * The 7 items of art. 3 with their art. 27 weights (12.5 in all) and the answers given. The 53 items
 * outside the list score their full weight: 100 - 12.5 = 87.5 (the floor). On the list: cumple 0.5 +
 * 0.5 + 2 + 1 + 2.5 = 6.5, no aplica with justification 2, no cumple 0, so 8.5 of 12.5 (68 %).
 * Score 87.5 + 8.5 = 96.00 -> Aceptable (art. 28: more than 85).
 */
const RESPUESTAS = [
  ['1.1.1', 'cumple'],
  ['1.1.4', 'cumple'],
  ['1.2.1', 'cumple'],
  ['2.4.1', 'no_aplica'],
  ['3.1.4', 'cumple'],
  ['4.1.2', 'no_cumple'],
  ['4.2.1', 'cumple'],
] as const;
const PUNTAJE = '96,00';
const PORCENTAJE_LISTA = '68,00';

const item = (page: Page, codigo: string) => page.locator(`[data-testid="ae-item"][data-codigo="${codigo}"]`);
const ano = () => hoyEnColombia(new Date()).slice(0, 4);

async function openPage(viewport: { width: number; height: number }) {
  const t = await signedInPage(h, CONTRACTOR, { viewport });
  await t.page.goto(`${h.server.url}/#/autoevaluacion`);
  await visible(t.page.getByTestId('autoevaluacion-page'));
  await visible(t.page.getByTestId('ae-resumen'));
  return t;
}

/** 8 workers, class I: the 7-item list. */
async function declareSmallCompany(page: Page) {
  const trabajadores = page.locator('#ae-trabajadores');
  await trabajadores.fill('8');
  await trabajadores.press('Tab');
  await page.getByTestId('ae-clase').click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.getByRole('option', { name: 'I', exact: true }).click();
  await panel.waitFor({ state: 'detached' });
  await containsText(page.getByTestId('ae-lista'), 'Estándares que aplican: 7');
}

describe("'Autoevaluación de estándares mínimos' in Chromium", () => {
  it('answers the 7 items, fills the plan, saves, signs; the PDF is the E05 submission (1366 px)', async () => {
    const { page, context, errors } = await openPage(WIDE);
    await declareSmallCompany(page);
    // Nothing answered yet: the floor alone (87.5), and 7 answers are missing.
    await hasText(page.getByTestId('ae-puntaje'), '87,50');
    await containsText(page.getByTestId('ae-piso'), '87,50');
    // Outside the list: 'No aplica' at full weight, no answer to give.
    await containsText(
      item(page, '1.1.2').getByTestId('ae-fuera'),
      'No aplica (fuera de la lista de su empresa)',
    );
    expect(await item(page, '1.1.2').locator('input[type="radio"]').count()).toBe(0);
    // The table's data notes are for staff (decision 163): 3.1.4, a row they mark, shows none.
    expect(await item(page, '3.1.4').textContent()).not.toContain('sin confirmar');

    for (const [codigo, respuesta] of RESPUESTAS)
      await item(page, codigo).getByTestId(`ae-${respuesta}`).click();
    // 'No aplica' on a list item needs its justification: the server refuses the save, in Spanish.
    await page.getByTestId('ae-guardar').click();
    await containsText(page.locator('.p-toast'), 'para marcarlo como "No aplica" escriba la justificación');
    await containsText(page.getByTestId('ae-version'), 'Sin guardar');
    await item(page, '2.4.1')
      .getByTestId('ae-justificacion')
      .fill('La empresa tiene un solo frente de trabajo y el plan se incluye en el del contratante.');
    await hasText(page.getByTestId('ae-puntaje'), PUNTAJE);
    await hasText(page.getByTestId('ae-clasificacion'), 'Aceptable');
    await containsText(page.getByTestId('ae-porcentaje-lista'), `${PORCENTAJE_LISTA} %`);
    // The plan action of 4.1.2 is still empty: one thing pending.
    await containsText(page.getByTestId('ae-pendientes'), '1 pendiente');

    const accion = page.locator('[data-testid="ae-accion"][data-codigo="4.1.2"]');
    await accion
      .getByTestId('ae-plan-actividad')
      .fill('Taller de identificación de peligros con todo el personal');
    await accion.getByTestId('ae-plan-responsable').fill('Coordinador SST');
    await accion.locator('input#ae-plan-4-1-2-plazo').fill(`15/03/${Number(ano()) + 1}`);
    await accion.getByTestId('ae-plan-recursos').fill('Horas de capacitación y salón');
    await containsText(page.getByTestId('ae-pendientes'), 'Completa');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'autoevaluacion-01-answered');

    // Firmar waits for the save.
    expect(await page.getByTestId('ae-firmar').isDisabled()).toBe(true);
    await page.getByTestId('ae-guardar').click();
    await containsText(page.locator('.p-toast'), 'Autoevaluación guardada.');
    await containsText(page.getByTestId('ae-version'), 'Versión 1');
    await hasText(page.getByTestId('ae-puntaje'), PUNTAJE);

    // The signers are the company's registered ones (docs/decisions/163): none yet, so the dialog
    // says what to register and where, and signing waits.
    await page.getByTestId('ae-firmar').click();
    const dialog = page.getByTestId('ae-firma-dialog');
    await visible(dialog);
    await containsText(page.getByTestId('ae-firma-faltan'), 'registre el representante legal de la empresa');
    expect(await page.getByTestId('ae-firma-enviar').isDisabled()).toBe(true);
    await dialog.getByRole('link', { name: 'Registrar los firmantes en Configuraciones' }).click();
    const firmantes = page.getByTestId('firmantes-empresa');
    await visible(firmantes);
    await page.getByTestId('firmantes-representante-nombre').fill('Ana María Gómez');
    await page.getByTestId('firmantes-representante-documento').fill('52123456');
    await page.getByTestId('firmantes-responsable-nombre').fill('Carlos Pérez Ruiz');
    await page.getByTestId('firmantes-responsable-documento').fill('80123456');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('firmantes-guardar').click();
    await containsText(page.locator('.p-toast'), 'Firmantes guardados.');

    await page.goto(`${h.server.url}/#/autoevaluacion`);
    await visible(page.getByTestId('ae-resumen'));
    await containsText(page.getByTestId('ae-version'), 'Versión 1');
    await page.getByTestId('ae-firmar').click();
    await visible(dialog);
    await containsText(page.getByTestId('ae-firma-representante'), 'Ana María Gómez');
    await containsText(page.getByTestId('ae-firma-responsable'), 'Carlos Pérez Ruiz');
    await containsText(page.getByTestId('ae-advertencia'), 'Ley 599 de 2000');
    // Without the acceptance the schema's own message shows, and nothing is sent.
    await page.getByTestId('ae-firma-enviar').click();
    await containsText(dialog, 'Debe aceptar la declaración');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'autoevaluacion-02-sign-dialog');
    await page.locator('#ae-firma-acepto').check();
    await page.getByTestId('ae-firma-enviar').click();
    await containsText(page.locator('.p-toast'), 'Quedó guardada como la entrega E05 del SG-SST');
    await hidden(dialog);

    // Signed: read-only, with 'Corregir (nueva versión)'.
    await containsText(page.getByTestId('ae-firmada'), 'Solo lectura');
    await containsText(page.getByTestId('ae-firmada'), 'Ana María Gómez');
    await visible(page.getByTestId('ae-corregir'));
    await hidden(page.getByTestId('ae-guardar'));
    expect(await item(page, '1.1.1').locator('input[type="radio"]').first().isDisabled()).toBe(true);
    await hasText(page.getByTestId('ae-puntaje'), PUNTAJE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'autoevaluacion-03-signed', true);

    // The stored version says the same score, and its E05 submission exists.
    const [row] = await query<{ puntaje: string; estado: string; entrega_id: string | null }>(
      h.server.app.db,
      sql`SELECT a.puntaje, a.estado, a.entrega_id FROM autoevaluaciones a JOIN empresas e ON e.id = a.empresa_id
           WHERE e.nit = ${CONTRACTOR.username} ORDER BY a.version DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ estado: 'firmada' });
    expect(Number(row?.puntaje)).toBe(96);
    expect(row?.entrega_id).not.toBeNull();

    // The SG-SST page: the link to this page, and E05 shows the signed PDF.
    await page.goto(`${h.server.url}/#/sg-sst`);
    await visible(page.getByTestId('sg-sst-autoevaluacion'));
    const e05 = page.locator('[data-testid="evidence-row"][data-codigo="E05"]');
    await containsText(e05, `autoevaluacion-estandares-minimos-${ano()}.pdf`);
    await screenshot(page, 'autoevaluacion-04-sg-sst-e05');

    // 'Corregir (nueva versión)' opens the form again; signing is for the next saved version.
    await page.getByTestId('sg-sst-autoevaluacion').click();
    await page.getByTestId('ae-corregir').click();
    await visible(page.getByTestId('ae-guardar'));
    expect(await page.getByTestId('ae-firmar').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone shows the items as cards and the summary as a bottom bar that opens (360 px)', async () => {
    const { page, context, errors } = await openPage(PHONE);
    await visible(item(page, '1.1.1'));
    expect(await overflowsHorizontally(page)).toBe(false);
    const detalle = page.locator('#ae-resumen-detalle');
    await hidden(detalle);
    const abrir = page.locator('.ae-detalle-boton');
    await hasText(abrir, 'Ver detalle');
    await abrir.click();
    await visible(detalle);
    await containsText(detalle, 'art. 28 (tabla de valoración)');
    expect(await abrir.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'autoevaluacion-05-phone');
    await hasText(abrir, 'Ocultar detalle');
    await abrir.click();
    await hidden(detalle);
    // Each item is a card; the bar stays at the bottom of the screen with the score.
    await item(page, '4.1.2').scrollIntoViewIfNeeded();
    await visible(page.getByTestId('ae-puntaje'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'autoevaluacion-06-phone-cards');
    expect(errors).toEqual([]);
    await context.close();
  });
});
