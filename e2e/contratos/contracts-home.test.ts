import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  conteosInicio,
  contratoEtiqueta,
  MSG,
  type Contrato,
  type MenuOption,
  type ReporteDetalleRow,
  type ReporteEmpresa,
} from '@proveedores/domain';
import {
  alertText,
  closeAlert,
  CONTRACTOR,
  CONTRACTOR_B,
  hasCount,
  hasText,
  hasValue,
  hidden,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signIn,
  storedToken,
  useHarness,
  visible,
} from '../support';
import { query } from '../../server/src/db/client';

/**
 * Contract selection (docs/contract.md) and the home in Chromium against the real
 * server. Every number on screen is compared with the server's own answer fetched in the test.
 */
const h = useHarness();

type Who = { username: string; password: string; staff?: boolean };

async function signedIn(who: Who, viewport?: { width: number; height: number }) {
  const t = await openPage(h.browser, { viewport, isMobile: viewport === PHONE });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, who);
  await t.page.waitForURL(/#\/home$/);
  const token = await storedToken(t.page);
  if (!token) throw new Error('no token after sign-in');
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${h.server.url}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  return { ...t, token, get };
}

const label = (
  c: Pick<Contrato, 'proyectos_descrpcion' | 'tipocontrato_descrpcion' | 'actividad_descrpcion'>,
) => `${c.proyectos_descrpcion} - ${c.tipocontrato_descrpcion} - ${c.actividad_descrpcion}`;

/** Picks an option of a PrimeReact Dropdown (typing in its filter when it has one). */
async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const filter = panel.locator('.p-dropdown-filter');
  if (await filter.count()) await filter.fill(option);
  await panel.getByRole('option', { name: option }).first().click();
  await panel.waitFor({ state: 'detached' });
}

async function send(page: Page) {
  await page.getByTestId('contract-send').click();
  return alertText(page);
}

/** Visible texts of a table's header cells / first row cells (innerText skips hidden stack titles). */
const headerTexts = (dialog: Locator) => dialog.locator('thead th').allInnerTexts();
const firstRowTexts = (dialog: Locator) => dialog.locator('tbody tr').first().locator('td').allInnerTexts();

/** axe on the page as shown (reduced motion: dialogs are never half faded, decision 088). */
const axe = (page: Page) => seriousA11yViolations(page);

const storage = (page: Page, key: string) =>
  page.evaluate((k) => [sessionStorage.getItem(k), localStorage.getItem(k)], key);

/** The panel, cards and module counts show exactly what GET /api/contratista/reporte says. */
async function expectSummaryMatches(page: Page, report: ReporteEmpresa[]) {
  const sums = { '-9': 0, '-5': 0, '-1': 0 } as Record<string, number>;
  for (const e of report)
    for (const m of e.modulos) for (const c of conteosInicio(m)) sums[c.filtro] += c.cantidad;
  for (const filtro of ['-9', '-5', '-1']) {
    const card = page.getByTestId(`card-${filtro}`);
    if (sums[filtro] > 0) await hasText(card.locator('.home-card-value'), String(sums[filtro]));
    else await hasCount(card, 0);
  }
  for (const e of report.filter((x) => x.total > 0)) {
    const company = page.getByTestId(`company-${e.nit}`);
    await hasText(company.getByTestId('company-total'), `${MSG.homeCompanyTotal}: ${e.total}`);
    for (const m of e.modulos) {
      for (const c of conteosInicio(m)) {
        const count = company.getByTestId(`count-${m.modulo}-${c.filtro}`);
        // Counts are shown only when non-zero.
        if (c.cantidad > 0) {
          await hasText(count.locator('.home-count-label'), c.etiqueta);
          await hasText(count.locator('.home-count-value'), String(c.cantidad));
        } else await hasCount(count, 0);
      }
      if (conteosInicio(m).every((c) => c.cantidad === 0))
        await hasCount(company.getByTestId(`module-${m.modulo}`), 0);
    }
  }
}

