import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_MSG, MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import {
  alertText,
  closeAlert,
  CONTRACTOR,
  CONTRACTOR_B,
  DESKTOP,
  hidden,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  signIn,
  solveCaptcha,
  storedToken,
  useHarness,
  visible,
} from '../support';

const h = useHarness();
const MAILBOX = 'gestionsst@constructora.example.co'; // SST_MAILBOX of the e2e server

async function signedIn(page: Page) {
  await openLogin(page, h.server.url);
  await signIn(page, CONTRACTOR);
  await page.waitForURL(/#\/home$/);
}

describe('sign-in messages', () => {
  it('a disabled company: the usual answer for a wrong password, the reason and the SST mailbox for the right one', async () => {
    const { page, context } = await openPage(h.browser);
    await query(
      h.server.app.db,
      sql`UPDATE empresas SET activa = false WHERE nit = ${CONTRACTOR_B.username}`,
    );
    try {
      await openLogin(page, h.server.url);
      await signIn(page, { ...CONTRACTOR_B, password: 'NoEsLaClave2026!' });
      expect(await alertText(page)).toBe('Usuario o contraseña incorrectos.');
      await closeAlert(page);
      await signIn(page, CONTRACTOR_B);
      const text = await alertText(page);
      expect(text).toBe(LOGIN_MSG.companyDisabled(MAILBOX));
      expect(text).toContain(MAILBOX);
      await screenshot(page, 'desktop-login-company-disabled');
      await closeAlert(page);
      expect(page.url()).toMatch(/#\/login$/);
      expect(await storedToken(page)).toBeNull();
    } finally {
      await query(
        h.server.app.db,
        sql`UPDATE empresas SET activa = true WHERE nit = ${CONTRACTOR_B.username}`,
      );
      await context.close();
    }
  });

  it("a field's message goes as soon as the field is valid: login, recovery and settings", async () => {
    const { page, context } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    const nitMsg = page.getByText('Por favor ingrese el nit.');
    const pwMsg = page.getByText('Por favor ingrese la contraseña.');
    await page.getByTestId('login-continue').click();
    await visible(nitMsg);
    await page.locator('#login-username').fill(CONTRACTOR.username);
    await hidden(nitMsg);
    await page.getByTestId('login-continue').click();
    await visible(pwMsg);
    await page.locator('#login-password').pressSequentially('D');
    await hidden(pwMsg);
    expect(await page.locator('#login-password').getAttribute('aria-invalid')).not.toBe('true');

    // Recovery panel.
    await page.getByRole('button', { name: 'Olvidé mi contraseña' }).click();
    await page.locator('.recover-form button[type="submit"]').click();
    await visible(nitMsg);
    await page.locator('#recover-identification').fill(CONTRACTOR.username);
    await hidden(nitMsg);
    await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();

    // Configuraciones: each message goes once what it asked for is there.
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    const error = page.getByTestId('change-password-error');
    await page.getByTestId('change-password-submit').click();
    await visible(page.getByText(MSG.currentPasswordRequired));
    await page.locator('#current-password').fill(CONTRACTOR.password);
    await hidden(error);
    await page.locator('#new-password').fill('Nueva2026!clave');
    await page.getByTestId('change-password-submit').click();
    await visible(page.getByText(MSG.passwordsDoNotMatch));
    await page.locator('#repeat-password').fill('Nueva2026!clave');
    await hidden(error);
    await context.close();
  });

  it('a 401 while navigating says why: session closed elsewhere, or expired', async () => {
    const { page, context } = await openPage(h.browser);
    await signedIn(page);
    // Closed from another window (the same token logs out there).
    const token = (await storedToken(page))!;
    await fetch(`${h.server.url}/api/login/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    expect(await alertText(page)).toBe(LOGIN_MSG.sessionClosedElsewhere);
    await page.waitForURL(/#\/login$/);
    await screenshot(page, 'desktop-401-closed-elsewhere');
    await closeAlert(page);

    // Expired on the server while the page still held it.
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    const again = (await storedToken(page))!;
    const { guidses } = JSON.parse(Buffer.from(again.split('.')[1], 'base64url').toString()) as {
      guidses: string;
    };
    await query(
      h.server.app.db,
      sql`UPDATE sesiones SET expires_at = now() - interval '1 second' WHERE id = ${guidses}`,
    );
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    expect(await alertText(page)).toBe('Oops... tu sesión actual ha expirado.');
    await page.waitForURL(/#\/login$/);
    await context.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1366, height: DESKTOP.height }],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: the SST mailbox never breaks mid-word; the ALTCHA logo does not overlap 'No soy un robot'`, async () => {
      const { page, context } = await openPage(h.browser, { viewport });
      await openLogin(page, h.server.url);
      await page.getByRole('button', { name: 'Tienes problemas para iniciar' }).click();
      const mailbox = page.getByTestId('sst-mailbox');
      await visible(mailbox);
      expect((await mailbox.innerText()).replace(/\s/g, '')).toBe(MAILBOX);
      // Where the address's lines break: only right after the '@', if at all.
      const breaksAfter = await mailbox.evaluate((a) => {
        const chars: { ch: string; top: number }[] = [];
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (let i = 0; i < (n.textContent ?? '').length; i++) {
            const r = document.createRange();
            r.setStart(n, i);
            r.setEnd(n, i + 1);
            chars.push({ ch: n.textContent![i], top: Math.round(r.getBoundingClientRect().top) });
          }
        }
        return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1].top ? [chars[i - 1].ch] : []));
      });
      expect(breaksAfter.every((ch) => ch === '@')).toBe(true);
      await screenshot(page, `${name}-login-mailbox`);

      await page.locator('#login-username').fill(CONTRACTOR.username);
      await page.locator('#login-password').fill(CONTRACTOR.password);
      await page.getByTestId('login-continue').click();
      await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
      const label = page.locator('altcha-widget .altcha-checkbox-wrap label');
      const logo = page.locator('altcha-widget .altcha-logo');
      await visible(label);
      await visible(logo);
      const a = (await label.boundingBox())!;
      const b = (await logo.boundingBox())!;
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
      await screenshot(page, `${name}-captcha-unverified`);
      await solveCaptcha(page);
      await screenshot(page, `${name}-captcha-verified`);
      await context.close();
    });
  }
});
