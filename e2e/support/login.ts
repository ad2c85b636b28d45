import type { Page } from 'playwright-core';
import { DEMO } from '../../server/src/db/seed';

export const CONTRACTOR = {
  username: DEMO.companies[0].nit,
  password: DEMO.password,
  name: DEMO.companies[0].nombre,
  email: DEMO.companies[0].correo,
};
export const CONTRACTOR_B = {
  username: DEMO.companies[1].nit,
  password: DEMO.password,
  name: DEMO.companies[1].nombre,
  email: DEMO.companies[1].correo,
};
export const REVIEWER = {
  username: DEMO.reviewer.username,
  password: DEMO.reviewerPassword,
  name: DEMO.reviewer.nombre,
};

export const ADMIN = { username: DEMO.admin.username, password: DEMO.adminPassword, staff: true };

/** Opens the login screen and closes the welcome notice (shown once per page load). */
export async function openLogin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  const close = page.getByTestId('welcome-close');
  await close.waitFor({ state: 'visible' });
  await close.click();
  await close.waitFor({ state: 'detached' });
}

/** Ticks the ALTCHA checkbox of the data-protection modal and waits for the proof of work. */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click();
  await widget.locator('[data-state="verified"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * Signs in through the UI with the real captcha: fill, Continuar, solve, Ingresar. Leaves the page
 * wherever the app goes (shell, cambiar-clave, or the login screen with an error alert).
 */
export async function signIn(
  page: Page,
  who: { username: string; password: string; staff?: boolean },
): Promise<void> {
  if (who.staff) {
    await page.getByTestId('staff-switch').check();
  }
  await page.locator('#login-username').fill(who.username);
  await page.locator('#login-password').fill(who.password);
  await page.getByTestId('login-continue').click();
  await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
  await solveCaptcha(page);
  await page.getByTestId('captcha-enter').click();
}

/** The sweetalert2 popup text currently shown, after it appears. */
export async function alertText(page: Page): Promise<string> {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor({ state: 'visible' });
  return (await popup.locator('.swal2-html-container').innerText()).trim();
}

export async function closeAlert(page: Page): Promise<void> {
  await page.locator('.swal2-confirm').click();
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** The token the app keeps in session storage (null when signed out). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('token'));
}
