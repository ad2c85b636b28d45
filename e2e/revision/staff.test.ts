import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDia, hoyEnColombia, MSG, REVISION_MSG } from '@proveedores/domain';
import { DEMO } from '../../server/src/db/seed';
import { query } from '../../server/src/db/client';
import { contractStorage, validPdf } from '../support/ui';
import { authHeaders, CONTRACTOR_A } from '../../server/src/test/app';
import {
  ADMIN,
  alertText,
  closeAlert,
  containsText,
  CONTRACTOR,
  DESKTOP,
  hasCount,
  hasText,
  hasValue,
  hidden,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  sessionPage,
  signIn,
  useHarness,
  visible,
  fechasDeDocumento,
  fechasParaEntrega,
  finSegunRegla,
  hoyDe,
  reglaDe,
} from '../support';

/**
 * Staff side in Chromium (docs/decisions/060, 065): the reviewer rejects an SG-SST upload with a standard
 * reason and a note (the e-mail reaches the SMTP sink), the company sees 'Rechazado' with the reason as hover
 * hint and in its home summary and uploads again, the reviewer approves it (refused first while the issue
 * date its validity rule needs is missing, then with that date; decision 113); a decision someone else
 * already took gives the server's 409 message; the administrator creates a company (refused first with a
 * wrong check digit), edits the catalogue and master data, and sees the compliance view with its Excel
 * export.
 */
const h = useHarness();

const STAFF_API = {
  username: DEMO.reviewer.username,
  password: DEMO.reviewerPassword,
  path: '/api/login/authenticatead',
};
const ADMIN_API = {
  username: DEMO.admin.username,
  password: DEMO.adminPassword,
  path: '/api/login/authenticatead',
};
const STANDARD_REASON = 'El documento no es legible';
const NOTE = 'Falta la página 2 con la firma del representante legal';

async function requisitoId(codigo: string, modulo = 'sg-sst'): Promise<number> {
  const [r] = await query<{ id: number }>(
    h.server.app.db,
    sql`SELECT id FROM requisitos WHERE modulo = ${modulo} AND codigo = ${codigo}`,
  );
  return r.id;
}

