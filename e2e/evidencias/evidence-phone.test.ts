import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, sumarDias } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  CONTRACTOR,
  DESKTOP,
  hasCount,
  hasText,
  PHONE,
  screenshot,
  seriousA11yViolations,
  useHarness,
  visible,
  signedInPage,
  fechasDeDocumento,
  fechasParaEntrega,
  finSegunRegla,
  hoyDe,
  reglaDe,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, validPdf } from '../support/ui';

/**
 * Validity on the evidence pages agrees with the home (docs/decisions/094), and the risk page folds
 * its periods so a phone shows what needs doing (docs/decisions/095).
 */
const h = useHarness();

const signedIn = (viewport: { width: number; height: number }) => signedInPage(h, CONTRACTOR, { viewport });

async function gotoFresh(page: Page, route: string) {
  await page.goto(`${h.server.url}/#/${route}`);
  await page.reload();
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

type Keys = { contratoid?: number; ano?: number; mes?: number };

/** Cells of one risk table row whose boxes intersect or whose content spills out (none should). */
const overlappingCells = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const tr of document.querySelectorAll('.risk-table tbody tr')) {
      const cells = [...tr.querySelectorAll(':scope > td')]
        .map((td) => ({ td, r: td.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
      for (const { td } of cells)
        if (td.scrollWidth > td.clientWidth + 1) out.push(`${td.className} spills out`);
      for (let i = 0; i < cells.length; i++)
        for (let j = i + 1; j < cells.length; j++) {
          const [a, b] = [cells[i].r, cells[j].r];
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) out.push(`${cells[i].td.className} / ${cells[j].td.className}`);
        }
    }
    return out;
  });

