import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDia, sumarDias } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { manualClock } from '../../server/src/lib/clock';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import { CERTIFICADO_ARL, textPdf } from '../../server/src/compliance/document-dates/samples';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  hasText,
  hasValue,
  hidden,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles, validPdf } from '../support/ui';

/**
 * Decision 113 end to end: a contractor uploads a dated certificate (the file says 3 November 2026,
 * the contractor types 1 November); the reviewer sees both side by side, corrects the date and
 * approves; the contractor's list shows the validity the rule derives from the corrected date.
 */
// The certificate says 3 November 2026 and its validity is 30 days: the server judges on a fixed day
// inside it, so the test reads the same next year.
const h = useHarness({ clock: manualClock('2026-11-20T15:00:00Z') });
const WIDE = { width: 1366, height: 768 };
/** The reviewer signs in through 'Ingreso funcionarios'. */
const STAFF = { ...REVIEWER, staff: true };
const files = tempFiles({ 'camara-comercio.pdf': textPdf(CERTIFICADO_ARL) });

async function contractorOnSgSst(page: Page) {
  await page.goto(`${h.server.url}/#/sg-sst`);
  await chooseContract(page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
}

async function openReview(page: Page, codigo: string) {
  if (!page.url().includes('#/revision')) await page.goto(`${h.server.url}/#/revision`);
  const row = page
    .getByTestId('review-queue')
    .locator('tbody tr')
    .filter({ hasText: `${codigo} - ` })
    .filter({ hasText: 'Montajes' });
  await row.getByTestId('queue-open').click();
  const dialog = page.getByTestId('review-dialog');
  await visible(dialog);
  await visible(dialog.getByTestId('review-dates'));
  return dialog;
}

describe('the reviewer confirms the document dates on approval', () => {
  it('read and given side by side; the corrected issue date gives the validity the contractor sees', async () => {
    // The contractor: E02 (Cámara de Comercio, 30 days from the issue date).
    const c = await signedInPage(h, CONTRACTOR, { viewport: WIDE });
    await contractorOnSgSst(c.page);
    const row = c.page.locator('[data-testid="evidence-row"][data-codigo="E02"]');
    await row.getByTestId('status-button').click();
    const modal = c.page.getByTestId('upload-modal');
    await visible(modal);
    await c.page.getByTestId('upload-file-input').setInputFiles(files['camara-comercio.pdf']);
    const expedicionUpload = modal.getByTestId('document-dates').getByLabel('Fecha de expedición');
    await hasValue(expedicionUpload, '03/11/2026');
    await expedicionUpload.fill('01/11/2026');
    await expedicionUpload.press('Tab');
    await hasValue(expedicionUpload, '01/11/2026');
    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    await c.page.locator('.evidence-dialog .p-dialog-header-close').click();
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');

    // A policy (E07, valid until the end it states) uploaded without any date, by the API.
    const company = await authHeaders(h.server.app, CONTRACTOR_A);
    const [poliza] = await query<{ id: number }>(
      h.server.app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-sst' AND codigo = 'E07'`,
    );
    const put = await h.server.app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-sst/${poliza.id}`,
      headers: company,
      payload: {
        adjunto: {
          adjunto: validPdf('poliza.pdf').toString('base64'),
          nombreArchivo: 'poliza.pdf',
          extension: 'pdf',
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    // The reviewer on a phone: the same facts fit 360 px.
    const phone = await signedInPage(h, STAFF, { viewport: PHONE });
    const small = await openReview(phone.page, 'E02');
    await hasText(small.getByTestId('review-date-expedicion-leida'), '03/11/2026');
    await hasText(small.getByTestId('review-date-expedicion-dada'), '01/11/2026');
    await small.getByTestId('review-dates').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'review-dates-02-phone');
    expect(await overflowsHorizontally(phone.page)).toBe(false);
    await small.locator('.p-dialog-header-close').click();
    await hidden(small);
    // The policy states no end date and nobody gave one: approving says so, inline, in Spanish.
    const policy = await openReview(phone.page, 'E07');
    await hasText(policy.getByTestId('review-date-vencimiento-leida'), 'Sin dato');
    await containsText(policy.getByTestId('review-fin'), 'Falta una fecha para calcularla');
    await policy.getByTestId('review-approve').click();
    await containsText(
      policy.getByTestId('review-approve-error'),
      'Falta «Fecha de vencimiento»: la regla de vigencia «Fecha de vencimiento del documento» la necesita',
    );
    await policy.getByTestId('review-approve-error').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'review-dates-03-phone-missing-date');
    await phone.context.close();
    // Nothing was decided from the phone.
    const [pending] = await query<{ estado: number; exp: string }>(
      h.server.app.db,
      sql`SELECT estado, fecha_expedicion::text AS exp FROM entregas WHERE nombre_archivo = 'camara-comercio.pdf'`,
    );
    expect(pending).toEqual({ estado: 0, exp: '2026-11-01' });

    // The reviewer at 1366 px: the rule, what was read, what was given, the end with the stored date.
    const r = await signedInPage(h, STAFF, { viewport: WIDE });
    const dialog = await openReview(r.page, 'E02');
    await containsText(dialog.getByTestId('review-dates-rule'), 'Días desde la expedición');
    await containsText(dialog.getByTestId('review-dates-rule'), 'Código de Comercio');
    await hasText(dialog.getByTestId('review-date-expedicion-leida'), '03/11/2026');
    await hasText(dialog.getByTestId('review-date-expedicion-dada'), '01/11/2026');
    await visible(dialog.getByTestId('review-date-expedicion-difieren'));
    const input = dialog.locator('#review-date-expedicion-input');
    await hasValue(input, '01/11/2026');
    await containsText(dialog.getByTestId('review-fin'), formatDia(sumarDias('2026-11-01', 30)));
    expect(await dialog.getByTestId('review-vigencia').count()).toBe(0); // never typed with a rule
    expect(await seriousA11yViolations(r.page)).toEqual([]);
    await dialog.getByTestId('review-dates').scrollIntoViewIfNeeded();
    await screenshot(r.page, 'review-dates-01-desktop');

    // The file is right: the reviewer corrects the date, the end follows, and approves.
    await input.fill('03/11/2026');
    // Typing opens no calendar over the buttons below; the field's own button opens and closes it.
    const overlay = r.page.locator('.p-datepicker');
    await input.press('Tab');
    expect(await overlay.count()).toBe(0);
    const trigger = dialog.locator('.review-date-input .p-datepicker-trigger').first();
    await trigger.click();
    await visible(overlay);
    await trigger.click();
    await hidden(overlay);
    const fin = sumarDias('2026-11-03', 30);
    await containsText(dialog.getByTestId('review-fin'), formatDia(fin));
    await screenshot(r.page, 'review-dates-04-desktop-corrected');
    await dialog.getByTestId('review-approve').click();
    await hidden(dialog);
    await containsText(r.page.locator('.p-toast'), 'La carga fue aprobada.');
    const [approved] = await query<{ estado: number; exp: string; vig: string; declaradas: unknown }>(
      h.server.app.db,
      sql`SELECT estado, fecha_expedicion::text AS exp, vigencia_hasta::text AS vig, fechas_declaradas AS declaradas
            FROM entregas WHERE nombre_archivo = 'camara-comercio.pdf'`,
    );
    expect(approved).toMatchObject({ estado: 1, exp: '2026-11-03', vig: fin });

    // The contractor's list: Aprobado, valid until the end the rule derived.
    await c.page.reload();
    await hasText(row.getByTestId('estado'), 'Aprobado');
    await containsText(row.getByTestId('vigencia'), `Vigente hasta ${formatDia(fin)}`);
    expect([...c.errors, ...r.errors]).toEqual([]);
  });
});