/** The contractor's API upload of a PDF to an SG-SST item; returns the submission id. */
async function uploadSgSst(headers: Record<string, string>, codigo: string, name: string): Promise<number> {
  const res = await h.server.app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-sst/${await requisitoId(codigo)}`,
    headers,
    payload: {
      adjunto: { adjunto: validPdf(name).toString('base64'), nombreArchivo: name, extension: 'pdf' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { idEntrega: number }).idEntrega;
}

/** Staff signed in through the API (sessionPage): these tests are not about signing in. */
async function staffSignedIn(
  who: { username: string; password: string },
  viewport: { width: number; height: number } = DESKTOP,
) {
  const t = await sessionPage(h, { ...who, staff: true }, { viewport });
  await t.page.waitForURL(/#\/home$/);
  return t;
}

/** The contractor with its 'Estructura en concreto' contract chosen (as the contract modal stores it). */
async function contractorSignedIn(viewport: { width: number; height: number } = DESKTOP) {
  const storage = await contractStorage(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const t = await sessionPage(h, CONTRACTOR, { viewport, storage });
  await t.page.waitForURL(/#\/home$/);
  return t;
}

const queueRow = (page: Page, codigo: string, empresa: string) =>
  page
    .getByTestId('review-queue')
    .locator('tbody tr')
    .filter({ hasText: `${codigo} - ` })
    .filter({ hasText: empresa });

const overflowsHorizontally = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('staff side in Chromium', () => {
  it('reject with a reason -> the company sees it and uploads again -> approve; the e-mail arrives', async () => {
    const app = h.server.app;
    const admin = await authHeaders(app, ADMIN_API);
    const e01 = await requisitoId('E01');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/requisitos/${e01}`,
      headers: admin,
      payload: { motivosRechazo: [STANDARD_REASON, 'El documento está vencido'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const company = await authHeaders(app, CONTRACTOR_A);
    const first = await uploadSgSst(company, 'E01', 'rut-2026.pdf');
    // Other pending work, so the filters have something to leave out.
    await uploadSgSst(company, 'E02', 'camara-comercio.pdf');
    const companyB = await authHeaders(app, { username: DEMO.companies[1].nit, password: DEMO.password });
    await uploadSgSst(companyB, 'E01', 'rut-redes.pdf');

    // The reviewer signs in through 'Ingreso funcionarios' and opens the queue from its tile.
    const { page, context, errors } = await openPage(h.browser);
    await openLogin(page, h.server.url);
    await signIn(page, { ...REVIEWER, staff: true });
    await page.waitForURL(/#\/home$/);
    await page.getByTestId('tile-revision').click();
    await page.waitForURL(/#\/revision/);
    await hasText(page.getByTestId('review-count'), '3 cargas pendientes de revisión');
    // Oldest first.
    await containsText(page.getByTestId('review-queue').locator('tbody tr').first(), 'rut-2026.pdf');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'staff-01-queue-desktop', true);

    // Filter by company (search by name) and requirement.
    await page.locator('#filtro-empresa').fill('Montajes');
    await page
      .locator('.p-autocomplete-panel')
      .getByText(/Montajes y Estructuras/)
      .click();
    await hasText(page.getByTestId('review-count'), '2 cargas pendientes de revisión');
    await page.getByTestId('filtro-requisito').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill('E01');
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: /^E01 - RUT/ })
      .click();
    await hasText(page.getByTestId('review-count'), '1 carga pendiente de revisión');
    expect(page.url()).toContain('requisitoId=');

    // The upload dates typed dd/mm/aaaa (decision 168); the address and the API keep ISO. A wrong
    // text stays as typed and is named, and the filter waits for a date.
    const hoy = hoyEnColombia(new Date());
    const desde = page.locator('#filtro-desde');
    await desde.click();
    await desde.pressSequentially(formatDia(hoy));
    await desde.press('Tab');
    await page.waitForURL((u) => u.hash.includes(`desde=${hoy}`));
    await hasText(page.getByTestId('review-count'), '1 carga pendiente de revisión');
    const hasta = page.locator('#filtro-hasta');
    await hasta.fill('31/02/2026');
    await hasta.press('Tab');
    await hasText(
      page.getByTestId('filtro-hasta-no-valida'),
      REVISION_MSG.revisionFechaNoValida('31/02/2026'),
    );
    expect(page.url()).not.toContain('hasta=');
    await hasta.fill(formatDia(hoy));
    await hasta.press('Tab');
    await hasCount(page.getByTestId('filtro-hasta-no-valida'), 0);
    await page.waitForURL((u) => u.hash.includes(`hasta=${hoy}`));
    await hasText(page.getByTestId('review-count'), '1 carga pendiente de revisión');

    // The review panel: the PDF side by side with the criterion and the legal basis.
    // The panel's PDF viewer has the whole file (its drawing of it is not observable from the page).
    const fileLoaded = page.waitForResponse((r) => r.url().includes('/api/adminflujos/adjunto/'));
    await queueRow(page, 'E01', 'Montajes').getByTestId('queue-open').click();
    const dialog = page.getByTestId('review-dialog');
    await visible(dialog);
    await containsText(dialog.locator('.p-dialog-title'), 'Revisión: RUT');
    const object = dialog.locator('object.review-file-frame');
    await visible(object);
    // Embedded with a download ticket, never the session token (docs/decisions/166).
    expect(await object.getAttribute('data')).toMatch(/\/api\/adminflujos\/adjunto\/\d+\?ticket=/);
    const file = await page.request.get((await object.getAttribute('data'))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).equals(validPdf('rut-2026.pdf'))).toBe(true);
    await containsText(dialog.getByTestId('review-criteria'), 'Registro Único Tributario');
    await containsText(dialog.getByTestId('review-criteria'), 'Base legal');
    await containsText(dialog.getByTestId('review-previous'), 'No hay una versión aprobada anterior.');
    // The RUT has a validity rule: its end comes from the issue date, never typed (decision 113),
    // and the upload gave none, so the end waits for it.
    await containsText(dialog.getByTestId('review-dates-rule'), 'Días desde la expedición');
    await containsText(dialog.getByTestId('review-fin'), MSG.reviewValidityPendingDates);
    expect(await dialog.getByTestId('review-vigencia').count()).toBe(0);
    await (await fileLoaded).finished();
    await screenshot(page, 'staff-02-review-panel-desktop');

    // 'Rechazar' needs a reason.
    await dialog.getByTestId('review-reject').click();
    await hasText(
      dialog.getByTestId('review-reject-error'),
      'Indique el motivo del rechazo (un motivo de la lista o una observación).',
    );
    await dialog.getByTestId('review-motivo').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: STANDARD_REASON }).click();
    await dialog.getByTestId('review-observacion').fill(NOTE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const mailsBefore = h.server.mails.length;
    await dialog.getByTestId('review-reject').click();
    await hidden(dialog);
    await containsText(page.locator('.p-toast'), 'La carga fue rechazada y se notificó a la empresa.');
    // The queue reloaded: nothing left for this filter.
    await hasText(page.getByTestId('review-count'), '0 cargas pendientes de revisión');
    const reason = `${STANDARD_REASON}. ${NOTE}`;
    const mail = await h.server.waitForMail({ to: CONTRACTOR.email, since: mailsBefore, timeoutMs: 20_000 });
    const mailBody = mail.text; // quoted-printable decoded as UTF-8 by the sink
    expect(mailBody).toContain('Subject: Proveedores: documento rechazado - RUT');
    expect(mailBody).toContain(`Motivo del rechazo: ${reason}`);
    expect(mailBody).toContain('#/sg-sst');

    // The company: 'Rechazado' with the reason as hover hint, and the rejected count at home.
    const c = await contractorSignedIn();
    const rejectedCard = c.page.getByTestId('card--1');
    await visible(rejectedCard);
    await containsText(rejectedCard, '1');
    await hasText(
      c.page
        .getByTestId(`company-${CONTRACTOR.username}`)
        .getByTestId('count-sg-sst--1')
        .locator('.home-count-value'),
      '1',
    );
    await screenshot(c.page, 'staff-03-company-home-rejected');
    await c.page.goto(`${h.server.url}/#/sg-sst`);
    const row = c.page.locator('[data-testid="evidence-row"][data-codigo="E01"]');
    await hasText(row.getByTestId('estado'), 'Rechazado');
    expect(await row.getByTestId('reason-icon').getAttribute('aria-label')).toBe(
      `Motivo del rechazo: ${reason}`,
    );
    await row.getByTestId('reason-icon').hover();
    await containsText(c.page.locator('.p-tooltip'), reason);
    await screenshot(c.page, 'staff-04-company-rejected-hint');
    // It uploads again through the page.
    await row.getByTestId('status-button').click();
    await visible(c.page.getByTestId('upload-modal'));
    await c.page.getByTestId('upload-file-input').setInputFiles({
      name: 'rut-2026-firmado.pdf',
      mimeType: 'application/pdf',
      buffer: validPdf('rut firmado'),
    });
    await containsText(
      c.page.getByTestId('upload-results'),
      'Archivo subido con exito: rut-2026-firmado.pdf',
    );
    await c.page.locator('.evidence-dialog .p-dialog-header-close').click();
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    expect(c.errors).toEqual([]);

    // The reviewer: the new upload is in the queue (same filters), with the rejected one in its history.
    await page.reload();
    await hasText(page.getByTestId('review-count'), '1 carga pendiente de revisión');
    await queueRow(page, 'E01', 'Montajes').getByTestId('queue-open').click();
    await visible(dialog);
    await containsText(dialog.getByTestId('review-file'), 'rut-2026-firmado.pdf');
    await dialog.locator('.review-history summary').click();
    await containsText(dialog.locator('.review-history'), 'rut-2026.pdf');
    await containsText(dialog.locator('.review-history'), reason);
    // Without the issue date the rule needs, approval is refused and says which date is missing.
    await dialog.getByTestId('review-approve').click();
    await containsText(dialog.getByTestId('review-approve-error'), 'Falta «Fecha de expedición»');
    // The reviewer types the issue date the RUT states (a few days ago); the end follows the rule.
    const regla = await reglaDe(app, e01);
    const fechas = fechasDeDocumento(regla, hoyDe(app));
    const fin = finSegunRegla(regla!, fechas);
    expect(fin).not.toBeNull();
    const expedicion = dialog.locator('#review-date-expedicion-input');
    await expedicion.fill(formatDia(fechas.fechaExpedicion!));
    await expedicion.press('Tab'); // typing opens no calendar over 'Aprobar' (DayInput)
    await hasValue(expedicion, formatDia(fechas.fechaExpedicion!));
    await containsText(dialog.getByTestId('review-fin'), formatDia(fin!));
    await dialog.getByTestId('review-approve').click();
    await hidden(dialog);
    await containsText(page.locator('.p-toast'), 'La carga fue aprobada.');
    await hasText(page.getByTestId('review-count'), '0 cargas pendientes de revisión');
    const [decided] = await query<{ estado: number; vigencia: string; first: number }>(
      app.db,
      sql`SELECT estado, to_char(vigencia_hasta, 'YYYY-MM-DD') AS vigencia,
                 (SELECT estado FROM entregas WHERE id = ${first}) AS first
            FROM entregas WHERE id = (SELECT max(id) FROM entregas WHERE requisito_id = ${e01}
                                        AND empresa_id = (SELECT id FROM empresas WHERE nit = ${CONTRACTOR.username}))`,
    );
    expect(decided).toEqual({ estado: 1, vigencia: fin, first: -1 });

    // The company sees 'Aprobado'.
    await c.page.reload();
    await hasText(row.getByTestId('estado'), 'Aprobado');
    await c.context.close();

    // Someone else decides first: the server's 409 message, and the queue reloads.
    await page.getByTestId('filtro-limpiar').click();
    await hasText(page.getByTestId('review-count'), '2 cargas pendientes de revisión');
    await queueRow(page, 'E02', 'Montajes').getByTestId('queue-open').click();
    await visible(dialog);
    const [{ id: e02Entrega }] = await query<{ id: number }>(
      app.db,
      sql`SELECT max(e.id) AS id FROM entregas e JOIN requisitos r ON r.id = e.requisito_id WHERE r.codigo = 'E02' AND r.modulo = 'sg-sst'`,
    );
    const other = await authHeaders(app, STAFF_API);
    const quick = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${e02Entrega}/aprobar`,
      headers: other,
      payload: await fechasParaEntrega(app, e02Entrega),
    });
    expect(quick.statusCode).toBe(200);
    await dialog.getByTestId('review-observacion').fill('No corresponde al periodo');
    await dialog.getByTestId('review-reject').click();
    expect(await alertText(page)).toBe(
      'Esta carga ya fue revisada (Aprobado); la decisión no se puede cambiar.',
    );
    await closeAlert(page);
    await hidden(dialog);
    await hasText(page.getByTestId('review-count'), '1 carga pendiente de revisión');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the review queue and panel on a phone', async () => {
    const { page, context, errors } = await staffSignedIn(REVIEWER, PHONE);
    await page.goto(`${h.server.url}/#/revision`);
    await hasText(page.getByTestId('review-count'), /^\d+ cargas? pendientes? de revisión$/);
    await visible(page.getByTestId('queue-open').first());
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'staff-05-queue-phone', true);
    const fileLoaded = page.waitForResponse((r) => r.url().includes('/api/adminflujos/adjunto/'));
    await page.getByTestId('queue-open').first().click();
    const dialog = page.getByTestId('review-dialog');
    await visible(dialog);
    await visible(dialog.getByTestId('review-file'));
    await (await fileLoaded).finished();
    await screenshot(page, 'staff-06-review-panel-phone');
    await dialog.getByTestId('review-decision').scrollIntoViewIfNeeded();
    await screenshot(page, 'staff-07-review-decision-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('admin: company with a valid NIT (a wrong check digit refused first), catalogue, master data, compliance', async () => {
    const { page, context, errors } = await staffSignedIn(ADMIN);
    // Companies list (the list engine) -> 'Nueva empresa'.
    await page.getByTestId('tile-empresas').click();
    await page.waitForURL(/#\/list-dinamico\/empresas/);
    await page.getByRole('button', { name: 'Nueva empresa' }).click();
    await page.waitForURL(/#\/admin\/empresas\/0$/);
    const form = page.getByTestId('company-form');
    await form.getByTestId('empresa-nit').fill('901234567');
    await form.getByTestId('empresa-dv').fill('4');
    await form.getByTestId('empresa-razonSocial').fill('Andamios Seguros del Valle S.A.S.');
    await form.getByTestId('empresa-correo').fill('sst@andamiosvalle.example.co');
    await form.getByTestId('empresa-save').click();
    await hasText(form.getByTestId('empresa-dv-error'), 'El dígito de verificación no corresponde al NIT.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'staff-08-company-wrong-dv');
    const [{ n: before }] = await query<{ n: number }>(
      h.server.app.db,
      sql`SELECT count(*)::int AS n FROM empresas WHERE nit = '901234567'`,
    );
    expect(before).toBe(0);
    // 901234567: DIAN check digit 7.
    await form.getByTestId('empresa-dv').fill('7');
    await form.getByTestId('empresa-save').click();
    expect(await alertText(page)).toBe(
      "La empresa fue creada. Para obtener su primera contraseña debe usar 'Registrate' en la pantalla de ingreso con el NIT 901234567.",
    );
    await closeAlert(page);
    await page.waitForURL(/#\/admin\/empresas\/\d+$/);
    await hasText(page.getByTestId('empresa-estado'), 'Activa');
    // Its storage usage against the upload quota (docs/decisions/085).
    await hasText(
      page.getByTestId('empresa-almacenamiento'),
      'Almacenamiento de archivos: 0 bytes de 10 GB (0 archivos)',
    );
    await hasValue(page.getByTestId('empresa-nit-completo'), '901234567-7');
    const [created] = await query<{ razon_social: string; activa: boolean }>(
      h.server.app.db,
      sql`SELECT razon_social, activa FROM empresas WHERE nit = '901234567'`,
    );
    expect(created).toEqual({ razon_social: 'Andamios Seguros del Valle S.A.S.', activa: true });
    await screenshot(page, 'staff-09-company-created');

    // Disable it from the list's 'Eliminar' action (confirmation first).
    await page.goto(`${h.server.url}/#/list-dinamico/empresas?q=Andamios`);
    const listRow = page.locator('tbody tr').filter({ hasText: '901234567-7' });
    await visible(listRow);
    await listRow.getByRole('link', { name: 'Eliminar' }).click();
    await containsText(
      page.locator('.swal2-popup'),
      '¿Deshabilitar la empresa Andamios Seguros del Valle S.A.S.?',
    );
    await page.locator('.swal2-confirm').click();
    // The question closes and the answer opens in the same container.
    await hasText(
      page.locator('.swal2-html-container'),
      'La empresa fue deshabilitada y sus sesiones se cerraron.',
    );
    await closeAlert(page);
    await page.waitForURL(/#\/list-dinamico\/empresas/);
    await containsText(page.locator('tbody tr').filter({ hasText: '901234567-7' }), 'No');

    // Catalogue: copy E01 into a new requirement with a new code, then retire it.
    await page.goto(`${h.server.url}/#/list-dinamico/requisitos?q=RUT`);
    const e01Row = page.locator('tbody tr').filter({ hasText: 'E01' }).first();
    await e01Row.getByRole('link', { name: 'Copiar' }).click();
    await page.waitForURL(/#\/admin\/requisitos\/0\?copiar=\d+/);
    await visible(page.getByTestId('copy-notice'));
    const req = page.getByTestId('requisito-form');
    await hasValue(req.getByTestId('req-nombre'), 'RUT');
    await req.getByTestId('req-codigo').fill('e90');
    await req.getByTestId('req-nombre').fill('RUT de subcontratistas');
    await req.getByTestId('motivo-input').fill('Sin firma del contador');
    await req.getByTestId('motivo-input').press('Enter');
    await containsText(req.getByTestId('motivos-list'), 'Sin firma del contador');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'staff-10-requisito-copy', true);
    await req.getByTestId('req-save').click();
    await containsText(page.locator('.p-toast'), 'El requisito fue guardado.');
    await page.waitForURL(/#\/admin\/requisitos\/\d+$/);
    const [copy] = await query<{ codigo: string; motivos: string[]; vigencia: number; activo: boolean }>(
      h.server.app.db,
      sql`SELECT codigo, motivos_rechazo AS motivos, vigencia_dias AS vigencia, activo FROM requisitos WHERE codigo = 'E90'`,
    );
    const [source] = await query<{ motivos: string[] }>(
      h.server.app.db,
      sql`SELECT motivos_rechazo AS motivos FROM requisitos WHERE codigo = 'E01' AND modulo = 'sg-sst'`,
    );
    expect(copy).toEqual({
      codigo: 'E90',
      motivos: [...source.motivos, 'Sin firma del contador'],
      vigencia: 365,
      activo: true,
    });
    await page.getByTestId('requisito-retire').click();
    await containsText(page.locator('.swal2-popup'), '¿Retirar el requisito E90 - RUT de subcontratistas?');
    await page.locator('.swal2-confirm').click();
    await hasText(
      page.locator('.swal2-html-container'),
      'El requisito fue retirado; su historial se conserva.',
    );
    await closeAlert(page);
    await hasText(page.getByTestId('requisito-estado'), 'Retirado');

    // Master data: a new activity with the work-at-heights flag.
    await page.goto(`${h.server.url}/#/home`);
    await page.getByTestId('tile-maestras').click();
    await page.getByTestId('tab-actividades').click();
    await page.getByTestId('maestra-new').click();
    await page.getByTestId('maestra-descripcion').fill('Instalación de andamios');
    await page.locator('label[for="maestra-alturas"]').click();
    await page.getByTestId('maestra-save').click();
    await containsText(page.locator('.p-toast'), 'El registro fue guardado.');
    const act = page
      .getByTestId('maestras-table')
      .locator('tbody tr')
      .filter({ hasText: 'Instalación de andamios' });
    await visible(act);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'staff-11-master-data');
    const [flags] = await query<{ alturas: boolean }>(
      h.server.app.db,
      sql`SELECT alturas FROM actividades WHERE descripcion = 'Instalación de andamios'`,
    );
    expect(flags).toEqual({ alturas: true });

    // Compliance: per company, drill-down to items, Excel export.
    await page.goto(`${h.server.url}/#/home`);
    await page.getByTestId('tile-cumplimiento').click();
    await visible(page.getByTestId('compliance-table'));
    await page
      .getByTestId('compliance-table')
      .getByRole('link', { name: /Montajes y Estructuras/ })
      .click();
    await page.waitForURL(/#\/admin\/empresas\/\d+\/contratos/);
    const detail = (await (
      await page.request.get(
        `${h.server.url}/api/revision/cumplimiento/${page.url().match(/empresas\/(\d+)/)![1]}`,
        {
          headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` },
        },
      )
    ).json()) as { totales: { aprobados: number } };
    await hasText(page.getByTestId('total-aprobados'), String(detail.totales.aprobados));
    await page
      .getByTestId('contract-empresa')
      .getByRole('button', { name: /SG-SST - Sin cargar/ })
      .click();
    await containsText(page.getByTestId('compliance-items').locator('tbody'), 'E03 - ');
    expect(page.url()).toContain('codEstado=-2');
    await containsText(page.getByTestId('compliance-items').locator('tbody'), 'Pendiente por cargar');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'staff-12-company-compliance', true);
    const download = page.waitForEvent('download');
    await page.getByTestId('compliance-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cumplimiento.*\.xlsx$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('admin pages on a phone', async () => {
    const { page, context, errors } = await staffSignedIn(ADMIN, PHONE);
    await page.goto(`${h.server.url}/#/admin/empresas/0`);
    await visible(page.getByTestId('company-form'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'staff-13-company-form-phone', true);
    await page.goto(`${h.server.url}/#/cumplimiento`);
    await visible(page.getByTestId('compliance-company').first());
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'staff-14-compliance-phone', true);
    await page.getByTestId('compliance-company').first().click();
    await visible(page.getByTestId('company-totals'));
    await visible(page.getByTestId('compliance-items').locator('tbody tr').first());
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'staff-15-company-compliance-phone', true);
    await page.goto(`${h.server.url}/#/admin/maestras/proyectos`);
    await visible(page.getByTestId('maestras-table').locator('tbody tr').first());
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'staff-16-master-data-phone', true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a contractor who types a staff address goes home; a reviewer sees the admin forms read-only', async () => {
    const c = await sessionPage(h, CONTRACTOR_B_LOGIN);
    await c.page.waitForURL(/#\/home$/);
    await c.page.goto(`${h.server.url}/#/revision`);
    await c.page.waitForURL(/#\/home$/);
    await c.context.close();

    const { page, context, errors } = await staffSignedIn(REVIEWER);
    await page.goto(`${h.server.url}/#/admin/empresas/1`);
    await containsText(page.locator('.notice'), 'Solo un administrador puede modificar esta información.');
    await hasCount(page.getByTestId('empresa-save'), 0);
    expect(await page.getByTestId('empresa-razonSocial').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

const CONTRACTOR_B_LOGIN = { username: DEMO.companies[1].nit, password: DEMO.password };