async function api() {
  const app = h.server.app;
  const [company, staff] = [await authHeaders(app, CONTRACTOR_A), await authHeaders(app, REVIEWER_LOGIN)];
  const requisito = async (modulo: string, codigo: string) =>
    (
      await query<{ id: number }>(
        app.db,
        sql`SELECT id FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
      )
    )[0].id;
  const upload = async (modulo: string, id: number, name: string, keys: Keys = {}) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/${modulo}/${id}`,
      headers: company,
      payload: {
        ...keys,
        adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { idEntrega: number }).idEntrega;
  };
  /** Approves with the document dates its validity rule reads (decision 113). */
  const approve = async (idEntrega: number) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${idEntrega}/aprobar`,
      headers: staff,
      payload: await fechasParaEntrega(app, idEntrega),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { vigenciaHasta: string | null }).vigenciaHasta;
  };
  return { requisito, upload, approve };
}

describe('evidence pages on phones and validity', () => {
  it("'Vigente hasta' next to 'Aprobado', 'Por vencer' exactly where the home counts 'Vencidos'", async () => {
    const { requisito, upload, approve } = await api();
    const app = h.server.app;
    const hoy = hoyDe(app);
    // Both issued a few days ago: E02 is valid 30 days from its issue, inside the 30-day warning
    // window; E01 365 days, outside it. The ends are the rules' (decision 105).
    const [e02, e01] = [await requisito('sg-sst', 'E02'), await requisito('sg-sst', 'E01')];
    const finPorRegla = async (id: number) => {
      const regla = await reglaDe(app, id);
      return regla && finSegunRegla(regla, fechasDeDocumento(regla, hoy));
    };
    const soon = await approve(await upload('sg-sst', e02, 'camara.pdf'));
    const later = await approve(await upload('sg-sst', e01, 'rut.pdf'));
    expect(soon).toBe(await finPorRegla(e02));
    expect(later).toBe(await finPorRegla(e01));
    expect(soon! >= hoy && soon! <= sumarDias(hoy, 30)).toBe(true);
    expect(later! > sumarDias(hoy, 30)).toBe(true);

    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, context, errors } = await signedIn(viewport);
      // The home: one SG-SST item under 'Vencidos o por vencer' (expired + expiring, the home's rule).
      const count = page.getByTestId(`company-${CONTRACTOR.username}`).getByTestId('count-sg-sst--5');
      await hasText(count.locator('.home-count-label'), 'Vencidos o por vencer');
      await hasText(count.locator('.home-count-value'), '1');

      await gotoFresh(page, 'sg-sst');
      const e02 = page.locator('[data-testid="evidence-row"][data-codigo="E02"]');
      const e01 = page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
      await hasText(e02.getByTestId('estado'), 'Aprobado');
      await hasText(e02.getByTestId('vigencia'), `Vigente hasta ${dmy(soon!)}Por vencer`);
      await hasText(e02.getByTestId('por-vencer'), 'Por vencer');
      await hasText(e01.getByTestId('estado'), 'Aprobado');
      await hasText(e01.getByTestId('vigencia'), `Vigente hasta ${dmy(later!)}`);
      await hasCount(e01.getByTestId('por-vencer'), 0);
      // The page names as many items 'Por vencer' or expired as the home counts.
      await hasCount(page.getByTestId('por-vencer'), 1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await overflowsHorizontally(page)).toBe(false);
      await e02.scrollIntoViewIfNeeded();
      await screenshot(page, `evidence-phone-01-vigencia-${tag}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("gestión del riesgo on a 360x740 phone: current and pending periods first, approved ones behind 'Ver todos los lapsos'", async () => {
    const { requisito, upload, approve } = await api();
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    // Demo contracts started three months ago: four periods. M01's three older ones are approved
    // (done), M03's second one is awaiting review (still pending: it stays in view).
    const [y, m] = hoyEnColombia(new Date()).split('-').map(Number);
    const months = [0, 1, 2, 3].map((k) => {
      const n = y * 12 + (m - 1) - k;
      return { ano: Math.floor(n / 12), mes: (n % 12) + 1 };
    });
    const m01 = await requisito('g-riesgo', 'M01');
    for (const p of months.slice(1))
      await approve(await upload('g-riesgo', m01, `pila-${p.ano}-${p.mes}.pdf`, { contratoid: c.id, ...p }));
    await upload('g-riesgo', await requisito('g-riesgo', 'M03'), 'nomina.pdf', {
      contratoid: c.id,
      ...months[1],
    });

    const { page, context, errors } = await signedIn(PHONE);
    await gotoFresh(page, 'gestion-riesgo');
    await chooseContract(page, c);
    const table = page.getByTestId('evidence-table');
    await visible(table);
    expect(await overflowsHorizontally(page)).toBe(false);

    const periodsOf = (codigo: string) =>
      table.locator(
        `[data-testid="evidence-row"][data-codigo="${codigo}"], [data-testid="period-row"][data-codigo="${codigo}"]`,
      );
    // M01: only the current period shows; the three approved ones are folded.
    await hasCount(periodsOf('M01'), 1);
    const m01Row = table.locator('[data-testid="evidence-row"][data-codigo="M01"]');
    expect(await m01Row.getAttribute('data-periodo')).toBe(`${months[0].ano}-${months[0].mes}`);
    // M03 has nothing approved: every period is pending (one awaiting review) and shows.
    await hasCount(periodsOf('M03'), 4);
    await hasText(
      table.locator(`[data-testid="period-row"][data-codigo="M03"]`).first().getByTestId('estado'),
      'Cargado pendiente por aprobar',
    );
    const height = await pageHeight(page);
    await screenshot(page, 'evidence-phone-02-riesgo-folded', true);

    // 'Ver todos los lapsos' opens M01's history of periods, and closes it again.
    // Only M01 has folded periods: one toggle, named for its document.
    const toggle = page.getByTestId('all-periods');
    await hasCount(toggle, 1);
    await hasText(toggle, 'Ver todos los lapsos (4)');
    expect(await toggle.getAttribute('aria-label')).toMatch(/^Ver todos los lapsos \(4\): Planilla PILA/);
    await toggle.click();
    await hasCount(periodsOf('M01'), 4);
    await hasText(
      table.locator(`[data-testid="period-row"][data-codigo="M01"]`).last().getByTestId('estado'),
      'Aprobado',
    );
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // In a compact entry nothing covers the period's name (its cells never overlap).
    expect(await overlappingCells(page)).toEqual([]);
    await toggle.scrollIntoViewIfNeeded();
    await screenshot(page, 'evidence-phone-03-riesgo-all-periods');
    await hasText(toggle, 'Ver solo el actual y los pendientes');
    await toggle.click();
    await hasCount(periodsOf('M01'), 1);

    // A compact period: two lines instead of four labelled ones (about 150 px each before), so the
    // page stays well below the 6,273 px measured before this layout for 8 documents x 4 periods.
    // M01's periods since carry 'Conciliar planilla PILA' and the page a 'Matriz PILA' button
    // (decision 128): 4,463 px measured with them.
    const entry = await table.locator('[data-testid="period-row"]').first().boundingBox();
    expect(entry!.height).toBeLessThan(100);
    const rows = await table.locator('[data-testid="evidence-row"]').count();
    const periods = await table.locator('[data-testid="period-row"]').count();
    console.info(`riesgo phone: ${rows} documents, ${periods} sub-periods, ${height} px`);
    expect(height).toBeLessThan(4_600);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
