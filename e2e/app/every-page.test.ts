import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { upsertStaff } from '../../server/src/ops/staff';
import { chooseContract, demoContract, overflowsHorizontally } from '../support/ui';
import {
  ADMIN,
  CONTRACTOR,
  DESKTOP,
  hasCount,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  sessionPage,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Axe on every page and the phone-size pass (docs/decisions/017, 104), as one sweep: every route of the web
 * app (web/src/lib/paths.ts ROUTES) is opened by the user who can see it, at 1280x800 and at 360x740, and
 * must show its heading, have no serious or critical axe violation, no page error, and on the phone: no
 * sideways scrolling, nothing fixed over 'Cerrar Sesión' or 'Ir al Inicio', and no empty space below the
 * content (decisions 102, 104). The flows behind each page have their own files; this one makes sure no page
 * is left out of the accessibility and phone checks.
 */
const h = useHarness();

/** Waits for the page's heading (or its own marker) and for its data: no spinner or skeleton left. */
async function settled(page: Page, v: Visit) {
  if (v.confirms) {
    // An 'Eliminar' page asks for a confirmation once its item is loaded: that alert is the state
    // to measure. It hides the page from assistive technology, so the heading is found by its tag.
    await visible(page.locator('h1').filter({ hasText: v.heading }));
    await visible(page.locator('.swal2-popup'));
    return;
  }
  await visible(
    v.heading === 'stub'
      ? page.getByTestId('proveedor-stub')
      : page.getByRole('heading', { level: 1, name: v.heading }),
  );
  await hasCount(
    page.locator('.p-progress-spinner, .p-skeleton, [aria-busy="true"]').filter({ visible: true }),
    0,
  );
}

type Visit = { route: string; heading: string | RegExp; name: string; confirms?: true };

/** Header controls a toast or a dialog mask left behind must never cover (decision 102). */
const HEADER_CONTROLS = ['Cerrar Sesión', 'Ir al Inicio'] as const;

/**
 * Names of the header controls that something else (a toast, a mask left behind, any fixed or
 * absolute layer) covers: a tap at the control's centre does not reach the control. 'Ir al Inicio'
 * only where the page has it.
 */
async function coveredHeaderControls(page: Page): Promise<string[]> {
  const covered: string[] = [];
  for (const name of HEADER_CONTROLS) {
    const control =
      name === 'Cerrar Sesión'
        ? // The shell's link, or the gate page's own sign-out button (decision 124).
          page.getByTestId('logout-link').or(page.getByRole('button', { name, exact: true }))
        : page.getByRole('link', { name, exact: true });
    if (name === 'Ir al Inicio' && (await control.count()) === 0) continue;
    const reached = await control.first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'off screen';
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return '';
      return hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : 'nothing';
    });
    if (reached) covered.push(`${name} covered by ${reached}`);
  }
  return covered;
}

/**
 * The page's height against its content: `scrollHeight` of the document, and the bottom of the
 * lowest thing a person can see in the main area (text, controls, images: elements without
 * element children or with their own text), so a page padded, stretched or left with an empty
 * block below its content shows up. The allowance covers the paddings and margins of the frame
 * around the last item (card padding, section margin, the shell's bottom padding).
 */
const TAIL_ALLOWANCE = 120;

async function measureHeight(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('.shell-main') ?? document.body;
    let bottom = 0;
    // A bar stuck to the bottom of the screen (position: sticky; bottom) keeps its slot at the end of
    // the page while it is drawn over the content: its slot is content, not empty space.
    let stickyBottom = 0;
    for (const el of main.querySelectorAll('*')) {
      const st = getComputedStyle(el);
      if (st.position === 'sticky' && st.bottom !== 'auto')
        stickyBottom = Math.max(stickyBottom, el.getBoundingClientRect().height);
    }
    for (const el of main.querySelectorAll('*')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
      if (el.childElementCount > 0 && !ownText) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.position === 'fixed') continue;
      bottom = Math.max(bottom, r.bottom + scrollY);
    }
    return {
      scrollHeight: document.documentElement.scrollHeight,
      contentBottom: Math.ceil(bottom),
      stickyBottom: Math.ceil(stickyBottom),
      viewport: innerHeight,
    };
  });
}

/** Heights measured at 360x740, printed once per file run (the report of decision 104). */
const heights: string[] = [];
afterAll(() => {
  if (heights.length)
    console.log(`Page heights at 360x740 (scrollHeight / content bottom):\n${heights.join('\n')}`);
});

async function sweep(page: Page, baseUrl: string, errors: string[], visits: Visit[], who: string) {
  const problems: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const v of visits) {
      // A full load per page: after a hash change the previous page's heading could still be there.
      await page.goto('about:blank');
      await page.goto(`${baseUrl}/#/${v.route}`);
      await settled(page, v);
      const where = `${who} ${v.route} @${size.width}`;
      for (const line of await seriousA11yViolations(page)) problems.push(`${where}: ${line}`);
      if (size === PHONE) {
        if (await overflowsHorizontally(page)) problems.push(`${where}: scrolls sideways`);
        // An 'Eliminar' page's confirmation is a modal alert on purpose: it is the state measured.
        if (!v.confirms) for (const c of await coveredHeaderControls(page)) problems.push(`${where}: ${c}`);
        const m = await measureHeight(page);
        heights.push(`  ${where}: ${m.scrollHeight} / ${m.contentBottom}`);
        if (m.scrollHeight > Math.max(m.viewport, m.contentBottom + m.stickyBottom + TAIL_ALLOWANCE))
          problems.push(
            `${where}: ${m.scrollHeight} px tall for content ending at ${m.contentBottom} px (empty space below)`,
          );
      }
      await screenshot(page, `every-page-${who}-${v.name}-${size.width}`);
    }
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
}

