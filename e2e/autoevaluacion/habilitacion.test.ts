import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ESTANDARES_0312,
  MSG,
  hoyEnColombia,
  sumarDias,
  type Contrato,
  HABILITACION_MSG,
} from '@proveedores/domain';
import {
  ADMIN,
  alertText,
  closeAlert,
  CONTRACTOR,
  containsText,
  hasText,
  hidden,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  storedToken,
  useHarness,
  visible,
} from '../support';
import { choose, overflowsHorizontally } from '../support/ui';
import { query } from '../../server/src/db/client';
import { authHeaders, CONTRACTOR_B } from '../../server/src/test/app';

/**
 * The minimum Resolución 0312 score per contract type in Chromium (docs/decisions/142): the admin
 * sets it in the master data, contractor A (no signed evaluation) sees 'No habilitado' on the
 * contract list and the home and is refused a new contract of that type with the server's message,
 * and the staff screen shows company B's signed score and its overdue plan action.
 */
const h = useHarness();
const DESKTOP = { width: 1366, height: 900 };

describe('minimum 0312 score per contract type', () => {
  it('admin sets it, contractor is No habilitado and refused, staff see score and overdue action', async () => {
    const { app } = h.server;
    const db = app.db;
    const hoy = hoyEnColombia(new Date());
    const ano = Number(hoy.slice(0, 4));
    const plazo = sumarDias(hoy, -12);

    // Company B signs this year's evaluation: 99.5 (1.1.1 not met), its action due 12 days ago.
    const B = await authHeaders(app, CONTRACTOR_B);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/contratista/autoevaluacion/${ano}`,
      headers: B,
      payload: {
        trabajadores: 80,
        claseRiesgo: 3,
        items: ESTANDARES_0312.map((e) => ({
          codigo: e.codigo,
          respuesta: e.codigo === '1.1.1' ? 'no_cumple' : 'cumple',
        })),
        plan: [
          {
            codigo: '1.1.1',
            actividad: 'Designar responsable del SG-SST',
            responsable: 'Gerencia',
            plazo,
            recursos: 'Tiempo',
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The signers are the company's registered ones (docs/decisions/163).
    const firmantes = await app.inject({
      method: 'PUT',
      url: '/api/contratista/empresa/firmantes',
      headers: B,
      payload: {
        representante: { nombre: 'Ana María Pérez', documento: '1020304050' },
        responsable: { nombre: 'Luis Gómez Ríos', documento: '79000111' },
      },
    });
    expect(firmantes.statusCode, firmantes.body).toBe(200);
    const firma = await app.inject({
      method: 'POST',
      url: `/api/contratista/autoevaluacion/${ano}/firmar`,
      headers: B,
      payload: { acepto: true },
    });
    expect(firma.statusCode, firma.body).toBe(200);

    // The type of contractor A's 'Estructura en concreto' contract.
    const [tipo] = await query<{ id: number; descripcion: string }>(
      db,
      sql`SELECT t.id, t.descripcion FROM contratos c JOIN tipos_contrato t ON t.id = c.tipo_contrato_id
            JOIN actividades a ON a.id = c.actividad_id JOIN empresas e ON e.id = c.empresa_id
           WHERE e.nit = ${CONTRACTOR.username} AND a.descripcion = 'Estructura en concreto'`,
    );

    // 1. The admin sets the minimum in Maestras > tipos de contrato.
    const adm = await signedInPage(h, ADMIN, { viewport: DESKTOP });
    await adm.page.goto(`${h.server.url}/#/admin/maestras/tipos-contrato`);
    const row = adm.page.getByTestId('maestras-table').locator('tr', { hasText: tipo.descripcion });
    await visible(row);
    await row.getByRole('button', { name: `Editar: ${tipo.descripcion}` }).click();
    const form = adm.page.getByTestId('maestra-form');
    await visible(form);
    await form.getByTestId('maestra-minimo-0312').fill('120');
    await adm.page.getByTestId('maestra-save').click();
    await hasText(adm.page.getByTestId('maestra-minimo-0312-error'), HABILITACION_MSG.habMinimoInvalido);
    await form.getByTestId('maestra-minimo-0312').fill('85,5');
    await screenshot(adm.page, 'habilitacion-01-admin-minimo');
    await adm.page.getByTestId('maestra-save').click();
    await hidden(form);
    await containsText(row, '85,50');
    const [guardado] = await query<{ m: string }>(
      db,
      sql`SELECT puntaje_minimo_0312::text AS m FROM tipos_contrato WHERE id = ${tipo.id}`,
    );
    expect(guardado.m).toBe('85.50');
    await adm.context.close();

    // 2. Contractor A (no signed evaluation): 'No habilitado' in the list and on the home.
    const a = await signedInPage(h, CONTRACTOR, { viewport: DESKTOP });
    const token = await storedToken(a.page);
    const lista = async () =>
      (
        (await (
          await fetch(`${h.server.url}/api/contratista`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as [{ contratos: Contrato[] }]
      )[0].contratos;
    const contratos = await lista();
    const torres = contratos.find((c) => c.actividad_descrpcion === 'Estructura en concreto')!;
    expect(torres.habilitacion).toMatchObject({ habilitado: false, motivo: 'sin_autoevaluacion' });
    const modal = a.page.getByRole('dialog', { name: MSG.contractModalTitle });
    await visible(modal);
    await a.page.getByTestId('contract-choice').click();
    await visible(a.page.getByTestId(`no-habilitado-opcion-${torres.id}`));
    await screenshot(a.page, 'habilitacion-02-opciones');
    await a.page
      .locator('.p-dropdown-panel')
      .getByRole('option')
      .filter({ hasText: 'Estructura en concreto' })
      .click();
    await hasText(
      a.page.getByTestId('no-habilitado-elegido').locator('small'),
      HABILITACION_MSG.habSinAutoevaluacion(85.5),
    );
    await modal.getByTestId('contract-select').click();
    await hidden(modal);
    const card = a.page.getByTestId('current-contract-no-habilitado');
    await containsText(card, HABILITACION_MSG.habNoHabilitado);
    await containsText(card, HABILITACION_MSG.habSinAutoevaluacion(85.5));
    await screenshot(a.page, 'habilitacion-03-home');
    expect(await seriousA11yViolations(a.page)).toEqual([]);

    // 3. A new contract of that type is refused with the server's message; nothing saved.
    await a.page.getByTestId('change-contract').click();
    await visible(modal);
    await modal.getByTestId('contract-new').click();
    const nuevo = a.page.getByRole('dialog', { name: MSG.contractNewTitle });
    await visible(nuevo);
    await nuevo.getByLabel('Objeto del Contrato *').fill('Estructura del bloque B');
    await choose(a.page, 'contract-proyecto', torres.proyectos_descrpcion);
    await choose(a.page, 'contract-actividad', torres.actividad_descrpcion);
    await choose(a.page, 'contract-tipo', tipo.descripcion);
    await a.page.getByTestId('contract-send').click();
    const popup = a.page.locator('.swal2-popup');
    await hasText(popup.locator('.swal2-title'), MSG.contractNotSent);
    await popup.getByRole('button', { name: MSG.seeDetail }).click();
    expect(await alertText(a.page)).toBe(
      HABILITACION_MSG.habContratoRechazado(tipo.descripcion, 85.5, null, null),
    );
    await screenshot(a.page, 'habilitacion-04-rechazo');
    await closeAlert(a.page);
    expect((await lista()).length).toBe(contratos.length);
    await a.context.close();

    // 4. Staff: B's score and overdue action, its history; A's contract marked in the compliance view.
    for (const [tag, viewport] of [
      ['1366', DESKTOP],
      ['360', PHONE],
    ] as const) {
      const r = await signedInPage(
        h,
        { ...REVIEWER, staff: true },
        { viewport, isMobile: viewport === PHONE },
      );
      await r.page.goto(`${h.server.url}/#/revision/autoevaluaciones`);
      const tabla = r.page.getByTestId('ae-staff-tabla');
      const filaB = tabla.locator('tr', { hasText: '99,50' });
      await visible(filaB);
      await containsText(filaB, HABILITACION_MSG.habStaffFirmada);
      const vencidas = r.page.getByTestId('ae-staff-vencidas');
      await containsText(vencidas, 'Designar responsable del SG-SST');
      await hasText(vencidas.getByTestId('ae-staff-dias').first(), '12');
      if (viewport === PHONE) expect(await overflowsHorizontally(r.page)).toBe(false);
      expect(await seriousA11yViolations(r.page)).toEqual([]);
      await screenshot(r.page, `habilitacion-05-staff-${tag}`, true);
      await filaB.getByTestId('ae-staff-empresa').click();
      const historial = r.page.getByTestId('ae-staff-historial');
      await containsText(historial, '99,50');
      await screenshot(r.page, `habilitacion-06-historial-${tag}`);
      await r.page.keyboard.press('Escape');
      await hidden(historial);

      const [empresaA] = await query<{ id: number }>(
        db,
        sql`SELECT id FROM empresas WHERE nit = ${CONTRACTOR.username}`,
      );
      await r.page.goto(`${h.server.url}/#/admin/empresas/${empresaA.id}/contratos`);
      await containsText(r.page.getByTestId(`no-habilitado-${torres.id}`), HABILITACION_MSG.habNoHabilitado);
      await screenshot(r.page, `habilitacion-07-cumplimiento-${tag}`);
      await r.context.close();
    }
  });
});