describe('contract modal and home (Chromium, real server)', () => {
  it('contractor A: chooses a contract, sees the real summary, drills down, creates a contract (each alert in order)', async () => {
    const { page, context, errors, get } = await signedIn(CONTRACTOR);
    const [{ contratos }] = await get<[{ contratos: Contrato[] }]>('api/contratista');
    expect(contratos).toHaveLength(2);

    // Two contracts and none stored: the modal opens by itself after sign-in, in select mode.
    const modal = page.getByRole('dialog', { name: MSG.contractModalTitle });
    await visible(modal);
    await visible(modal.getByText(MSG.contractSelectPlaceholder));
    await visible(modal.getByRole('button', { name: MSG.contractNewButton }));
    await screenshot(page, 'contracts-desktop-01-select-mode');
    expect(await axe(page)).toEqual([]);
    await modal.getByTestId('contract-select').click();
    await visible(modal.getByText(MSG.contractChooseOne));

    // Options read 'project - contract type - activity', in the server's order.
    await page.getByTestId('contract-choice').click();
    const options = page.locator('.p-dropdown-panel').getByRole('option');
    await hasCount(options, 2);
    for (const [i, c] of contratos.entries()) expect(await options.nth(i).innerText()).toContain(label(c));
    await screenshot(page, 'contracts-desktop-02-options');
    const torres = contratos.find((c) => c.actividad_descrpcion === 'Estructura en concreto')!;
    await options.filter({ hasText: label(torres) }).click();
    await modal.getByTestId('contract-select').click();

    // Chosen: stored with its descriptions (both storages), modal closed, at home.
    await hidden(modal);
    await page.waitForURL(/#\/home$/);
    expect(await storage(page, 'contrato')).toEqual([String(torres.id), String(torres.id)]);
    expect(await storage(page, 'idproyecto')).toEqual([
      String(torres.proyectos_id),
      String(torres.proyectos_id),
    ]);
    expect((await storage(page, 'proyecto'))[0]).toBe(torres.proyectos_descrpcion);
    expect((await storage(page, 'tipocontrato'))[0]).toBe(torres.tipocontrato_descrpcion);
    expect((await storage(page, 'actividad'))[0]).toBe(torres.actividad_descrpcion);
    await hasText(page.getByTestId('current-contract-name'), label(torres).toLocaleUpperCase('es'));

    // Menu tiles are the server's options.
    const menu = await get<MenuOption[]>('api/contratista/opciones_menu');
    await hasCount(page.getByTestId('menu-tiles').locator('a'), menu.length);
    for (const o of menu) {
      const tile = page.getByTestId(`tile-${o.id}`);
      await hasText(tile.locator('.home-tile-title'), o.titulo);
      await hasText(tile.locator('.home-tile-description'), o.descripcion);
      expect(await tile.getAttribute('href')).toBe(`#/${o.ruta}`);
    }

    // The summary: the demo company has no uploads, so only pending counts, equal to the server's.
    const report = await get<ReporteEmpresa[]>('api/contratista/reporte');
    expect(report.map((e) => e.nit)).toEqual([CONTRACTOR.username]);
    const [empresa] = report;
    const pending = empresa.modulos.reduce((n, m) => n + m.faltantes, 0);
    expect(pending).toBeGreaterThan(0);
    expect(empresa.total).toBe(pending);
    await visible(page.getByTestId('summary-panel'));
    await expectSummaryMatches(page, report);
    await hasCount(page.getByTestId('card--5'), 0);
    await hasCount(page.getByTestId('card--1'), 0);
    await screenshot(page, 'contracts-desktop-03-home', true);
    expect(await axe(page)).toEqual([]);

    // Drill-down: one count -> its rows, only the columns present, header from the first row.
    const riesgo = empresa.modulos.find((m) => m.modulo === 'g-riesgo')!;
    const rows = await get<ReporteDetalleRow[]>('api/contratista/reporte/g-riesgo/-9');
    expect(rows).toHaveLength(riesgo.faltantes);
    await page.getByTestId('count-g-riesgo--9').click();
    const detail = page.getByRole('dialog', {
      name: `Gestión del Riesgo - P. por cargar (${riesgo.faltantes})`,
    });
    await visible(detail);
    await visible(detail.locator('tbody tr').first());
    expect(await headerTexts(detail)).toEqual(['Contrato', 'Lapso', 'Documento']);
    await hasCount(detail.locator('tbody tr'), Math.min(10, rows.length));
    const contrato = contratoEtiqueta({
      proyecto: rows[0].proyecto,
      tipoContrato: rows[0].tipocontrato,
      actividad: rows[0].actividad,
    });
    expect(await firstRowTexts(detail)).toEqual([contrato, rows[0].lapso, rows[0].documento]);
    await hasText(detail.locator('.p-paginator-current'), `1 - 10 de ${rows.length}`);
    await screenshot(page, 'contracts-desktop-04-drill-down');
    expect(await axe(page)).toEqual([]);
    expect(await detail.getByTestId('detail-close').innerText()).toBe(MSG.close);
    await detail.getByTestId('detail-close').click();
    await hidden(detail);

    // SG-SST rows are company-level: no contract column.
    await page.getByTestId('count-sg-sst--9').click();
    const sgsst = page.getByRole('dialog', { name: /^SG-SST - P\. por cargar/ });
    await visible(sgsst.locator('tbody tr').first());
    expect(await headerTexts(sgsst)).toEqual(['Documento']);
    await sgsst.getByTestId('detail-close').click();
    await hidden(sgsst);

    // The company's detail icon: every item of the company, with module and status first.
    await page.getByTestId('company-detail').click();
    const all = page.getByRole('dialog', { name: `${empresa.razonsocial} (${empresa.total})` });
    await visible(all.locator('tbody tr').first());
    expect(await headerTexts(all)).toEqual(['Módulo', 'Estado', 'Contrato', 'Lapso', 'Documento']);
    await hasText(all.locator('.p-paginator-current'), `1 - 10 de ${empresa.total}`);
    await all.getByTestId('detail-close').click();
    await hidden(all);

    // The pending card opens the same items across the modules.
    await page.getByTestId('card--9').getByRole('button').click();
    const card = page.getByRole('dialog', { name: `${MSG.homePendingCard} (${pending})` });
    await hasText(card.locator('.p-paginator-current'), `1 - 10 de ${pending}`);
    await card.getByTestId('detail-close').click();
    await hidden(card);

    // New contract: 'Proyecto' opens the modal with the current contract preselected.
    await page.getByTestId('project-link').click();
    await visible(modal);
    await hasText(modal.locator('.p-dropdown-label'), label(torres));
    await modal.getByTestId('contract-new').click();
    const form = page.getByRole('dialog', { name: MSG.contractNewTitle });
    await visible(form);
    for (const l of ['Proyecto *', 'Tipo Contrato *', 'Actividad *', 'Objeto del Contrato *', 'Regional'])
      await visible(form.getByText(l, { exact: true }));
    await screenshot(page, 'contracts-desktop-05-new-mode');
    expect(await axe(page)).toEqual([]);

    // Every empty required field named under it at once; each message goes when its field is filled.
    await form.getByTestId('contract-send').click();
    const problem = (f: string) => form.getByTestId(`contract-${f}-error`);
    await hasText(problem('objeto'), MSG.contractDescriptionRequired);
    await hasText(problem('proyecto'), MSG.contractProjectRequired);
    await hasText(problem('actividad'), MSG.contractActivityRequired);
    await hasText(problem('tipo'), MSG.contractTypeRequired);
    await screenshot(page, 'contracts-desktop-06-field-errors');
    await form
      .getByLabel('Objeto del Contrato *')
      .fill('Montaje de estructura metálica del bloque de urgencias');
    await hidden(problem('objeto'));
    await pick(page, 'contract-proyecto', 'Conjunto Altos de Riomar');
    await pick(page, 'contract-actividad', 'Montaje de estructura metálica');
    await hidden(problem('actividad'));
    await visible(problem('tipo'));
    await pick(page, 'contract-tipo', 'Prestación de servicios');
    await hidden(problem('tipo'));

    // A refusal from the server: the project was retired after the form loaded.
    const db = h.server.app.db;
    await query(db, sql`UPDATE proyectos SET activo = false WHERE descripcion = 'Conjunto Altos de Riomar'`);
    await page.getByTestId('contract-send').click();
    const popup = page.locator('.swal2-popup');
    await hasText(popup.locator('.swal2-title'), MSG.contractNotSent);
    await popup.getByRole('button', { name: MSG.seeDetail }).click();
    expect(await alertText(page)).toBe(MSG.contractProjectUnknown);
    await closeAlert(page);

    // Another project, regional left empty (optional): sent, form reset, list and masters reloaded.
    await pick(page, 'contract-proyecto', 'Hospital Regional del Sur');
    expect(await send(page)).toBe(MSG.contractSent);
    await closeAlert(page);
    const [{ contratos: after }] = await get<[{ contratos: Contrato[] }]>('api/contratista');
    expect(after).toHaveLength(3);
    const created = after.find((c) => !contratos.some((o) => o.id === c.id))!;
    expect(created).toMatchObject({
      detalle: 'Montaje de estructura metálica del bloque de urgencias',
      proyectos_descrpcion: 'Hospital Regional del Sur',
      actividad_descrpcion: 'Montaje de estructura metálica',
      tipocontrato_descrpcion: 'Prestación de servicios',
      regional_id: null,
    });
    // Back in select mode with the new contract preselected; three options now.
    await visible(modal);
    await hasText(modal.locator('.p-dropdown-label'), label(created));
    await page.getByTestId('contract-choice').click();
    await hasCount(page.locator('.p-dropdown-panel').getByRole('option'), 3);
    // Esc closes the list only (a click on the field may land on the list the dialog moved over it).
    await page.keyboard.press('Escape');
    await hidden(page.locator('.p-dropdown-panel'));
    await visible(modal);
    // The masters were reloaded: the retired project is gone from a fresh form.
    await modal.getByTestId('contract-new').click();
    await page.getByTestId('contract-proyecto').click();
    await visible(
      page.locator('.p-dropdown-panel').getByRole('option', { name: 'Hospital Regional del Sur' }),
    );
    await hasCount(
      page.locator('.p-dropdown-panel').getByRole('option', { name: 'Conjunto Altos de Riomar' }),
      0,
    );
    await page.getByTestId('contract-proyecto').click();
    await hidden(page.locator('.p-dropdown-panel'));
    await hasValue(form.getByLabel('Objeto del Contrato *'), '');
    await form.getByTestId('contract-back').click();
    await query(db, sql`UPDATE proyectos SET activo = true WHERE descripcion = 'Conjunto Altos de Riomar'`);

    // Choose it: stored, home reloaded, and the summary now counts the new contract's items.
    await modal.getByTestId('contract-select').click();
    await hidden(modal);
    expect((await storage(page, 'contrato'))[0]).toBe(String(created.id));
    await hasText(page.getByTestId('current-contract-name'), label(created).toLocaleUpperCase('es'));
    const report2 = await get<ReporteEmpresa[]>('api/contratista/reporte');
    expect(report2[0].total).toBeGreaterThan(empresa.total);
    await expectSummaryMatches(page, report2);

    // A tile navigates to its route.
    await page.getByTestId('tile-configuraciones').click();
    await page.waitForURL(/#\/cambiar-clave$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a 360 px phone: modal, home and drill-down fit; company B (one contract) gets it chosen automatically', async () => {
    // Company A on a phone: the modal, the home and the drill-down, nothing wider than the screen.
    const a = await signedIn(CONTRACTOR, PHONE);
    const overflow = () => a.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const modal = a.page.getByRole('dialog', { name: MSG.contractModalTitle });
    await visible(modal);
    await screenshot(a.page, 'contracts-phone-01-select-mode');
    await a.page.getByTestId('contract-choice').click();
    await a.page.locator('.p-dropdown-panel').getByRole('option').first().click();
    await a.page.getByTestId('contract-select').click();
    await hidden(modal);
    await visible(a.page.getByTestId('summary-panel'));
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(a.page, 'contracts-phone-02-home', true);
    await a.page.getByTestId('count-g-riesgo--9').click();
    const detail = a.page.getByRole('dialog', { name: /^Gestión del Riesgo - P\. por cargar/ });
    await visible(detail.locator('tbody tr').first());
    await screenshot(a.page, 'contracts-phone-03-drill-down');
    await detail.getByTestId('detail-close').click();
    await a.page.getByTestId('project-link').click();
    await a.page.getByTestId('contract-new').click();
    await visible(a.page.getByRole('dialog', { name: MSG.contractNewTitle }));
    await screenshot(a.page, 'contracts-phone-04-new-mode');
    await a.page.locator('.contract-modal .p-dialog-header-close').click();
    await hidden(a.page.getByTestId('contract-modal'));

    // Company B signs in in the same tab right after A signs out: nothing of A's is shown (the
    // cache went with A's session). B has exactly one contract: chosen automatically, no modal.
    await a.page.getByTestId('logout-link').click();
    await a.page.waitForURL(/#\/login$/);
    await signIn(a.page, CONTRACTOR_B);
    await a.page.waitForURL(/#\/home$/);
    const tokenB = await storedToken(a.page);
    const b = {
      ...a,
      get: async <T>(path: string): Promise<T> => {
        const res = await fetch(`${h.server.url}/${path}`, {
          headers: { authorization: `Bearer ${tokenB}` },
        });
        expect(res.status).toBe(200);
        return (await res.json()) as T;
      },
    };
    const [{ contratos }] = await b.get<[{ contratos: Contrato[] }]>('api/contratista');
    expect(contratos).toHaveLength(1);
    await hasText(b.page.getByTestId('current-contract-name'), label(contratos[0]).toLocaleUpperCase('es'));
    expect((await storage(b.page, 'contrato'))[0]).toBe(String(contratos[0].id));
    await hasCount(b.page.getByRole('dialog'), 0);
    const report = await b.get<ReporteEmpresa[]>('api/contratista/reporte');
    expect(report.map((e) => e.nit)).toEqual([CONTRACTOR_B.username]);
    await expectSummaryMatches(b.page, report);
    await hasCount(b.page.getByTestId(`company-${CONTRACTOR.username}`), 0);
    await screenshot(b.page, 'contracts-phone-05-home-b', true);
    // Its modal lists the one contract, already chosen.
    await b.page.getByTestId('project-link').click();
    await hasText(b.page.locator('.contract-modal .p-dropdown-label'), label(contratos[0]));
    expect(b.errors).toEqual([]);
    await b.context.close();
  });

  it('staff: no contract modal, staff tiles, every company in the panel, drill-down by nit', async () => {
    const { page, context, errors, get } = await signedIn({ ...REVIEWER, staff: true });
    await hasCount(page.getByTestId('project-link'), 0);
    await hasCount(page.getByTestId('current-contract'), 0);
    const menu = await get<MenuOption[]>('api/contratista/opciones_menu');
    await hasCount(page.getByTestId('menu-tiles').locator('a'), menu.length);
    const report = await get<ReporteEmpresa[]>('api/contratista/reporte');
    expect(report.length).toBeGreaterThanOrEqual(2);
    await expectSummaryMatches(page, report);
    await hasCount(page.getByRole('dialog'), 0);
    // Many companies: rows start closed; open company A and drill into its SG-SST pending items.
    const a = page.getByTestId(`company-${CONTRACTOR.username}`);
    await a.getByRole('button', { expanded: false }).click();
    await a.getByTestId('count-sg-sst--9').click();
    const detail = page.getByRole('dialog', { name: /^SG-SST - P\. por cargar/ });
    const sgsst = report
      .find((e) => e.nit === CONTRACTOR.username)!
      .modulos.find((m) => m.modulo === 'sg-sst')!;
    await hasText(detail.locator('.p-paginator-current'), `1 - 10 de ${sgsst.faltantes}`);
    await screenshot(page, 'contracts-desktop-07-staff');
    await detail.getByTestId('detail-close').click();
    expect(errors).toEqual([]);
    await context.close();
  });
});
