import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  formatDia,
  formatDiaHora,
  hoyEnColombia,
  inicioDiaColombia,
  MSG,
  sumarDias,
} from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import { validPdf } from '../support/ui';
import {
  containsText,
  hasText,
  openLogin,
  openPage,
  REVIEWER,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Decision 117: no machine zone anywhere. The browser runs in the zone of the environment (CI runs
 * the suite under TZ=Asia/Tokyo and this file under TZ=UTC too, decision 158), and what it shows is
 * Colombian all the same.
 */
const h = useHarness();

/** The zone's offset in minutes at an instant, as `Date#getTimezoneOffset` reads it. */
const offsets = (instants: number[]) => instants.map((t) => new Date(t).getTimezoneOffset());
const INSTANTS = [Date.UTC(2026, 0, 15, 12), Date.UTC(2026, 6, 15, 12), Date.now()];

/** The last 20:00 in Bogotá before now: the next day already in UTC (01:00) and in Tokyo (10:00). */
function lastBogotaEvening(now: Date): Date {
  const at20 = (dia: string) => new Date(inicioDiaColombia(dia).getTime() + 20 * 3_600_000);
  const today = at20(hoyEnColombia(now));
  return today.getTime() <= now.getTime() ? today : at20(sumarDias(hoyEnColombia(now), -1));
}

describe('time zones (Chromium, real server)', () => {
  it("the browser runs in the environment's zone, not a zone the harness picks", async () => {
    const { page, context, errors } = await openPage(h.browser);
    await page.goto(`${h.server.url}/#/login`);
    const browser = await page.evaluate(
      (instants) => ({
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        offsets: instants.map((t) => new Date(t).getTimezoneOffset()),
      }),
      INSTANTS,
    );
    expect(browser.offsets).toEqual(offsets(INSTANTS));
    expect(browser.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (process.env.TZ) expect(browser.zone).toBe(process.env.TZ);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("at 20:00 in Bogotá the reviewer's panel reads Colombian times and today, whatever the browser's zone", async () => {
    const app = h.server.app;
    const [{ id: requisitoId }] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E01'`,
    );
    const name = 'rut-zona-horaria.pdf';
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${requisitoId}`,
      headers: await authHeaders(app, CONTRACTOR_A),
      payload: {
        adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entregaId = (res.json() as { idEntrega: number }).idEntrega;
    const [{ ms }] = await query<{ ms: number | string }>(
      app.db,
      sql`SELECT (extract(epoch FROM created_at) * 1000)::float8 AS ms FROM entregas WHERE id = ${entregaId}`,
    );
    const cargado = new Date(Number(ms));

    // The browser's clock at the last 20:00 in Bogotá (earlier than the server's, so the session is
    // valid): the Colombian day is still the day before the one of UTC and Tokyo.
    const evening = lastBogotaEvening(new Date());
    const colombianDay = hoyEnColombia(evening);
    const { page, context, errors } = await openPage(h.browser);
    await context.clock.setFixedTime(evening);
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    const browserDay = await page.evaluate(() => {
      const d = new Date();
      return [d.getFullYear(), d.getMonth() + 1, d.getDate()]
        .map((n) => String(n).padStart(2, '0'))
        .join('-');
    });
    // Under UTC and Tokyo (CI) the browser's own calendar is a day ahead: the check below can fail.
    if (evening.getTimezoneOffset() < 300) expect(browserDay).not.toBe(colombianDay);

    await page.getByTestId('tile-revision').click();
    await page.waitForURL(/#\/revision/);
    const row = page.getByTestId('review-queue').locator('tbody tr').filter({ hasText: name });
    await visible(row);
    // The upload time, as 'dd/mm/aaaa HH:MM' in Bogotá (decision 092), not in the browser's zone.
    await containsText(row.locator('td').first(), formatDiaHora(cargado));
    // Today, in the panel, is Colombia's: the validity end cannot be before it (no validity rule) or
    // the issue date cannot be after it (a rule that reads the dates, decisions 105 and 113).
    await row.getByTestId('queue-open').click();
    const dialog = page.getByTestId('review-dialog');
    const vigencia = dialog.locator('#review-vigencia');
    const expedicion = dialog.locator('#review-date-expedicion-input');
    await visible(vigencia.or(expedicion));
    if (await vigencia.isVisible()) {
      // Colombia's today typed as the validity end is no past date for the panel: the approval is
      // sent (a panel on the browser's own calendar, a day ahead, would refuse it before sending).
      await vigencia.fill(formatDia(colombianDay));
      await vigencia.press('Tab');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/aprobar'));
      await dialog.getByTestId('review-approve').click();
      expect((await sent).postDataJSON()).toMatchObject({ vigenciaHasta: colombianDay });
    } else {
      // Colombia's tomorrow (the browser's own today under UTC and Tokyo) is refused as a future date.
      await expedicion.fill(formatDia(sumarDias(colombianDay, 1)));
      await dialog.getByTestId('review-dates').locator('legend').click();
      await dialog.getByTestId('review-approve').click();
      await hasText(dialog.getByTestId('review-approve-error'), MSG.reviewIssueDateFuture);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
