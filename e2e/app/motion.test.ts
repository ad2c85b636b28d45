import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  openLogin,
  openPage,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Reduced motion (decision 088). The harness runs every page with `prefers-reduced-motion: reduce`;
 * here the app is checked to honour it: nothing on the page has a transition or animation to run
 * (loading spinners aside), a toast still shows and can be dismissed, and it goes at once, while
 * with motion welcome it fades out over PrimeReact's 300 ms. The page follows a change of the
 * setting while it is open. Time in the page is a paused fake clock, so "at once" and "after the
 * fade" are told apart by timers, never by how fast the machine is.
 */
const h = useHarness();

const SPINNERS = '.pi-spin, .p-progress-spinner-svg, .p-progress-spinner-circle, .altcha-spinner';

/** Elements (and ::before/::after) whose computed transition or animation would take time. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate((spinners) => {
    const takesTime = (v: string) => v.split(',').some((d) => parseFloat(d) > 0);
    const found: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        if (pseudo === null && el.matches(spinners)) continue;
        const cs = getComputedStyle(el, pseudo);
        const timed =
          (cs.transitionProperty !== 'none' &&
            (takesTime(cs.transitionDuration) || takesTime(cs.transitionDelay))) ||
          (cs.animationName !== 'none' && (takesTime(cs.animationDuration) || takesTime(cs.animationDelay)));
        if (timed) found.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}${pseudo ?? ''}`);
      }
    }
    return found;
  }, SPINNERS);
}

describe('reduced motion', () => {
  it('every context of the harness has it, also one made without openPage', async () => {
    const reduced = (page: Page) =>
      page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${h.server.url}/#/login`);
    expect(await reduced(page)).toBe(true);
    await context.close();
    const direct = await h.browser.newPage();
    expect(await reduced(direct)).toBe(true);
    await direct.close();
  });

  it('nothing moves, toasts show and are dismissed at once; with motion welcome they fade again', async () => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await moving(page)).toEqual([]);

    // The data-protection modal with the ALTCHA widget, then the contract modal over home.
    await page.locator('#login-username').fill(CONTRACTOR.username);
    await page.locator('#login-password').fill(CONTRACTOR.password);
    await page.getByTestId('login-continue').click();
    await page.locator('altcha-widget input[type="checkbox"]').waitFor();
    expect(await moving(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    await visible(page.getByTestId('contract-modal').getByTestId('contract-choice'));
    expect(await moving(page)).toEqual([]);

    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(page.locator('#notifications-email'));
    await page.locator('.p-dialog-mask').waitFor({ state: 'detached' });
    await page.locator('html[data-motion="reduced"]').waitFor({ state: 'attached' });

    // From here on the page's timers only run when the test says so.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const toast = page.locator('.p-toast-message');
    const saveAndDismiss = async (email: string) => {
      await page.locator('#notifications-email').fill(email);
      await page.getByTestId('notifications-save').click();
      await containsText(toast, 'Correo de notificaciones actualizado.');
      await visible(toast);
      await toast.locator('.p-toast-icon-close').click();
      // The exit has begun (its timer is set in the same step that adds this class).
      await page.locator('.p-toast-message-exit-active').waitFor({ state: 'attached' });
    };

    // Reduced motion: the toast shows, nothing on it moves, and it goes on the next timer tick.
    await saveAndDismiss('avisos-1@montajes.example.co');
    await page.clock.runFor(1);
    await hasCount(toast, 0);

    // Motion welcome (changed while the page is open): the toast fades out over 300 ms again.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.locator('html[data-motion="full"]').waitFor({ state: 'attached' });
    expect(await moving(page)).not.toEqual([]);
    await saveAndDismiss('avisos-2@montajes.example.co');
    await page.clock.runFor(1);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(400);
    await hasCount(toast, 0);

    // And back.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('html[data-motion="reduced"]').waitFor({ state: 'attached' });
    expect(await moving(page)).toEqual([]);
    await saveAndDismiss('avisos-3@montajes.example.co');
    await page.clock.runFor(1);
    await hasCount(toast, 0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
