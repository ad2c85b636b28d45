import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { upsertStaff } from '../../server/src/ops/staff';
import { authHeaders } from '../../server/src/test/app';
import { containsText, openPage, PHONE, screenshot, useHarness, visible } from '../support';

/**
 * The gate's first load paints nothing that moves afterwards (docs/decisions/152): a guard's phone
 * opens `#/porteria` with nothing kept (no IndexedDB, no service worker); the page's body appears
 * with the project's place taken ('Cargando...') while the projects' request is held, then the
 * projects arrive, a project is chosen and its roster downloads, and the scan button, the document
 * form and the status box are where they were painted. The browser's own layout-shift entries (the
 * measure of Lighthouse's CLS) must sum to 0.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;

/** A gate user of these projects, signed in over HTTP: its token. */
async function guard(suffix: string, proyectos: number[]): Promise<string> {
  const { app } = h.server;
  const username = `guardia.carga${suffix}`;
  const { password } = await upsertStaff(app.db, {
    username,
    rol: 'porteria',
    correo: `${username}@constructora.example.co`,
    nombre: 'Guardia De Carga',
    proyectos,
  });
  await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);
  const headers = await authHeaders(app, { username, password, path: '/api/login/authenticatead' });
  return headers.authorization!.replace(/^Bearer /, '');
}

/** The page's layout shifts not caused by input (what Lighthouse's CLS adds up): value and what moved. */
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

/** Where the parts a guard reaches for are painted. */
const places = (page: Page) =>
  Promise.all(
    ['gate-scan', 'gate-status', 'gate-doc-number', 'gate-check'].map((id) =>
      page.getByTestId(id).boundingBox(),
    ),
  );

describe('gate first load', () => {
  for (const [label, viewport, suffix] of [
    ['360 px', PHONE, '36'],
    ['1366 px', WIDE, '13'],
  ] as const) {
    for (const cuantos of [2, 1] as const) {
      it(`nothing painted moves while the projects and the roster arrive (${cuantos} project${cuantos > 1 ? 's' : ''}, ${label})`, async () => {
        const ids = (
          await query<{ id: number }>(
            h.server.app.db,
            sql`SELECT DISTINCT proyecto_id AS id FROM contratos ORDER BY 1`,
          )
        ).map((r) => r.id);
        expect(ids.length).toBeGreaterThanOrEqual(cuantos);
        const token = await guard(`${suffix}${cuantos}`, ids.slice(0, cuantos));
        const t = await openPage(h.browser, { viewport, isMobile: viewport === PHONE });
        const { page, context } = t;
        await context.addInitScript((tk) => {
          sessionStorage.setItem('token', tk);
          const w = window as unknown as { __shifts: string[] };
          w.__shifts = [];
          type Shift = PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Shift[])
              if (!e.hadRecentInput)
                w.__shifts.push(
                  `${e.value.toFixed(4)}: ` +
                    e.sources
                      .map(
                        (s) =>
                          `${s.node instanceof Element ? s.node.className || s.node.tagName : s.node?.nodeName} ` +
                          `${Math.round(s.previousRect.y)},${Math.round(s.previousRect.x)} -> ${Math.round(s.currentRect.y)},${Math.round(s.currentRect.x)}`,
                      )
                      .join('; '),
                );
          }).observe({ type: 'layout-shift', buffered: true });
        }, token);
        // The projects' answer waits until the painted page has been measured.
        let answer = () => {};
        const held = new Promise<void>((resolve) => (answer = resolve));
        await page.route('**/api/porteria/proyectos', async (route) => {
          await held;
          await route.continue();
        });

        await page.goto(`${h.server.url}/#/porteria`);
        await visible(page.getByTestId('gate-project-loading'));
        await visible(page.getByTestId('gate-scan'));
        // No 'no projects' note while they are on their way.
        expect(await page.getByText('No tiene proyectos asignados').count()).toBe(0);
        const before = await places(page);
        await screenshot(page, `porteria-first-load-held-${cuantos}-${suffix}`);

        answer();
        if (cuantos > 1) {
          const select = page.getByTestId('gate-project');
          await visible(select);
          expect(await places(page)).toEqual(before);
          const nombre = (await select.locator('option').nth(1).textContent())!;
          await select.selectOption({ label: nombre });
        } else {
          await visible(page.getByTestId('gate-project-name'));
        }
        await containsText(page.getByTestId('gate-roster'), 'trabajadores');
        await page.getByTestId('gate-scan').and(page.locator(':enabled')).waitFor();
        expect(await places(page)).toEqual(before);
        expect(await shifts(page)).toEqual([]);
        await screenshot(page, `porteria-first-load-ready-${cuantos}-${suffix}`);
        expect(t.errors).toEqual([]);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
      });
    }
  }
});
