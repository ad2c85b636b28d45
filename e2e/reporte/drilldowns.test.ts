import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contratoEtiqueta, MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import {
  ADMIN,
  containsText,
  CONTRACTOR,
  DESKTOP,
  hasText,
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

/**
 * Drill-downs name the contract, 'project - contract type - activity' (docs/decisions/099): company A
 * gets a second contract on the project of its first one, with another activity; the home detail
 * modal, the compliance view of staff and its items then tell the two apart.
 */
const h = useHarness();

type Contrato = { id: number; proyecto: string; tipo: string; actividad: string };

async function contractsOfA(): Promise<Contrato[]> {
  return query<Contrato>(
    h.server.app.db,
    sql`SELECT c.id, p.descripcion AS proyecto, t.descripcion AS tipo, a.descripcion AS actividad
          FROM contratos c JOIN empresas e ON e.id = c.empresa_id JOIN proyectos p ON p.id = c.proyecto_id
          JOIN actividades a ON a.id = c.actividad_id JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
         WHERE e.nit = ${CONTRACTOR.username} ORDER BY c.id`,
  );
}

const label = (c: Contrato) =>
  contratoEtiqueta({ proyecto: c.proyecto, tipoContrato: c.tipo, actividad: c.actividad });

/** A second contract of A on the same project as its first, with another activity (the contractor's API). */
async function sameProjectContract(): Promise<[Contrato, Contrato]> {
  const [first] = await contractsOfA();
  const [ids] = await query<{
    proyecto_id: number;
    tipo_id: number;
    actividad_id: number;
    regional_id: number;
  }>(
    h.server.app.db,
    sql`SELECT c.proyecto_id, c.tipo_contrato_id AS tipo_id, c.regional_id,
               (SELECT a.id FROM actividades a WHERE a.id <> c.actividad_id AND a.activo ORDER BY a.id LIMIT 1) AS actividad_id
          FROM contratos c WHERE c.id = ${first.id}`,
  );
  const res = await h.server.app.inject({
    method: 'POST',
    url: '/api/contratista/contratos',
    headers: await authHeaders(h.server.app, CONTRACTOR_A),
    payload: {
      descripcion: 'Segundo frente de obra en el mismo proyecto',
      idProyecto: ids.proyecto_id,
      idTipocontrato: ids.tipo_id,
      idActividad: ids.actividad_id,
      ...(ids.regional_id ? { idRegional: ids.regional_id } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const second = (await contractsOfA()).find((c) => c.id === (res.json() as { id: number }).id)!;
  expect(second.proyecto).toBe(first.proyecto);
  expect(label(second)).not.toBe(label(first));
  return [first, second];
}

/** Company A has several contracts: the contract modal asks for one after sign-in; take the first. */
async function chooseFirstContract(page: Page) {
  const modal = page.getByTestId('contract-modal');
  await visible(modal.or(page.getByTestId('current-contract-name')));
  if (!(await modal.isVisible())) return;
  await page.getByTestId('contract-choice').click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').first().click();
  await page.getByTestId('contract-select').click();
  await modal.waitFor({ state: 'hidden' });
}

const columnTexts = async (table: Locator, header: string): Promise<string[]> => {
  const headers = await table.locator('thead th').allInnerTexts();
  const idx = headers.map((t) => t.trim()).indexOf(header);
  expect(idx, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return table.locator(`tbody tr td:nth-child(${idx + 1})`).allInnerTexts();
};

describe('drill-downs name the contract', () => {
  let contracts: [Contrato, Contrato];

  it('home: the detail rows of two contracts on one project tell them apart', async () => {
    contracts = await sameProjectContract();
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, errors } = await openPage(h.browser, { viewport });
      await openLogin(page, h.server.url);
      await signIn(page, CONTRACTOR);
      await page.waitForURL(/#\/home$/);
      await chooseFirstContract(page);
      // Risk management: every contract has its periods pending, both contracts appear.
      await page.getByTestId('count-g-riesgo--9').click();
      const detail = page.getByRole('dialog', { name: /^Gestión del Riesgo - P\. por cargar/ });
      await visible(detail.locator('tbody tr').first());
      await page.getByTestId('detail-close').waitFor();
      // Every row of every page: the contract column names project, contract type and activity.
      const seen = new Set<string>();
      const next = detail.locator('.p-paginator-next');
      for (;;) {
        if (viewport === DESKTOP) {
          for (const t of await columnTexts(detail, MSG.colContrato)) seen.add(t.trim());
        } else {
          // Phones stack each row as cards: the cell text follows its column title.
          for (const t of await detail.locator('tbody tr td:first-child').allInnerTexts())
            seen.add(t.replace(MSG.colContrato, '').trim());
        }
        if ((await next.count()) === 0 || (await next.isDisabled())) break;
        const before = await detail.locator('.p-paginator-current').innerText();
        await next.click();
        await expect.poll(() => detail.locator('.p-paginator-current').innerText()).not.toBe(before);
      }
      expect([...seen]).toEqual(expect.arrayContaining(contracts.map(label)));
      await screenshot(page, `drilldown-home-${viewport.width}`);
      if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
      await detail.getByTestId('detail-close').click();
      await hidden(detail);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('staff compliance: contract cards and items name project, contract type and activity', async () => {
    const [empresa] = await query<{ id: number }>(
      h.server.app.db,
      sql`SELECT id FROM empresas WHERE nit = ${CONTRACTOR.username}`,
    );
    const { page, context, errors } = await openPage(h.browser, { viewport: DESKTOP });
    await openLogin(page, h.server.url);
    await signIn(page, ADMIN);
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/admin/empresas/${empresa.id}/contratos`);
    for (const c of contracts) await hasText(page.getByTestId(`contract-${c.id}`).locator('h3'), label(c));
    await screenshot(page, 'drilldown-compliance-cards');

    // The items of one contract's risk periods: the contract column names that contract.
    const [, second] = contracts;
    await page
      .getByTestId(`module-${second.id}-g-riesgo`)
      .getByRole('button', { name: new RegExp(`${MSG.colAplicables}$`) })
      .click();
    const items = page.getByTestId('compliance-items');
    // Wait for that contract's items (the table may still show the previous ones for a moment).
    await containsText(items.locator('tbody tr').first(), label(second));
    const cells = await columnTexts(items, MSG.colContrato);
    expect(cells.length).toBeGreaterThan(0);
    for (const t of cells) expect(t).toContain(label(second));
    await screenshot(page, 'drilldown-compliance-items');
    expect(errors).toEqual([]);
    await context.close();
  });
});
