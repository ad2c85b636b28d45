import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import {
  alertText,
  containsText,
  hasCount,
  hasText,
  hasValue,
  visible,
  closeAlert,
  CONTRACTOR,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  signIn,
  solveCaptcha,
  storedToken,
  useHarness,
} from '../support';

const h = useHarness();

describe('sign-in, session and shell (Chromium, real server, real captcha)', () => {
  it('validates, refuses a wrong password, signs in, survives a reload and signs out', async () => {
    const { page, context, errors } = await openPage(h.browser);
    const url = h.server.url;

    await page.goto(`${url}/#/login`);
    await page.getByRole('dialog', { name: 'Bienvenido' }).waitFor();
    await screenshot(page, 'desktop-01-welcome');
    await openLogin(page, url); // reloads, closes the notice

    // The contract's validation messages, in order.
    await page.getByTestId('login-continue').click();
    await visible(page.getByText('Por favor ingrese el nit.'));
    await page.locator('#login-username').fill(CONTRACTOR.username);
    await page.getByTestId('login-continue').click();
    await visible(page.getByText('Por favor ingrese la contraseña.'));

    // Captcha required before Ingresar.
    await page.locator('#login-password').fill('wrong-password-1');
    await page.getByTestId('login-continue').click();
    const modal = page.getByRole('dialog', { name: 'Protección de datos personales' });
    await modal.waitFor();
    await page.getByTestId('captcha-enter').click();
    await hasText(page.getByTestId('captcha-error'), 'El captcha no ha sido validado');
    await screenshot(page, 'desktop-02-data-protection');
    await solveCaptcha(page);
    await screenshot(page, 'desktop-03-captcha-verified');
    await page.getByTestId('captcha-enter').click();
    await modal.waitFor({ state: 'detached' });

    // Wrong password: the server's message, the error count, and a new captcha next time.
    expect(await alertText(page)).toBe('Usuario o contraseña incorrectos.');
    await screenshot(page, 'desktop-04-login-error');
    await closeAlert(page);
    await hasText(page.getByTestId('error-count'), 'Intentos fallidos: 1');
    await page.getByTestId('login-continue').click();
    await modal.waitFor();
    await hasCount(page.locator('altcha-widget [data-state="verified"]'), 0);
    await page.getByTestId('captcha-enter').click();
    await visible(page.getByTestId('captcha-error'));
    await modal
      .getByRole('button', { name: /close|cerrar/i })
      .first()
      .click();
    await modal.waitFor({ state: 'detached' });

    // Pasted password: spaces stripped 300 ms after the paste.
    const password = page.locator('#login-password');
    await password.fill(` ${CONTRACTOR.password} `);
    await password.dispatchEvent('paste');
    await hasValue(password, CONTRACTOR.password);

    // Show / hide the password (a keyboard-reachable switch with a Spanish name).
    await page.getByRole('switch', { name: 'Mostrar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('switch', { name: 'Ocultar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // 'Tienes problemas para iniciar' shows the configured SST mailbox.
    await page.getByRole('button', { name: 'Tienes problemas para iniciar' }).click();
    await containsText(page.getByTestId('login-help'), 'gestionsst@constructora.example.co');
    await screenshot(page, 'desktop-05-login-help');

    // The user guide is a real PDF served with the app.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('user-guide').click(),
    ]);
    expect(download.suggestedFilename()).toBe('guia-usuario-proveedores.pdf');
    const pdf = await fetch(`${url}/guia-usuario-proveedores.pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Sign in for real.
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    await hasText(page.getByTestId('welcome-line'), 'Bienvenido, Maria Fernanda Gomez');
    await visible(page.getByTestId('menu-tiles'));
    await screenshot(page, 'desktop-06-shell-home');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

    // Already signed in: /login goes to /home; unknown paths go to login, then home.
    await page.goto(`${url}/#/login`);
    await page.waitForURL(/#\/home$/);
    await page.goto(`${url}/#/no-existe`);
    await page.waitForURL(/#\/home$/);

    // Every child route exists; proveedor shows its stub text.
    await page.goto(`${url}/#/proveedor`);
    await hasText(page.getByTestId('proveedor-stub'), 'proveedor works!');
    for (const route of [
      'sg-sst',
      'ingreso-personal',
      'gestion-riesgo',
      'retenido',
      'historial?model=sg-sst',
      'reportesociodemografico',
      'list-dinamico/histdocs?path=sg-sst',
      'detalle-archivo',
    ]) {
      // Every route is built now: it stays at its address, inside the shell (no redirect to login).
      await page.goto(`${url}/#/${route}`);
      expect(new URL(page.url()).hash).toBe(`#/${route}`);
      await visible(page.getByTestId('welcome-line'));
    }

    // The 'Proyecto' link opens the contract modal (e2e/contratos/contracts-home.test.ts covers it in full).
    await page.getByTestId('project-link').click();
    await visible(page.getByTestId('contract-choice'));
    await screenshot(page, 'desktop-07-contract-modal');
    await page.locator('.contract-modal .p-dialog-header-close').click();
    await page.getByTestId('contract-modal').waitFor({ state: 'detached' });

    // Reload keeps the session (session storage), and so does a new tab of the same browser (local storage).
    await page.goto(`${url}/#/cambiar-clave`);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configuraciones' }));
    const tab = await context.newPage();
    await tab.goto(`${url}/#/home`);
    await visible(tab.getByTestId('welcome-line'));
    await tab.close();

    // Cerrar Sesión: storage cleared, back at login, and the token is revoked on the server.
    await page.getByTestId('logout-link').click();
    await page.waitForURL(/#\/login$/);
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const res = await fetch(`${url}/api/login/userdata`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);

    // Protected routes without a session go to login.
    await page.goto(`${url}/#/cambiar-clave`);
    await page.waitForURL(/#\/login$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs staff in through Ingreso funcionarios (authenticatead)', async () => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    await page.getByTestId('staff-switch').click();
    await visible(page.getByText('Usuario', { exact: true }));
    const request = page.waitForRequest((r) => r.url().includes('/api/login/authenticatead'));
    await signIn(page, { ...REVIEWER });
    await request;
    await page.waitForURL(/#\/home$/);
    await hasText(page.getByTestId('welcome-line'), 'Bienvenido, Laura Patricia Mejia');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an account under attack: the server asks for a reinforced captcha, solved and retried without a click', async () => {
    const { page, context, errors } = await openPage(h.browser);
    // Failures of the account from many addresses this hour (docs/decisions/076), as the server counts them.
    await query(
      h.server.app.db,
      sql`INSERT INTO throttle (key, window_start, count, last_at)
          VALUES (${'acct:' + CONTRACTOR.username}, now(), 50, now())
          ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 50, last_at = now()`,
    );
    try {
      await openLogin(page, h.server.url);
      const reinforced = page.waitForRequest((r) => r.url().includes('/api/login/captcha?nivel=reforzado'));
      await signIn(page, CONTRACTOR);
      await reinforced;
      await page.waitForURL(/#\/home$/);
      expect(errors).toEqual([]);
    } finally {
      await query(h.server.app.db, sql`DELETE FROM throttle WHERE key = ${'acct:' + CONTRACTOR.username}`);
      await context.close();
    }
  });

  it('an authenticated call answered 401 ends the session', async () => {
    const { page, context } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    const token = await storedToken(page);
    // Revoke the session behind the browser's back, then load a page that calls the API.
    await fetch(`${h.server.url}/api/login/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await page.waitForURL(/#\/login$/);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('is usable on a 360 px phone', async () => {
    const { page, context, errors } = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    await page.goto(`${h.server.url}/#/login`);
    await page.getByRole('dialog', { name: 'Bienvenido' }).waitFor();
    await screenshot(page, 'phone-01-welcome');
    await page.getByTestId('welcome-close').click();
    await screenshot(page, 'phone-02-login', true);
    await page.locator('#login-username').fill(CONTRACTOR.username);
    await page.locator('#login-password').fill(CONTRACTOR.password);
    await page.getByTestId('login-continue').click();
    await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
    await solveCaptcha(page);
    await screenshot(page, 'phone-03-data-protection');
    await page.getByTestId('captcha-enter').click();
    await page.waitForURL(/#\/home$/);
    await screenshot(page, 'phone-04-shell');
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(page.getByRole('heading', { name: 'Configuraciones' }));
    await screenshot(page, 'phone-05-settings', true);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
