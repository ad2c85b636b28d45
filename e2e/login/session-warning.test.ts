import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import { validPdf } from '../support/ui';
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
} from '../support';

// Sessions of an hour; the page's clock (playwright's page.clock), not the test's wall time, runs
// to the warning and the end, so the file waits for no minute (decision 173). The server keeps real
// time: that an expired token is refused while its session lives is proven by app.inject
// (server/src/modules/login/session-messages.test.ts).
const SESSION_HOURS = 1;
const h = useHarness({ env: { SESSION_HOURS: String(SESSION_HOURS) } });

const tokenExp = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;

const userdata = (token: string) =>
  fetch(`${h.server.url}/api/login/userdata`, { headers: { authorization: `Bearer ${token}` } });

/** The page's clock jumps to 59 s before the token's end: the warning's timer is due and fires. */
async function toOneMinuteBefore(page: Page, token: string) {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.fastForward(tokenExp(token) * 1000 - 59_000 - pageNow);
}

// Each test in its own browser context (its own clock) and session, with its own `expect` (the
// global one loses its test in concurrent tests).
describe.concurrent('warning one minute before the session ends (docs/decisions/098)', () => {
  it("'Seguir conectado' gets a new token for the same session; the old one's end passes with no logout", async ({
    expect,
  }) => {
    const { page, context, errors } = await openPage(h.browser);
    await page.clock.install();
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    const first = (await storedToken(page))!;

    const warning = page.getByRole('dialog', { name: MSG.sessionEndingTitle });
    await toOneMinuteBefore(page, first);
    await warning.waitFor();
    await containsText(warning, '¿Desea seguir conectado?', expect);
    // About a minute left, counted on the page's clock (it keeps running after the jump).
    await expect
      .poll(() => warning.getByTestId('session-ending-text').textContent())
      .toMatch(/se cerrará en (5\d|60) segundos/);
    await screenshot(page, 'desktop-session-ending');

    // The server signs the new token by its own clock: the page's date goes back to it (its timers
    // keep their places), so the page reads the new expiry as the server meant it.
    await page.clock.setSystemTime(Date.now());
    await page.getByTestId('session-stay').click();
    await hidden(warning);
    await expect.poll(() => storedToken(page)).not.toBe(first);
    const second = (await storedToken(page))!;
    expect(tokenExp(second)).toBeGreaterThanOrEqual(tokenExp(first));
    // A whole session from now, where the first had under a minute left on the page's clock.
    expect(tokenExp(second) * 1000 - Date.now()).toBeGreaterThan(SESSION_HOURS * 3600_000 - 60_000);

    // The minute of the first token runs out on the page's clock (its end was due 54 s on, the
    // alert 2 s later): the page is still signed in, no alert, no warning.
    await page.clock.runFor(65_000);
    expect(page.url()).toMatch(/#\/home$/);
    await visible(page.getByTestId('welcome-line'));
    expect(await page.locator('.swal2-popup').count()).toBe(0);
    expect(await warning.count()).toBe(0);
    expect((await userdata(second)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

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
    await page.clock.install();
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    const token = (await storedToken(page))!;
    await page.goto(`${h.server.url}/#/revision`);
    await page.getByTestId('queue-open').first().click();
    const dialog = page.getByTestId('review-dialog');
    await visible(dialog);
    const note = 'Falta la firma del representante legal en la página 2';
    await dialog.getByTestId('review-observacion').fill(note);

    // The warning comes; nobody answers; the session ends (at exp - 5 s, the alert 2 s later).
    await toOneMinuteBefore(page, token);
    await page.getByRole('dialog', { name: MSG.sessionEndingTitle }).waitFor();
    await screenshot(page, 'phone-session-ending');
    await page.clock.runFor(60_000);
    expect(await alertText(page)).toBe('Oops... tu sesión actual ha expirado.');
    await page.waitForURL(/#\/login$/);
    await closeAlert(page);

    // Signing in again (the page's date back to the server's, which signs the new token): the same
    // submission shows the draft, and says it was recovered.
    await page.clock.setSystemTime(Date.now());
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    await page.goto(`${h.server.url}/#/revision`);
    await page.getByTestId('queue-open').first().click();
    await visible(dialog);
    await hasValue(dialog.getByTestId('review-observacion'), note, expect);
    await visible(dialog.getByTestId('review-draft-restored'));
    await screenshot(page, 'phone-review-draft-restored');

    await context.close();
  });
});
