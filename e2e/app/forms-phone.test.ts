import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG, missingEmployeeFields, REVISION_MSG } from '@proveedores/domain';
import { choose, chooseContract, demoContract } from '../support/ui';
import {
  CONTRACTOR,
  DESKTOP,
  hasCount,
  hasText,
  hasValue,
  hidden,
  PHONE,
  screenshot,
  useHarness,
  visible,
  signedInPage,
} from '../support';

/**
 * Forms in dialogs (docs/decisions/102 and 103): Esc on an open list closes the list, not the
 * dialog around it (contract modal in both modes, employee modal, filtered lists too); the employee
 * form on a phone shows each problem under its field, scrolls to the first with the focus in it and
 * shows one short toast instead of a pile of them; the medical exam date reads '(recomendado)'.
 */
const h = useHarness();

const panel = (page: Page) => page.locator('.p-dropdown-panel');

/** Opens a PrimeReact Dropdown, presses Esc: the list closes and `dialog` stays open. */
async function escClosesOnlyTheList(page: Page, dropdown: Locator, dialog: Locator) {
  await dropdown.click();
  await visible(panel(page));
  await page.keyboard.press('Escape');
  await panel(page).waitFor({ state: 'detached' });
  // Still open, and not on its way out: a dialog told to close marks its mask 'overlay-leave' in
  // the same key event (React draws a discrete event's update before the event returns).
  await visible(dialog);
  const mask = page.locator('.p-dialog-mask').filter({ has: dialog });
  expect(await mask.getAttribute('class')).not.toMatch(/overlay-leave/);
  expect(
    await page.locator('.p-dialog').filter({ has: dialog }).or(dialog).first().getAttribute('class'),
  ).not.toMatch(/-exit/);
}

const signedInContractor = (viewport: { width: number; height: number }, locale?: string) =>
  signedInPage(h, CONTRACTOR, { viewport, isMobile: viewport === PHONE, locale });

