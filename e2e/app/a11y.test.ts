import { describe, expect, it } from 'vitest';
import {
  CONTRACTOR,
  openLogin,
  openPage,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';

const h = useHarness();

describe('accessibility (axe, WCAG 2.1 A/AA, serious and critical)', () => {
  it('login screen, data-protection modal, shell and settings have no serious violations', async () => {
    const { page, context } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Olvidé mi contraseña' }).click();
    await visible(page.getByRole('heading', { name: 'Recuperar Contraseña' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();

    await page.locator('#login-username').fill(CONTRACTOR.username);
    await page.locator('#login-password').fill(CONTRACTOR.password);
    await page.getByTestId('login-continue').click();
    await page.locator('altcha-widget input[type="checkbox"]').waitFor();
    // The third-party widget's own markup is its maintainers' business; the modal around it is ours.
    expect(await seriousA11yViolations(page, ['altcha-widget'])).toEqual([]);
    await page.keyboard.press('Escape');

    await signIn(page, CONTRACTOR);
    await page.waitForURL(/#\/home$/);
    // Two contracts, none chosen: the contract modal opens (shown at once: reduced motion).
    const contractModal = page.getByTestId('contract-modal');
    await visible(contractModal.getByTestId('contract-choice'));
    await visible(page.getByTestId('menu-tiles'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(page.locator('#notifications-email'));
    // Leaving home closes the contract modal; measure once it is gone.
    await page.locator('.p-dialog-mask').waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
