import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { query } from '../../server/src/db/client';
import {
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
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';
import {
  choose,
  chooseContract,
  demoContract,
  overflowsHorizontally,
  tempFiles,
  validPdf,
} from '../support/ui';

const h = useHarness();
const files = tempFiles({ 'cédula-juan.pdf': validPdf('cedula') });
const NUMERO = '1023456789';

async function openIngresoPersonal(viewport: { width: number; height: number }) {
  const t = await openPage(h.browser, { viewport });
  await openLogin(t.page, h.server.url);
  await signIn(t.page, CONTRACTOR);
  await t.page.waitForURL(/#\/home$/);
  const c = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  await t.page.goto(`${h.server.url}/#/ingreso-personal`);
  await chooseContract(t.page, c);
  return { ...t, contract: c };
}

const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });

describe('Ingreso de Personal and the employee modal in Chromium', () => {
  it('validates an unknown worker, names missing fields, saves and selects, uploads an entry document', async () => {
    const { page, context, errors, contract } = await openIngresoPersonal(DESKTOP);
    await hasText(
      page.getByTestId('contract-banner'),
      [contract.proyecto, contract.tipo, contract.actividad]
        .map((s) => s.toLocaleUpperCase('es'))
        .join(' - '),
    );
    await hasText(page.getByTestId('employee-button'), 'Seleccionar / registrar empleado');
    // The document table stays hidden until an employee is chosen.
    await hasCount(page.getByTestId('evidence-table'), 0);
    await screenshot(page, 'personnel-01-no-employee');

    await page.getByTestId('employee-button').click();
    const modal = page.getByTestId('employee-modal');
    await visible(modal);
    await page.getByTestId('employee-validate').click();
    await hasText(
      page.getByTestId('employee-key-error'),
      'Ingrese Tipo de Identificación e Identificación antes de continuar.',
    );
    await choose(page, 'emp-tipodocumento', 'CC');
    // A CC with letters is refused before the lookup (rules/documento-identidad.ts).
    await page.locator('#emp-numerodocumento').fill('12ab34');
    await page.getByTestId('employee-validate').click();
    await containsText(page.getByTestId('employee-key-error'), 'lleva solo dígitos, de 3 a 10');
    await page.locator('#emp-numerodocumento').fill('1.023.456.789');
    await page.getByTestId('employee-validate').click();
    await visible(modal.locator('.employee-form'));
    await containsText(modal.locator('.employee-form .notice'), 'El empleado no está registrado.');

    // A missing required field is named under it, one toast counts them (decision 103).
    await page.locator('#emp-nombres').fill('JUAN CARLOS');
    await page.getByTestId('employee-save').click();
    await visible(toast(page, 'campos obligatorios.'));
    await hasText(page.getByTestId('emp-apellidos-error'), 'El campo Primer Apellido es obligatorio.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'personnel-02-missing-fields');

    await page.locator('#emp-apellidos').fill('PÉREZ');
    await page.locator('#emp-apellidos2').fill('GÓMEZ');
    await choose(page, 'emp-genero', 'MASCULINO');
    await page.locator('#emp-fecha_nacimiento').fill('14/05/1990');
    await choose(page, 'emp-rh', 'O+');
    await choose(page, 'emp-estado_civil', 'UNION LIBRE');
    await page.locator('#emp-personas_a_cargo').fill('2');
    await choose(page, 'emp-nivel_educativo', 'TECNICO');
    await page.locator('#emp-oficio_o_especialidad').fill('Oficial de estructuras');
    await choose(page, 'emp-tipo_vivienda', 'EN ARRIENDO');
    await choose(page, 'emp-estrato', '3');
    await page.locator('#emp-direccion').fill('Calle 10 # 20-30');
    // Municipality choices depend on the department.
    expect(await page.getByTestId('emp-ciudad').getAttribute('class')).toContain('p-disabled');
    await choose(page, 'emp-departamento', 'Antioquia');
    await choose(page, 'emp-ciudad', 'Medellín');
    await page.locator('#emp-barrio').fill('Belén');
    await page.locator('#emp-numerotelefono').fill('6041234567');
    await page.locator('#emp-contacto_caso_emergencia').fill('María Gómez');
    await page.locator('#emp-tel_contacto_caso_emergencia').fill('3001234567');
    await page.locator('#emp-parentesco_caso_emergencia').fill('Esposa');
    await page.locator('#emp-empleador').fill('Constructora Demo S.A.S.');
    await choose(page, 'emp-cargo', 'Oficial de obra');
    await page.locator('#emp-salario').fill('1800000');
    await page.locator('#emp-fecini_seg_social').fill('15/01/2026');
    await page.locator('#emp-eps').fill('Sura');
    await page.locator('#emp-arl').fill('Positiva');
    await page.locator('#emp-fondos_pensiones').fill('Porvenir');
    await page.locator('#emp-caja_compensacion').fill('Comfama');
    await choose(page, 'emp-concepto_aptitud', 'APTO PARA ALTURAS');
    await choose(page, 'emp-nivel_certificado_curso_alturas', 'TRABAJADOR AUTORIZADO');
    await page.getByTestId('employee-save').click();
    await hidden(modal);
    await containsText(page.getByTestId('employee-chosen'), `CC ${NUMERO}`);
    await containsText(page.getByTestId('employee-chosen'), 'Juan Carlos Pérez Gómez');
    expect(await page.getByTestId('history-link').getAttribute('href')).toBe(
      `#/list-dinamico/histdocs?path=sg-personal&ident=${NUMERO}`,
    );

    // The worker-entry documents appear; upload the identity document.
    const table = page.getByTestId('evidence-table');
    await visible(table);
    const row = table.locator('[data-testid="evidence-row"][data-codigo="P01"]');
    await hasText(row.getByTestId('estado'), 'Pendiente por cargar');
    await row.getByTestId('status-button').click();
    await page.getByTestId('upload-file-input').setInputFiles(files['cédula-juan.pdf']);
    await containsText(page.getByTestId('upload-results'), 'Archivo subido con exito: cedula-juan.pdf');
    await page.locator('.evidence-dialog .p-dialog-header-close').click();
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'personnel-03-documents', true);

    const [saved] = await query<{
      nombres: string;
      ciudad: string;
      nacimiento: string;
      version: string | null;
      linked: number;
      entregas: number;
    }>(
      h.server.app.db,
      sql`SELECT e.nombres, e.datos->>'ciudad' AS ciudad, e.datos->>'fecha_nacimiento' AS nacimiento, e.autorizacion_version AS version,
                 (SELECT count(*)::int FROM empleados_contratos ec WHERE ec.empleado_id = e.id AND ec.contrato_id = ${contract.id}) AS linked,
                 (SELECT count(*)::int FROM entregas en WHERE en.empleado_id = e.id) AS entregas
            FROM empleados e JOIN empresas em ON em.id = e.empresa_id
           WHERE em.nit = ${CONTRACTOR.username} AND e.tipo_documento = 'CC' AND e.numero_documento = ${NUMERO}`,
    );
    expect(saved).toMatchObject({
      nombres: 'JUAN CARLOS',
      ciudad: 'Medellín',
      nacimiento: '1990-05-14',
      linked: 1,
      entregas: 1,
    });
    expect(saved.version).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: an existing worker is filled in and selected at once, documents load', async () => {
    const { page, context, errors } = await openIngresoPersonal(PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByTestId('employee-button').click();
    const modal = page.getByTestId('employee-modal');
    await visible(modal);
    await choose(page, 'emp-tipodocumento', 'CC');
    await page.locator('#emp-numerodocumento').fill(NUMERO);
    await page.getByTestId('employee-validate').click();
    await hasValue(page.locator('#emp-nombres'), 'JUAN CARLOS');
    await hasValue(page.locator('#emp-fecha_nacimiento'), '14/05/1990');
    await containsText(page.getByTestId('emp-ciudad'), 'Medellín');
    await visible(toast(page, 'Empleado seleccionado: Juan Carlos Pérez Gómez'));
    const box = await page.locator('.employee-dialog').boundingBox();
    expect(box && box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'personnel-04-existing-phone');
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await hidden(modal);
    const row = page.locator('[data-testid="evidence-row"][data-codigo="P01"]');
    await hasText(row.getByTestId('estado'), 'Cargado pendiente por aprobar');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'personnel-05-documents-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
