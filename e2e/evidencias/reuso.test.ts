import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { adjunto, pdfBytes } from '../../server/src/test/evidencias';
import { authHeaders, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import {
  choose,
  chooseContract,
  demoContract,
  overflowsHorizontally,
  type DemoContract,
} from '../support/ui';
import {
  containsText,
  CONTRACTOR,
  fechasParaEntrega,
  hasText,
  hidden,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  storedToken,
  useHarness,
  visible,
  openFileLink,
} from '../support';

/**
 * A worker's document approved on contract A counts on contract B of the same company
 * (docs/decisions/138): the reviewer approves it on A; on B, Ingreso de Personal shows the row as
 * 'Vigente (cargado en el contrato A)', still offers the upload of a newer one, and opens the file.
 * At 1366 and 360 px.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;

const etiqueta = (c: DemoContract) => [c.proyecto, c.tipo, c.actividad].join(' - ');

async function reusePage(viewport: { width: number; height: number }, numero: string) {
  const t = await signedInPage(h, CONTRACTOR, { viewport });
  const token = await storedToken(t.page);
  if (!token) throw new Error('no token after sign-in');
  const headers = { authorization: `Bearer ${token}` };
  const a = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const b = await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas');
  const cargo = await firstCargo(h.server.app, headers);
  const res = await h.server.app.inject({
    method: 'POST',
    url: '/api/contratista/empleados',
    headers,
    payload: validEmployee(cargo.id, { numerodocumento: numero, contratoid: a.id }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const db = h.server.app.db;
  const [w] = await query<{ id: number; empresa_id: number }>(
    db,
    sql`SELECT id, empresa_id FROM empleados WHERE numero_documento = ${numero}`,
  );
  await query(db, sql`INSERT INTO empleados_contratos (empleado_id, contrato_id) VALUES (${w.id}, ${b.id})`);

  // The identity document uploaded on contract A (a file stored through the upload API), then
  // approved by the reviewer through the review API.
  const [p01] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM requisitos WHERE modulo = 'sg-personal' AND codigo = 'P01'`,
  );
  const up = await h.server.app.inject({
    method: 'PUT',
    url: `/api/contratista/adjuntos/sg-personal/${p01.id}`,
    headers,
    payload: {
      contratoid: a.id,
      tipodocumento: 'CC',
      numerodocumento: numero,
      detalle: null,
      adjunto: adjunto(pdfBytes(), 'cedula-en-a.pdf'),
    },
  });
  expect(up.statusCode, up.body).toBe(200);
  const [e] = await query<{ id: number }>(
    db,
    sql`SELECT id FROM entregas WHERE empleado_id = ${w.id} AND contrato_id = ${a.id} ORDER BY id DESC LIMIT 1`,
  );
  const staff = await authHeaders(h.server.app, REVIEWER_LOGIN);
  const ok = await h.server.app.inject({
    method: 'POST',
    url: `/api/revision/entregas/${e.id}/aprobar`,
    headers: staff,
    payload: await fechasParaEntrega(h.server.app, Number(e.id)),
  });
  expect(ok.statusCode, ok.body).toBe(200);

  // The contractor opens contract B and chooses the worker.
  await t.page.goto(`${h.server.url}/#/ingreso-personal`);
  await chooseContract(t.page, b);
  await t.page.getByTestId('employee-button').click();
  const modal = t.page.getByTestId('employee-modal');
  await visible(modal);
  await choose(t.page, 'emp-tipodocumento', 'CC');
  await t.page.locator('#emp-numerodocumento').fill(numero);
  await t.page.getByTestId('employee-validate').click();
  await containsText(t.page.getByTestId('employee-chosen'), `CC ${numero}`);
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await hidden(modal);
  await visible(t.page.getByTestId('evidence-table'));
  return { ...t, a, b };
}

describe('a worker document reused across contracts in Chromium', () => {
  for (const [nombre, viewport, numero] of [
    ['1366', WIDE, '1044556601'],
    ['360', PHONE, '1044556602'],
  ] as const) {
    it(`sees a document approved for contract A as vigente on contract B at ${nombre} px`, async () => {
      const { page, a, errors } = await reusePage(viewport, numero);
      const row = page.locator('[data-testid="evidence-row"][data-codigo="P01"]');
      await hasText(row.getByTestId('estado'), `Vigente (cargado en el contrato ${etiqueta(a)})`);
      // A newer one may still be uploaded on B.
      const button = row.getByTestId('status-button');
      expect(await button.getAttribute('data-cod-estado')).toBe('1');
      await containsText(button, 'Cargar');
      // The file of contract A opens from B (same company).
      const file = await openFileLink(page, row.getByTestId('last-file'));
      expect(file.status()).toBe(200);
      // Other rows of B without a submission stay pending (only P01 was reused).
      await visible(
        page
          .getByTestId('evidence-row')
          .filter({ has: page.getByText('Pendiente por cargar', { exact: true }) })
          .first(),
      );
      if (viewport === PHONE) expect(await overflowsHorizontally(page)).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `reuso-${nombre}`);
      expect(errors).toEqual([]);
    });
  }
});
