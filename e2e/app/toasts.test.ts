import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Toasts (docs/decisions/102): wherever they show, at 1366, at a tablet width and at 360, they never
 * cover the header's controls ('Proyecto', settings, 'Cerrar Sesión') nor the page's 'Ir al Inicio',
 * stay inside the screen, never hide the button just pressed, and each one can be dismissed with
 * its close button.
 */
const h = useHarness();

const SIZES = [{ width: 1366, height: 900 }, { width: 768, height: 1024 }, PHONE] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The control itself (or something inside it) is what a tap at its centre reaches. */
async function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

function headerControls(page: Page): Array<[string, Locator]> {
  return [
    ['Proyecto', page.getByTestId('project-link')],
    [MSG.settingsTitle, page.locator('.shell-nav a[href="#/cambiar-clave"]')],
    ['Cerrar Sesión', page.getByTestId('logout-link')],
    [MSG.goHome, page.getByRole('link', { name: MSG.goHome })],
  ];
}

describe('toasts', () => {
  it('three toasts at once cover no header control nor Ir al Inicio, and each can be dismissed', async () => {
    const { page, context, errors } = await openPage(h.browser, { viewport: SIZES[0] });
    await openLogin(page, h.server.url);
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(page.locator('#notifications-email'));
    await page.locator('.p-dialog-mask').waitFor({ state: 'detached' });
    // Toasts stay until dismissed: the page's timers only run when the test says so.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);

    const toast = page.locator('.p-toast-message');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let i = 1; i <= 3; i++) {
        await page.locator('#notifications-email').fill(`avisos-${size.width}-${i}@montajes.example.co`);
        await page.getByTestId('notifications-save').click();
        await hasCount(toast, i);
        // The page's frames run on the paused clock too: a few, for the toast's after-draw step.
        await page.clock.runFor(50);
        // The button just pressed is not left under the toasts (scrolled clear when it would be).
        await expect.poll(() => reachable(page.getByTestId('notifications-save'))).toBe(true);
      }
      await containsText(toast.first(), 'Correo de notificaciones actualizado.');
      await page.evaluate(() => window.scrollTo(0, 0));
      const where = `@${size.width}`;
      const covered: string[] = [];
      const boxes = await Promise.all((await toast.all()).map((t) => t.boundingBox()));
      for (const b of boxes) {
        expect(b, where).not.toBeNull();
        // Inside the screen, whole.
        expect(b!.x, where).toBeGreaterThanOrEqual(0);
        expect(b!.x + b!.width, where).toBeLessThanOrEqual(size.width);
        expect(b!.y + b!.height, where).toBeLessThanOrEqual(size.height);
      }
      for (const [name, control] of headerControls(page)) {
        await visible(control);
        const box = await control.boundingBox();
        if (!box || !(await reachable(control))) covered.push(`${name} ${where}`);
        else if (boxes.some((b) => overlaps(b!, box))) covered.push(`${name} ${where} (overlap)`);
      }
      expect(covered).toEqual([]);
      await screenshot(page, `toasts-three-${size.width}`);

      // Each close button dismisses its toast (reduced motion: gone on the next timer tick).
      for (let left = 3; left > 0; left--) {
        const close = toast.first().locator('.p-toast-icon-close');
        expect(await close.getAttribute('aria-label')).toBe('Cerrar');
        const closeBox = await close.boundingBox();
        expect(closeBox!.width).toBeGreaterThanOrEqual(32);
        await close.click();
        await page.clock.runFor(1);
        await hasCount(toast, left - 1);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