describe('Esc on an open list closes only the list', () => {
  it('contract modal: select mode, new mode (plain and filtered lists), then Esc closes the modal', async () => {
    const { page, context, errors } = await signedInContractor(DESKTOP);
    // Two contracts and none chosen: the modal opens by itself on the home.
    const modal = page.getByTestId('contract-modal');
    await visible(modal.getByTestId('contract-choice'));
    await escClosesOnlyTheList(page, modal.getByTestId('contract-choice'), modal);
    await screenshot(page, 'forms-esc-contract-select-1366');

    // Keyboard too: the focus on the closed dropdown, Enter opens it, Esc closes only it.
    await modal.locator('#contract-choice').focus();
    await page.keyboard.press('Enter');
    await visible(panel(page));
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await visible(modal.getByTestId('contract-choice'));

    // New mode: every list of the form (the project list has a filter box when long).
    await modal.getByTestId('contract-new').click();
    for (const id of ['contract-proyecto', 'contract-tipo', 'contract-actividad', 'contract-regional'])
      await escClosesOnlyTheList(page, modal.getByTestId(id), modal);
    await hasText(page.locator('.contract-modal .p-dialog-title'), MSG.contractNewTitle);

    // With no list open, Esc closes the modal as before.
    await modal.locator('#contract-objeto').focus();
    await page.keyboard.press('Escape');
    await hidden(modal);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('employee modal on a phone: the identification list and a filtered list with its filter box focused', async () => {
    const { page, context, errors } = await signedInContractor(PHONE);
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await page.goto(`${h.server.url}/#/ingreso-personal`);
    await chooseContract(page, c);
    await page.getByTestId('employee-button').click();
    const modal = page.getByTestId('employee-modal');
    const dialog = page.locator('.employee-dialog');
    await visible(modal);
    await escClosesOnlyTheList(page, page.getByTestId('emp-tipodocumento'), dialog);

    await choose(page, 'emp-tipodocumento', 'CC');
    await page.locator('#emp-numerodocumento').fill('71234999');
    await page.getByTestId('employee-validate').click();
    await visible(modal.locator('.employee-form'));
    // Departments: a long list whose filter box takes the focus when it opens.
    await page.getByTestId('emp-departamento').click();
    await visible(panel(page).locator('.p-dropdown-filter'));
    expect(
      await panel(page)
        .locator('.p-dropdown-filter')
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await visible(modal.locator('.employee-form'));
    await escClosesOnlyTheList(page, page.getByTestId('emp-genero'), dialog);
    await screenshot(page, 'forms-esc-employee-360');

    await page.locator('#emp-nombres').focus();
    await page.keyboard.press('Escape');
    await hidden(modal);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the employee form on a phone', () => {
  it('marks each missing field under it, scrolls to the first, one short toast; (recomendado) exam date; dates typed dd/mm/aaaa in an English browser', async () => {
    const { page, context, errors } = await signedInContractor(PHONE, 'en-US');
    const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    await page.goto(`${h.server.url}/#/ingreso-personal`);
    await chooseContract(page, c);
    await page.getByTestId('employee-button').click();
    const modal = page.getByTestId('employee-modal');
    await visible(modal);
    await choose(page, 'emp-tipodocumento', 'CC');
    await page.locator('#emp-numerodocumento').fill('71234567');
    await page.getByTestId('employee-validate').click();
    const form = modal.locator('.employee-form');
    await visible(form);

    // The exam date: no star, '(recomendado)' instead; the required fields keep their star.
    const examLabel = form.locator('label[for="emp-fecha_examenes_medicos"]');
    await hasText(examLabel, 'Fecha exámenes médicos (recomendado)');
    await hasCount(examLabel.locator('.mandatory'), 0);
    await hasCount(form.locator('label[for="emp-apellidos"] .mandatory'), 1);

    // Only the first name: every other required field is missing.
    await page.locator('#emp-nombres').fill('PEDRO');
    await page.getByTestId('employee-save').click();
    const missing = missingEmployeeFields({ nombres: 'PEDRO' });
    expect(missing.length).toBeGreaterThan(4);

    // One toast, counting them; short enough not to hide the form.
    const toast = page.locator('.p-toast-message');
    await hasCount(toast, 1);
    await hasText(toast.locator('.p-toast-summary'), MSG.missingFieldsCount(missing.length));
    const toastBox = await toast.boundingBox();
    expect(toastBox).not.toBeNull();
    expect(toastBox!.height).toBeLessThanOrEqual(PHONE.height * 0.15);

    // Each missing field carries its message under it, tied to the control for screen readers.
    await hasCount(form.locator('.field-error'), missing.length);
    const first = page.locator('#emp-apellidos');
    await hasText(page.getByTestId('emp-apellidos-error'), MSG.fieldRequired('Primer Apellido'));
    expect(await first.getAttribute('aria-describedby')).toBe('emp-apellidos-error');
    await hasText(page.getByTestId('emp-cargo-error'), MSG.fieldRequired('Cargo para el que fue contratado'));

    // The first missing field has the focus and is on screen, and the toast does not cover it.
    await expect
      .poll(() => first.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
      .toBe(true);
    const fieldBox = await page.locator('.field', { has: first }).boundingBox();
    expect(fieldBox).not.toBeNull();
    expect(fieldBox!.y).toBeGreaterThanOrEqual(0);
    expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(PHONE.height);
    expect(
      fieldBox!.y + fieldBox!.height <= toastBox!.y || fieldBox!.y >= toastBox!.y + toastBox!.height,
    ).toBe(true);
    await screenshot(page, 'forms-employee-missing-360');

    // A field's message goes as soon as it is filled; the others stay.
    await first.fill('RAMÍREZ');
    await hasCount(page.getByTestId('emp-apellidos-error'), 0);
    await hasCount(form.locator('.field-error'), missing.length - 1);

    // Dates typed key by key as dd/mm/aaaa in an English browser too (decision 168): never mm/dd.
    const nacimiento = page.locator('#emp-fecha_nacimiento');
    expect(await nacimiento.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await nacimiento.click();
    await nacimiento.pressSequentially('15/03/1990');
    await nacimiento.press('Tab');
    await hasValue(nacimiento, '15/03/1990');
    await hasCount(page.getByTestId('emp-fecha_nacimiento-error'), 0);
    // Typing never opens the calendar over the form.
    await hasCount(page.locator('.p-datepicker'), 0);
    // An impossible day stays as typed and is named under its field, tied to it.
    const examen = page.locator('#emp-fecha_examenes_medicos');
    await examen.click();
    await examen.pressSequentially('31/02/2026');
    await examen.press('Tab');
    await hasText(
      page.getByTestId('emp-fecha_examenes_medicos-error'),
      REVISION_MSG.revisionFechaNoValida('31/02/2026'),
    );
    await hasValue(examen, '31/02/2026');
    expect(await examen.getAttribute('aria-describedby')).toContain('emp-fecha_examenes_medicos-error');
    const box = await page.locator('.field', { has: examen }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'forms-employee-dates-360');
    // 'Guardar' does not go on with it.
    await page.getByTestId('employee-save').click();
    await hasText(
      page.getByTestId('emp-fecha_examenes_medicos-error'),
      REVISION_MSG.revisionFechaNoValida('31/02/2026'),
    );
    await hasValue(examen, '31/02/2026');

    // Each toast can be dismissed at once (the first save's may still be up: three seconds each).
    // A toast may also leave by itself between the count and the click (a busy machine): a click that
    // finds it gone is no failure, one that cannot close a toast still shown is.
    while ((await toast.count()) > 0) {
      const close = toast.last().locator('.p-toast-icon-close');
      await close.click({ timeout: 5_000 }).catch(async (err: unknown) => {
        if (await close.isVisible()) throw err;
      });
    }
    await hasCount(toast, 0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
