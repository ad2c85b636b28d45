import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVISION_MSG, TRABAJADORES_MSG } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { CERTIFICADO_ARL, textPdf } from '../../server/src/compliance/document-dates/samples';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_API } from '../../server/src/test/app';
import {
  containsText,
  CONTRACTOR,
  hasText,
  hidden,
  PHONE,
  REVIEWER,
  screenshot,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract } from '../support/ui';

/**
 * The reviewer's side after the usability walk: the home's pending count links to the queue; one
 * decision for the three workers of one upload (docs/decisions/139); an impossible date is named and
 * kept as typed; Escape in a date field leaves the dialog open. The contractor opens a worker's
 * documents from 'Trabajadores del contrato'; a rejection tooltip is readable at 360 px.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;
const STAFF = { ...REVIEWER, staff: true };
const NUMEROS = ['57700001', '57700002', '57700003'];

/** Three workers of the demo contract and one P13 upload covering them; the entregas ids. */
async function cargaDeTres(): Promise<number[]> {
  const app = h.server.app;
  const headers = await authHeaders(app, CONTRACTOR_A);
  const contrato = await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas');
  const contratoid = Number(contrato.id);
  const cargo = await firstCargo(app, headers);
  for (const numero of NUMEROS) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, { numerodocumento: numero, contratoid }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [p13] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P13'`,
  );
  const res = await app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${p13.id}/multiple`,
    headers,
    payload: {
      contratoid,
      tipodocumento: 'CC',
      numerodocumento: NUMEROS[0],
      fechaExpedicion: '2026-11-03',
      adjunto: {
        adjunto: textPdf(CERTIFICADO_ARL).toString('base64'),
        nombreArchivo: 'asistencia.pdf',
        extension: 'pdf',
      },
      trabajadores: NUMEROS.map((numerodocumento) => ({ tipodocumento: 'CC', numerodocumento })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { idEntregas: number[] }).idEntregas;
}

describe("the reviewer's side", () => {
  it('home count, one decision for the whole upload, impossible dates and Escape in the dialog', async () => {
    const ids = await cargaDeTres();
    const r = await signedInPage(h, STAFF, { viewport: WIDE });
    const { page } = r;
    await page.goto(`${h.server.url}/#/`);
    const pendientes = page.getByTestId('pending-review');
    await visible(pendientes);
    const [{ n }] = await query<{ n: number }>(
      h.server.app.db,
      sql`SELECT count(*)::int AS n FROM entregas e WHERE e.estado = 0 AND NOT EXISTS (
            SELECT 1 FROM entregas x WHERE x.empresa_id = e.empresa_id AND x.requisito_id = e.requisito_id
              AND x.contrato_id IS NOT DISTINCT FROM e.contrato_id AND x.empleado_id IS NOT DISTINCT FROM e.empleado_id
              AND x.ano IS NOT DISTINCT FROM e.ano AND x.mes IS NOT DISTINCT FROM e.mes AND x.id > e.id)`,
    );
    await hasText(page.getByTestId('pending-review-count'), REVISION_MSG.revisionPendientesConteo(n));
    await screenshot(page, 'review-carga-home-1366');
    await page.getByTestId('pending-review-link').click();
    await visible(page.getByTestId('review-queue'));

    await page.goto(`${h.server.url}/#/revision?entrega=${ids[1]}`);
    const dialog = page.getByTestId('review-dialog');
    await visible(dialog.getByTestId('review-dates'));
    const carga = dialog.getByTestId('review-misma-carga');
    await containsText(carga, REVISION_MSG.revisionAplicarCarga(3));

    // An impossible day is named and stays as typed.
    const fecha = dialog.locator('#review-date-expedicion-input');
    await fecha.fill('31/02/2026');
    await fecha.press('Tab');
    await hasText(
      dialog.getByTestId('review-date-expedicion-no-valida'),
      REVISION_MSG.revisionFechaNoValida('31/02/2026'),
    );
    expect(await fecha.inputValue()).toBe('31/02/2026');
    await dialog.getByTestId('review-approve').click();
    await hasText(
      dialog.getByTestId('review-approve-error'),
      REVISION_MSG.revisionFechaNoValida('31/02/2026'),
    );
    const [{ estado }] = await query<{ estado: number }>(
      h.server.app.db,
      sql`SELECT estado FROM entregas WHERE id = ${ids[1]}`,
    );
    expect(estado).toBe(0);

    // Escape in the date field, and in its open calendar, leaves the dialog open.
    await fecha.fill('03/11/2026');
    await fecha.press('Escape');
    await dialog.locator('.review-date-input .p-datepicker-trigger').first().click();
    await visible(page.locator('.p-datepicker').first());
    await page.keyboard.press('Escape');
    // The calendar closes; the dialog stays.
    await hidden(page.locator('.p-datepicker').first());
    await visible(dialog);
    await fecha.fill('03/11/2026');
    await fecha.press('Tab');
    await screenshot(page, 'review-carga-dialog-1366');

    await carga.getByLabel(REVISION_MSG.revisionAplicarCarga(3)).check();
    await dialog.getByTestId('review-approve').click();
    await page.getByText(REVISION_MSG.revisionCargaAprobada(3)).first().waitFor();
    const estados = await query<{ estado: number }>(
      h.server.app.db,
      sql`SELECT estado FROM entregas WHERE id IN (${ids[0]}, ${ids[1]}, ${ids[2]}) ORDER BY id`,
    );
    expect(estados.map((e) => e.estado)).toEqual([1, 1, 1]);

    await page.setViewportSize(PHONE);
    await page.goto(`${h.server.url}/#/`);
    await visible(page.getByTestId('pending-review'));
    await screenshot(page, 'review-carga-home-360');
    expect(r.errors).toEqual([]);
    await r.context.close();
  });

  it("a worker's name in 'Trabajadores del contrato' opens their documents", async () => {
    const c = await signedInPage(h, CONTRACTOR, { viewport: PHONE });
    const { page } = c;
    await page.goto(`${h.server.url}/#/ingreso-personal`);
    await chooseContract(page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
    const boton = page.getByTestId(`ver-documentos-${NUMEROS[2]}`);
    await visible(boton);
    const nombre = (await boton.getAttribute('aria-label')) ?? '';
    expect(nombre.startsWith(TRABAJADORES_MSG.trabajadoresVerDocumentos(''))).toBe(true);
    await boton.click();
    await containsText(page.getByTestId('employee-chosen'), `CC ${NUMEROS[2]}`);
    await visible(page.locator('[data-testid="evidence-row"]').first());
    await screenshot(page, 'review-carga-trabajador-360');

    // A rejection reason's tooltip at 360 px is wide enough to read.
    const app = h.server.app;
    const [p01] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P01'`,
    );
    const contrato = await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas');
    const up = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/sg-personal/${p01.id}`,
      headers: await authHeaders(app, CONTRACTOR_A),
      payload: {
        contratoid: Number(contrato.id),
        tipodocumento: 'CC',
        numerodocumento: NUMEROS[2],
        adjunto: {
          adjunto: textPdf(['cedula']).toString('base64'),
          nombreArchivo: 'cedula.pdf',
          extension: 'pdf',
        },
      },
    });
    expect(up.statusCode, up.body).toBe(200);
    const rej = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${(up.json() as { idEntrega: number }).idEntrega}/rechazar`,
      headers: await authHeaders(app, REVIEWER_API),
      payload: {
        observacion: 'La copia de la cédula está borrosa y no se leen el número ni la fecha de expedición',
      },
    });
    expect(rej.statusCode, rej.body).toBe(200);
    await page.reload();
    const rechazado = page.locator('[data-testid="status-button"][data-cod-estado="-1"]').first();
    await visible(rechazado);
    await rechazado.hover();
    const tooltip = page.locator('.p-tooltip').first();
    await visible(tooltip);
    const box = (await tooltip.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(250);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'review-carga-tooltip-360');
    await c.context.close();
  });
});
