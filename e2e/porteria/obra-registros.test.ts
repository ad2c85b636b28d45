import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia, inicioDiaColombia, type AptitudObra } from '@proveedores/domain';
import type { RegistrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { query } from '../../server/src/db/client';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { aprobarNoDispensables } from '../../server/src/test/aptitud';
import { upsertStaff } from '../../server/src/ops/staff';
import { manualClock } from '../../server/src/lib/clock';
import {
  authHeaders,
  CONTRACTOR_A,
  REVIEWER as REVIEWER_LOGIN,
  type LoginAs,
} from '../../server/src/test/app';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  hidden,
  hoyDe,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  useHarness,
  visible,
} from '../support';
import { choose, demoContract, overflowsHorizontally } from '../support/ui';

/**
 * 'Personal en obra', tabs 'Registros de portería' and 'Credenciales' (decision 131): the day's gate
 * records, one row per record with its flags, the Excel read back with exceljs; the contract's
 * credentials printed, one revoked through the dialog (its reason required) and shown with who and
 * why. At 1366 and 360 px, axe clean.
 */
// The server's clock stands at noon of today in Colombia: the records of the first minutes of the day
// are then in the past however early the suite runs (from midnight to 00:40 they were in the future
// and flagged 'hora_futura', decision 160), and the pages' today is still the browser's today.
const h = useHarness({
  clock: manualClock(new Date(inicioDiaColombia(hoyEnColombia(new Date())).getTime() + 12 * 3600_000)),
});
const WIDE = { width: 1366, height: 800 } as const;
const STAFF = { ...REVIEWER, staff: true };
const ANA = '1077001100';
const LUIS = '1077002200';
const MOTIVO_GATE = 'Falta la afiliación a la ARL';
const MOTIVO_EXCEPCION = 'Entrega de planos, acompañado por el residente';

type Seeded = {
  proyectoId: number;
  proyecto: string;
  contratoLabel: string;
  registros: RegistrosDiaRespuesta;
};

let seeded: Seeded | undefined;