/** A sweep visits a dozen pages at two sizes with axe: 115-120 s on a slow 2-core machine. */
const SWEEP = { timeout: 300_000 };

describe('every page: heading, axe (no serious or critical) and phone width', () => {
  it('the contractor pages', SWEEP, async () => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    // The sign-in screen itself, at both sizes (its dialogs are covered in a11y.test.ts).
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (size === PHONE) expect(await overflowsHorizontally(page)).toBe(false);
    }
    await page.setViewportSize(DESKTOP);
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home/);
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await chooseContract(page, c);
    await sweep(
      page,
      h.server.url,
      errors,
      [
        { route: 'home', heading: 'Inicio', name: 'home' },
        { route: 'sg-sst', heading: /SG-SST/i, name: 'sg-sst' },
        { route: 'ingreso-personal', heading: /Personal/i, name: 'personal' },
        { route: 'gestion-riesgo', heading: /Riesgo/i, name: 'riesgo' },
        { route: 'aptitud-personal', heading: 'Aptitud del personal', name: 'aptitud' },
        { route: 'autoevaluacion', heading: /Autoevaluaci/i, name: 'autoevaluacion' },
        { route: 'retenido', heading: /Reten/i, name: 'retenido' },
        { route: 'cambiar-clave', heading: /.+/, name: 'ajustes' },
        { route: 'historial?model=sg-sst', heading: /Historial/i, name: 'historial' },
        { route: 'reportesociodemografico', heading: /sociodemogr/i, name: 'socio' },
        { route: 'list-dinamico/histdocs?path=sg-sst', heading: /.+/, name: 'list' },
        { route: 'proveedor', heading: 'stub', name: 'proveedor' },
      ],
      'contratista',
    );
    await context.close();
  });

  it('the reviewer and administrator pages', SWEEP, async () => {
    // Signed in through the API (sessionPage): the login screen is swept with the contractor.
    const { page, context, errors } = await sessionPage(h, ADMIN);
    await page.waitForURL(/#\/home/);
    await sweep(
      page,
      h.server.url,
      errors,
      [
        { route: 'home', heading: 'Inicio', name: 'home' },
        { route: 'revision', heading: /.+/, name: 'revision' },
        { route: 'cumplimiento', heading: /.+/, name: 'cumplimiento' },
        { route: 'list-dinamico/empresas', heading: /.+/, name: 'empresas' },
        { route: 'list-dinamico/requisitos', heading: /.+/, name: 'requisitos' },
        { route: 'admin/empresas/0', heading: /.+/, name: 'empresa-nueva' },
        { route: 'admin/empresas/1', heading: /.+/, name: 'empresa' },
        { route: 'admin/empresas/1/contratos', heading: /.+/, name: 'empresa-contratos' },
        { route: 'admin/empresas/1/eliminar', heading: /.+/, name: 'empresa-eliminar', confirms: true },
        { route: 'admin/requisitos/0', heading: /.+/, name: 'requisito-nuevo' },
        { route: 'admin/requisitos/1', heading: /.+/, name: 'requisito' },
        { route: 'admin/requisitos/1/eliminar', heading: /.+/, name: 'requisito-eliminar', confirms: true },
        { route: 'admin/maestras/proyectos', heading: /.+/, name: 'maestras' },
        { route: 'personal-obra', heading: 'Personal en obra', name: 'obra' },
        {
          route: 'revision/autoevaluaciones',
          heading: 'Autoevaluaciones 0312',
          name: 'autoevaluaciones-staff',
        },
      ],
      'admin',
    );
    // PrimeReact's own controls are named in Spanish for screen readers (paginator, dialog close).
    await page.goto(`${h.server.url}/#/list-dinamico/requisitos`);
    await settled(page, { route: '', heading: /.+/, name: '' });
    expect(await page.locator('.p-paginator-next').first().getAttribute('aria-label')).toBe(
      'Página siguiente',
    );
    expect(await page.locator('.p-paginator-first').first().getAttribute('aria-label')).toBe(
      'Primera página',
    );
    await context.close();
  });

  it('the reviewer (read-only forms) sees its pages too', async () => {
    const { page, context, errors } = await sessionPage(h, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home/);
    await sweep(
      page,
      h.server.url,
      errors,
      [
        { route: 'revision', heading: /.+/, name: 'revision' },
        { route: 'admin/requisitos/1', heading: /.+/, name: 'requisito' },
        { route: 'personal-obra', heading: 'Personal en obra', name: 'obra' },
        {
          route: 'revision/autoevaluaciones',
          heading: 'Autoevaluaciones 0312',
          name: 'autoevaluaciones-staff',
        },
      ],
      'revisor',
    );
    await context.close();
  });

  it('the gate user sees the gate page (decision 124)', async () => {
    const { app } = h.server;
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    const [p] = await query<{ proyecto_id: number }>(
      app.db,
      sql`SELECT proyecto_id FROM contratos WHERE id = ${c.id}`,
    );
    const username = 'guardia.paginas';
    const { password } = await upsertStaff(app.db, {
      username,
      rol: 'porteria',
      correo: `${username}@constructora.example.co`,
      nombre: 'Guardia De Paginas',
      proyectos: [p!.proyecto_id],
    });
    await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);
    const { page, context, errors } = await sessionPage(
      h,
      { username, password, staff: true },
      { route: 'porteria' },
    );
    await page.waitForURL(/#\/porteria$/);
    await sweep(
      page,
      h.server.url,
      errors,
      [{ route: 'porteria', heading: 'Portería', name: 'porteria' }],
      'porteria',
    );
    await context.close();
  });
});
