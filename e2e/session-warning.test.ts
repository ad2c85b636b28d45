import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { query } from '../server/src/db/client';
import { authHeaders, CONTRACTOR_A } from '../server/src/test/app';
import { validPdf } from './evidence-support';
import {
  alertText,
  closeAlert,
  containsText,
  hasValue,
  hidden,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  signIn,
  storedToken,
  useHarness,
  visible,
} from './support';

// Sessions of 90 s: the warning opens 60 s before the end, so 30 s after signing in.
const h = useHarness({ env: { SESSION_HOURS: '0.025' } });

const tokenExp = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;

const userdata = (token: string) =>
  fetch(`${h.server.url}/api/login/userdata`, { headers: { authorization: `Bearer ${token}` } });

// The two tests mostly wait for the clock (a warning 30 s after signing in, an expiry 60 s later):
// they run at the same time, each in its own browser context and session, each with its own
// `expect` (the global one loses its test in concurrent tests).
describe.concurrent('warning one minute before the session ends (docs/decisions/098)', () => {
  it("'Seguir conectado' gets a new token for the same session; the old expiry passes with no logout", async ({
    expect,
  }) => {
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    const first = (await storedToken(page))!;

    const warning = page.getByRole('dialog', { name: 'Tu sesión está por terminar' });
    await warning.waitFor({ timeout: 45_000 });
    await containsText(warning, '¿Deseas seguir conectado?', expect);
    await screenshot(page, 'desktop-session-ending');
    await page.getByTestId('session-stay').click();
    await hidden(warning);
    await expect.poll(() => storedToken(page)).not.toBe(first);
    const second = (await storedToken(page))!;
    expect(tokenExp(second)).toBeGreaterThan(tokenExp(first));

    // The first token's expiry passes (the server refuses it): the page is still signed in, no alert.
    await expect
      .poll(async () => (await userdata(first)).status, { timeout: 90_000, interval: 1_000 })
      .toBe(401);
    expect(page.url()).toMatch(/#\/home$/);
    await visible(page.getByTestId('welcome-line'));
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    expect((await userdata(second)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('a half-typed rejection reason survives the session ending and comes back after signing in again', async ({
    expect,
  }) => {
    const app = h.server.app;
    const [{ id: e01 }] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E01'`,
    );
    const company = await authHeaders(app, CONTRACTOR_A);
    const up = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${e01}`,
      headers: company,
      payload: {
        adjunto: {
          adjunto: validPdf('rut.pdf').toString('base64'),
          nombreArchivo: 'rut.pdf',
          extension: 'pdf',
        },
      },
    });
    expect(up.statusCode, up.body).toBe(200);

    const { page, context } = await openPage(h.browser, { viewport: PHONE });
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/revision`);
    await page.getByTestId('queue-open').first().click();
    const dialog = page.getByTestId('review-dialog');
    await visible(dialog);
    const note = 'Falta la firma del representante legal en la página 2';
    await dialog.getByTestId('review-observacion').fill(note);

    // The warning comes; nobody answers; the session ends.
    await page.getByRole('dialog', { name: 'Tu sesión está por terminar' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'phone-session-ending');
    // The expiry alert comes about 57 s after the warning (exp - 3 s).
    await page.locator('.swal2-popup').waitFor({ timeout: 75_000 });
    expect(await alertText(page)).toBe('Oops... tu sesión actual ha expirado.');
    await page.waitForURL(/#\/login$/);
    await closeAlert(page);

    // Signing in again: the same submission shows the draft, and says it was recovered.
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/revision`);
    await page.getByTestId('queue-open').first().click();
    await visible(dialog);
    await hasValue(dialog.getByTestId('review-observacion'), note, expect);
    await visible(dialog.getByTestId('review-draft-restored'));
    await screenshot(page, 'phone-review-draft-restored');

    await context.close();
  }, 150_000);
});
