import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempFiles, validPdf } from '../support/ui';
import { CONTRACTOR, containsText, hasFocusWithin, hasText, openPage, useHarness, visible } from '../support';

/**
 * Keyboard-only sign-in and upload work: no mouse at all. Every control is reached with
 * Tab (so it is in the tab order, in a sensible place) and used with Enter, Space, arrows or typing;
 * the file chooser is opened from the keyboard like a user would, and only the file pick itself is
 * done by the test (the operating system's dialog is not part of the page).
 */
const h = useHarness();
const files = tempFiles({ 'politica-sst.pdf': validPdf('teclado') });

/** Presses Tab until `target` has the focus (at most `max` presses); fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await target.first().waitFor({ state: 'attached' });
  for (let i = 0; i < max; i++) {
    if (
      await target
        .first()
        .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
    )
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('keyboard only', () => {
  it('signs in (welcome notice, form, captcha), picks the contract and uploads a document', async () => {
    const { page, context, errors } = await openPage(h.browser);
    await page.goto(`${h.server.url}/#/login`);

    // The welcome notice: close it from the keyboard.
    const close = page.getByTestId('welcome-close');
    await visible(close);
    await tabTo(page, close);
    await page.keyboard.press('Enter');
    await close.waitFor({ state: 'detached' });

    await tabTo(page, page.locator('#login-username'));
    await page.keyboard.type(CONTRACTOR.username);
    await tabTo(page, page.locator('#login-password'));
    await page.keyboard.type(CONTRACTOR.password);
    await tabTo(page, page.getByTestId('login-continue'));
    await page.keyboard.press('Enter');

    // The data-protection modal: the captcha checkbox with Space, then 'Ingresar' with Enter.
    await page.getByRole('dialog', { name: 'Protección de datos personales' }).waitFor();
    const captcha = page.locator('altcha-widget input[type="checkbox"]');
    await tabTo(page, captcha);
    await page.keyboard.press('Space');
    await page
      .locator('altcha-widget [data-state="verified"]')
      .waitFor({ state: 'attached', timeout: 30_000 });
    await tabTo(page, page.getByTestId('captcha-enter'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/home/);

    // Two contracts: the contract modal asks; open the dropdown, take the first, confirm.
    const modal = page.getByTestId('contract-modal');
    await visible(modal);
    await hasFocusWithin(modal); // the dialog moves the focus into itself once shown
    await tabTo(page, page.locator('#contract-choice'));
    await page.keyboard.press('Enter');
    await visible(page.locator('.p-dropdown-panel .p-dropdown-item'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await tabTo(page, page.getByTestId('contract-select'));
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });

    // The SG-SST tile, then the first item's status button opens 'Archivo Principal'.
    await tabTo(page, page.getByTestId('menu-tiles').locator('a[href="#/sg-sst"]'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/sg-sst/);
    const row = page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
    await hasText(row.getByTestId('estado'), 'Pendiente por cargar');
    await tabTo(page, row.getByTestId('status-button'), 80);
    await page.keyboard.press('Enter');
    const upload = page.getByTestId('upload-modal');
    await visible(upload);
    // The dialog around it moves the focus into itself (its close button) once shown.
    await hasFocusWithin(page.getByRole('dialog').filter({ has: upload }));

    // The file control opens the chooser with Space; the upload starts once the file is picked.
    await tabTo(page, page.getByTestId('upload-file-input'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles(files['politica-sst.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: politica-sst.pdf');

    // Escape closes the modal and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await upload.waitFor({ state: 'detached' });
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    const opener = await row.getByTestId('status-button').elementHandle();
    await page.waitForFunction((el) => el === document.activeElement, opener, { timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
