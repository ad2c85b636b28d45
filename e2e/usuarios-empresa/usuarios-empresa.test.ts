import { describe, expect, it } from 'vitest';
import {
  alertText,
  closeAlert,
  containsText,
  CONTRACTOR,
  CONTRACTOR_B,
  hasText,
  hidden,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles, validPdf } from '../support/ui';

/** Users of a contractor company (docs/decisions/136), in Chromium with the real SMTP sink. */
const h = useHarness();
const files = tempFiles({ 'rut-cargadora.pdf': validPdf('rut cargadora') });
const DOC = '1017444555';
const NOMBRE = 'Marta Cargadora Ríos';
const CORREO = 'marta@montajes.example.co';

describe('a company administrator invites a user who signs in with her document number', () => {
  it('invites a user who signs in with its document number and uploads (and the history names it)', async () => {
    // The company account (NIT) opens Configuraciones: 'Usuarios de la empresa' is there.
    const admin = await signedInPage(h, CONTRACTOR, { viewport: { width: 1366, height: 900 } });
    const page = admin.page;
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    const section = page.getByTestId('usuarios-empresa');
    await visible(section);
    await containsText(section.getByTestId('usuarios-table'), 'NIT ' + CONTRACTOR.username);
    await page.getByTestId('usuario-invitar').click();
    const form = page.getByTestId('usuario-form');
    await visible(form);
    // Nothing typed: inline messages, nothing sent.
    await page.getByTestId('usuario-invitar-enviar').click();
    await hasText(
      page.getByTestId('usuario-numeroDocumento-error'),
      'La cédula de ciudadanía tiene solo dígitos (entre 5 y 10).',
    );
    await hasText(page.getByTestId('usuario-correo-error'), 'Escriba un correo electrónico válido.');
    // Another company's NIT as the document: the server refuses it next to the field.
    await page.getByTestId('usuario-numeroDocumento').fill(CONTRACTOR_B.username);
    await page.getByTestId('usuario-nombre').fill(NOMBRE);
    await page.getByTestId('usuario-correo').fill(CORREO);
    await page.getByTestId('usuario-invitar-enviar').click();
    await containsText(
      page.getByTestId('usuario-numeroDocumento-error'),
      `El documento ${CONTRACTOR_B.username} ya es un usuario del portal`,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'usuarios-01-invite-refused');
    const mailsBefore = h.server.mails.length;
    await page.getByTestId('usuario-numeroDocumento').fill(DOC);
    await page.getByTestId('usuario-invitar-enviar').click();
    expect(await alertText(page)).toBe(
      `Usuario invitado. Se envió una contraseña temporal al correo ${CORREO}; vence en 24 horas.`,
    );
    await closeAlert(page);
    await hidden(form);
    const row = section.locator('tr').filter({ hasText: NOMBRE });
    await containsText(row, `CC ${DOC}`);
    await containsText(row, 'Cargador');
    await containsText(row, 'Nunca');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'usuarios-02-list-desktop', true);

    // The one-time password, as the sink received it.
    const mail = await h.server.waitForMail({ to: CORREO, since: mailsBefore });
    expect(mail.text).toContain(DOC);
    const temporary = /Tmp-[A-Za-z0-9_-]+9a/.exec(mail.text)?.[0];
    expect(temporary, mail.text).toBeTruthy();

    // She signs in on the contractor form with her document number and must change the password.
    const user = await openPage(h.browser);
    await openLogin(user.page, h.server.url);
    await signIn(user.page, { username: DOC, password: temporary! });
    await user.page.waitForURL(/#\/cambiar-clave$/);
    await visible(user.page.getByTestId('must-change-notice'));
    await hidden(user.page.getByTestId('usuarios-empresa'));
    await user.page.locator('#current-password').fill(temporary!);
    await user.page.locator('#new-password').fill('ClaveMarta2026');
    await user.page.locator('#repeat-password').fill('ClaveMarta2026');
    await user.page.getByTestId('change-password-submit').click();
    expect(await alertText(user.page)).toBe('Contraseña Cambiada Exitosamente.');
    await user.page.waitForURL(/#\/login$/, { timeout: 8_000 });
    if (await user.page.locator('.swal2-confirm').isVisible()) await closeAlert(user.page);
    await signIn(user.page, { username: DOC, password: 'ClaveMarta2026' });
    await user.page.waitForURL(/#\/home$/);

    // Same company: she uploads the RUT on the SG-SST page.
    await user.page.goto(`${h.server.url}/#/sg-sst`);
    await chooseContract(
      user.page,
      await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'),
    );
    const e01 = user.page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
    await visible(e01);
    await e01.getByTestId('status-button').click();
    await visible(user.page.getByTestId('upload-modal'));
    await user.page.getByTestId('upload-file-input').setInputFiles(files['rut-cargadora.pdf']);
    await containsText(
      user.page.getByTestId('upload-results'),
      'Archivo subido con exito: rut-cargadora.pdf',
    );
    // A cargador does not manage users.
    await user.page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(user.page.locator('#notifications-email'));
    expect(await user.page.getByTestId('usuarios-empresa').count()).toBe(0);
    expect(user.errors).toEqual([]);

    // The company account's history names her on the upload.
    await page.goto(`${h.server.url}/#/historial?model=sg-sst`);
    await hasText(page.getByTestId('history-title'), 'Historial SG-SST');
    const folder = page.locator('.hist-folder').filter({ hasText: 'RUT' }).first();
    await visible(folder);
    await folder.click();
    const leaf = page.getByTestId('history-leaf').filter({ hasText: 'rut-cargadora.pdf' });
    await visible(leaf);
    await containsText(leaf, NOMBRE);
    await screenshot(page, 'usuarios-03-history-names-her');

    // Disabling her ends her session at once: her next navigation goes back to login.
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await page.getByTestId(`usuario-deshabilitar-${DOC}`).click();
    await page.locator('.swal2-confirm').click();
    await containsText(
      page.getByTestId('usuarios-empresa').locator('tr').filter({ hasText: NOMBRE }),
      'Deshabilitado',
    );
    await user.page.goto(`${h.server.url}/#/sg-sst`);
    await user.page.reload();
    await user.page.waitForURL(/#\/login/);
    expect(admin.errors).toEqual([]);
    await user.context.close();
    await admin.context.close();
  });

  it('is usable at 360 px: the list stacks and the invite dialog fits', async () => {
    const { page, context, errors } = await signedInPage(h, CONTRACTOR, { viewport: PHONE });
    await page.goto(`${h.server.url}/#/cambiar-clave`);
    await visible(page.getByTestId('usuarios-table'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'usuarios-04-phone-list', true);
    await page.getByTestId('usuario-invitar').click();
    await visible(page.getByTestId('usuario-form'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'usuarios-05-phone-dialog');
    expect(errors).toEqual([]);
    await context.close();
  });
});
