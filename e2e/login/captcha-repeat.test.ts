import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { CONTRACTOR, hasText, openLogin, openPage, solveCaptcha, useHarness, visible } from '../support';

const h = useHarness();

/** Two passwords the test alternates between (both acceptable: upper, lower, digit, symbol, 8+). */
const PASSWORDS = [CONTRACTOR.password, 'Otra2026!clave', 'Tercera2026#clave'];

async function signInOnce(page: Page, password: string) {
  await page.locator('#login-username').fill(CONTRACTOR.username);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-continue').click();
  await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
  // The widget must be a fresh one (docs/decisions/096): a new element, never the one that verified
  // the previous sign-in (marked below), and no verified state left from it.
  await expect.poll(() => page.locator('altcha-widget').count()).toBe(1);
  expect(await page.locator('altcha-widget[data-solved-before]').count()).toBe(0);
  await expect.poll(() => page.locator('altcha-widget [data-state="verified"]').count()).toBe(0);
  await solveCaptcha(page);
  await page.locator('altcha-widget').evaluate((el) => el.setAttribute('data-solved-before', ''));
  await page.getByTestId('captcha-enter').click();
  await page.waitForURL(/#\/home$/);
  // Home asks a contractor without a chosen contract for one: closed, not chosen.
  await page.getByTestId('contract-modal').waitFor();
  await page.locator('.contract-modal .p-dialog-header-close').click();
  await page.getByTestId('contract-modal').waitFor({ state: 'detached' });
}

/** The per-address limits (30 sign-ins, 60 challenges a minute) are not what this test is about. */
async function clearAddressLimits() {
  await query(h.server.app.db, sql`DELETE FROM throttle WHERE key LIKE 'ip:%'`);
}

// Ten sign-ins in a row in one page, three of them the first after the automatic logout of a
// password change, each with a new widget (docs/decisions/096; ten, not fifty: decision 173).
describe('captcha: ten sign-ins in a row in one page, including after password changes', () => {
  it('verifies every time, also on the first sign-in after the automatic logout of a password change', async () => {
    const { page, context, errors } = await openPage(h.browser);
    // The page's clock runs at its pace but for the 3 s before the automatic logout, which it skips.
    await page.clock.install();
    await openLogin(page, h.server.url);
    let current = 0;
    const changes: number[] = [];
    try {
      for (let i = 1; i <= 10; i++) {
        await signInOnce(page, PASSWORDS[current]);
        if (i % 3 === 2) {
          // Change the password: the app closes the session by itself 3 s later.
          const next = (current + 1) % PASSWORDS.length;
          await page.goto(`${h.server.url}/#/cambiar-clave`);
          await page.locator('#current-password').fill(PASSWORDS[current]);
          await page.locator('#new-password').fill(PASSWORDS[next]);
          await page.locator('#repeat-password').fill(PASSWORDS[next]);
          await page.getByTestId('change-password-submit').click();
          await visible(page.locator('.swal2-popup'));
          await page.clock.runFor(3_000);
          await page.waitForURL(/#\/login$/);
          await page.locator('.swal2-confirm').click();
          await page.locator('.swal2-container').waitFor({ state: 'detached' });
          current = next;
          changes.push(i);
        } else {
          await page.getByTestId('logout-link').click();
          await page.waitForURL(/#\/login$/);
        }
      }
      // Three changes cycle the three passwords: the demo password is back for the next test.
      expect(changes).toEqual([2, 5, 8]);
      expect(current).toBe(0);
      await hasText(page.getByTestId('login-continue'), 'Continuar');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a challenge request that fails (a dropped connection) is retried by the widget itself, with no second click', async () => {
    const { page, context } = await openPage(h.browser);
    await clearAddressLimits();
    await openLogin(page, h.server.url);
    let dropped = 0;
    await page.route('**/api/login/captcha*', async (route) => {
      if (dropped === 0) {
        dropped += 1;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.locator('#login-username').fill(CONTRACTOR.username);
    await page.locator('#login-password').fill(PASSWORDS[0]);
    await page.getByTestId('login-continue').click();
    await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
    const widget = page.locator('altcha-widget');
    await widget.locator('input[type="checkbox"]').click();
    await widget.locator('[data-state="verified"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(dropped).toBe(1);
    await page.getByTestId('captcha-enter').click();
    await page.waitForURL(/#\/home$/);
    await context.close();
  });
});