/** Two workers of the demo contract, a gate user and three records of today sent through the gate API. */
async function seed(): Promise<Seeded> {
  if (seeded) return seeded;
  const { app } = h.server;
  const headers = await authHeaders(app, CONTRACTOR_A);
  const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const cargo = await firstCargo(app, headers);
  for (const [numero, nombres] of [
    [ANA, 'ANA'],
    [LUIS, 'LUIS'],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, { numerodocumento: numero, nombres, contratoid: contract.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [c] = await query<{ proyecto_id: number }>(
    app.db,
    sql`SELECT proyecto_id FROM contratos WHERE id = ${contract.id}`,
  );
  const proyectoId = Number(c!.proyecto_id);
  const username = 'guardia.obra';
  const { password } = await upsertStaff(app.db, {
    username,
    rol: 'porteria',
    correo: `${username}@constructora.example.co`,
    nombre: 'Guardia De Obra',
    proyectos: [proyectoId],
  });
  await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);
  const gate = await authHeaders(app, { username, password, path: '/api/login/authenticatead' } as LoginAs);
  const hoy = hoyDe(app);
  const rec = (hora: string, over: Record<string, unknown>) => ({
    clienteId: randomUUID(),
    proyectoid: proyectoId,
    at: `${hoy}T${hora}:00-05:00`,
    tipodocumento: 'CC',
    ...over,
  });
  const send = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/porteria/registros', headers: gate, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  // ANA may enter today by a temporary authorization; LUIS has no documents: not apto. The records
  // are of the first minutes of today, so they are in the past whenever the test runs (a later
  // time would be flagged 'hora_futura', decision 160).
  const staff = await authHeaders(app, REVIEWER_LOGIN);
  const [ana] = await query<{ id: number }>(
    app.db,
    sql`SELECT id FROM empleados WHERE numero_documento = ${ANA}`,
  );
  // What no authorization stands in for (ARL, medical concept, heights) approved first (decision 182).
  await aprobarNoDispensables(app.db, { contratoId: contract.id, empleadoId: ana!.id });
  const aut = await app.inject({
    method: 'POST',
    url: '/api/revision/aptitud/autorizaciones',
    headers: staff,
    payload: { empleadoId: ana!.id, contratoId: contract.id, motivo: 'Documentos en trámite', hasta: hoy },
  });
  expect(aut.statusCode, aut.body).toBe(200);
  await send(rec('00:10', { tipo: 'entrada', numerodocumento: ANA, apto: true }));
  // An exit with no entry: flagged 'salida_sin_entrada'; the gate showed NO APTO with a reason (the
  // stored verdict is the server's, decision 160).
  await send(rec('00:20', { tipo: 'salida', numerodocumento: LUIS, apto: false, motivos: [MOTIVO_GATE] }));
  // Sent from a phone 10 minutes fast: flagged 'reloj_desfasado'; the phone said APTO, the server
  // did not and nobody gave a reason: 'ingreso_no_apto'.
  await send({
    registros: [rec('00:30', { tipo: 'entrada', numerodocumento: LUIS, apto: true })],
    enviadoAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  });
  // Let in by the guard with a reason: 'ingreso_excepcional'.
  await send(
    rec('00:40', { tipo: 'entrada', numerodocumento: LUIS, apto: false, motivoExcepcion: MOTIVO_EXCEPCION }),
  );
  const res = await app.inject({
    method: 'GET',
    url: `/api/revision/porteria/registros?proyectoid=${proyectoId}&fecha=${hoy}`,
    headers: staff,
  });
  expect(res.statusCode, res.body).toBe(200);
  const apt = await app.inject({
    method: 'GET',
    url: `/api/revision/aptitud?proyectoid=${proyectoId}`,
    headers: staff,
  });
  const fila = (apt.json() as AptitudObra[]).find((r) => r.contratoid === contract.id)!;
  seeded = {
    proyectoId,
    proyecto: contract.proyecto,
    contratoLabel: `${fila.razonSocial} - ${fila.contrato}`,
    registros: res.json(),
  };
  return seeded;
}

/** axe with the focus off the Dropdowns (PrimeReact's aria-activedescendant quirk, see obra.test.ts). */
async function a11y(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return seriousA11yViolations(page);
}

async function openTab(viewport: { width: number; height: number }, s: Seeded, tab: string) {
  const t = await signedInPage(h, STAFF, { viewport });
  await t.page.goto(`${h.server.url}/#/personal-obra`);
  await visible(t.page.getByTestId('obra-page'));
  await choose(t.page, 'obra-proyecto', s.proyecto);
  await t.page.getByRole('tab', { name: tab }).click();
  return t;
}

const registroRow = (page: Page, numero: string, tipo: string) =>
  page.locator('tr.registro-row', { hasText: `CC ${numero}` }).filter({ hasText: tipo });

describe("'Personal en obra': gate records and credentials in Chromium", () => {
  it("the day's gate records, their flags and the Excel (1366 px)", async () => {
    const s = await seed();
    expect(s.registros.registros).toHaveLength(4);
    const { page, context, errors } = await openTab(WIDE, s, 'Registros de portería');
    await visible(page.getByTestId('registros-table'));
    await hasCount(page.locator('tr.registro-row'), s.registros.registros.length);
    // Newest first.
    await containsText(page.locator('tr.registro-row').first(), '00:40');
    await containsText(page.locator('tr.registro-row').last(), '00:10');
    // The day's summary counts the entries of people who are not apto (decision 160).
    await containsText(page.getByTestId('registros-alertas'), '2 ingresos de personas no aptas · 2 alertas');
    const entrada = registroRow(page, ANA, 'Entrada');
    await containsText(entrada, 'Ana');
    await containsText(entrada, 'Guardia De Obra');
    await containsText(entrada.getByTestId('registro-verificacion'), 'Apto');
    await hasCount(entrada.getByTestId('registro-marcas'), 0);
    const salida = registroRow(page, LUIS, 'Salida');
    await containsText(salida.getByTestId('registro-verificacion'), 'No apto');
    await containsText(salida.getByTestId('registro-marcas'), 'Salida sin entrada');
    await hasCount(salida.locator('.registro-marca--alerta'), 0);
    const desfasada = registroRow(page, LUIS, '00:30');
    await containsText(desfasada.getByTestId('registro-marcas'), 'Reloj desfasado');
    await containsText(desfasada.locator('.registro-marca--alerta'), 'Ingreso de persona no apta sin motivo');
    // Shown red to staff: the guard let a person who is not apto in, and why.
    const excepcion = registroRow(page, LUIS, '00:40');
    await containsText(
      excepcion.locator('.registro-marca--alerta').first(),
      'Ingreso de persona no apta autorizado por el guardia',
    );
    await containsText(excepcion.getByTestId('registro-excepcion'), MOTIVO_EXCEPCION);
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-registros-1366', true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('registros-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^registros_porteria_\d+_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Hora',
      'Trabajador',
      'Documento',
      'Contratista',
      'Tipo',
      'Verificación',
      'Guardia',
      'Alertas',
    ]);
    expect(ws.actualRowCount).toBe(1 + s.registros.registros.length);
    const filas = Array.from({ length: ws.actualRowCount - 1 }, (_, i) =>
      (ws.getRow(i + 2).values as unknown[]).slice(1).map(String),
    );
    expect(filas.map((f) => f[0])).toEqual(['00:40', '00:30', '00:20', '00:10']);
    const [hora, trabajador, documento, contratista, tipo, verificacion, ...resto] = filas[2]!;
    expect([hora, documento, tipo, ...resto]).toEqual([
      '00:20',
      `CC ${LUIS}`,
      'Salida',
      'Guardia De Obra',
      'Salida sin entrada',
    ]);
    // The server's verdict and its reasons, not the phone's.
    expect(verificacion).toMatch(/^No apto\n/);
    expect(verificacion).not.toContain(MOTIVO_GATE);
    expect(trabajador).toMatch(/^Luis /);
    expect(contratista).toContain(CONTRACTOR.username);
    expect(filas[1]![7]).toBe('Reloj desfasado, Ingreso de persona no apta sin motivo');
    expect(filas[0]![7]).toBe(
      `Ingreso de persona no apta autorizado por el guardia, Motivo del guardia: ${MOTIVO_EXCEPCION}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('credentials: printed, one revoked through the dialog with its reason (1366 px)', async () => {
    const s = await seed();
    const { page, context, errors } = await openTab(WIDE, s, 'Credenciales');
    await visible(page.getByTestId('credenciales-panel'));
    // Printing needs one contract: chosen above.
    expect(await page.getByTestId('credenciales-imprimir').isDisabled()).toBe(true);
    await choose(page, 'obra-contrato', s.contratoLabel);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('credenciales-imprimir').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^carnets-contrato-\d+\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    const ana = page.locator('tr.credencial-row', { hasText: `CC ${ANA}` });
    await visible(ana);
    await containsText(ana.getByTestId('credencial-estado'), 'Vigente');
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-credenciales-1366', true);

    await ana.getByTestId('credencial-revocar').click();
    const form = page.getByTestId('revocar-credencial-form');
    await visible(form);
    await page.getByTestId('credencial-revocar-confirmar').click();
    await containsText(form, 'Escriba el motivo de la revocación.');
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-credenciales-dialogo');
    await page.getByTestId('credencial-motivo').fill('Carné extraviado en la obra');
    await page.getByTestId('credencial-revocar-confirmar').click();
    await hidden(form);
    await containsText(ana.getByTestId('credencial-estado'), 'Revocada');
    await containsText(ana.getByTestId('credencial-estado'), 'Carné extraviado en la obra');
    const [quien] = await query<{ nombre: string; motivo: string }>(
      h.server.app.db,
      sql`SELECT u.nombre, c.motivo_revocacion AS motivo FROM credenciales c
            JOIN empleados e ON e.id = c.empleado_id JOIN usuarios u ON u.id = c.revocada_por
           WHERE e.numero_documento = ${ANA}`,
    );
    expect(quien!.motivo).toBe('Carné extraviado en la obra');
    // The reviewer's name, in title case.
    expect((await ana.getByTestId('credencial-estado').textContent())!.toLowerCase()).toContain(
      `revocada por ${quien!.nombre.toLowerCase()}`,
    );
    await hasCount(ana.getByTestId('credencial-revocar'), 0);
    // Without a contract chosen, the project's credentials (every contract) are listed.
    await page.getByTestId('obra-contrato').locator('.p-dropdown-clear-icon').click();
    await visible(page.locator('tr.credencial-row', { hasText: `CC ${LUIS}` }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone stacks both tabs, no sideways scroll (360 px)', async () => {
    const s = await seed();
    // The carnets printed (a reprint keeps the credentials), so the tab has rows on its own too.
    const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
    const print = await h.server.app.inject({
      method: 'GET',
      url: `/api/revision/credenciales/pdf?contratoid=${contract.id}`,
      headers: await authHeaders(h.server.app, REVIEWER_LOGIN),
    });
    expect(print.statusCode).toBe(200);
    const { page, context, errors } = await openTab(PHONE, s, 'Registros de portería');
    await hasCount(page.locator('tr.registro-row'), s.registros.registros.length);
    await visible(registroRow(page, LUIS, 'Salida').locator('.p-column-title', { hasText: 'Alertas' }));
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-registros-360', true);
    await page.getByRole('tab', { name: 'Credenciales' }).click();
    const luis = page.locator('tr.credencial-row', { hasText: `CC ${LUIS}` });
    await visible(luis);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await a11y(page)).toEqual([]);
    await screenshot(page, 'obra-credenciales-360', true);
    await luis.getByTestId('credencial-revocar').click();
    await visible(page.getByTestId('revocar-credencial-form'));
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'obra-credenciales-360-dialogo');
    expect(errors).toEqual([]);
    await context.close();
  });
});
