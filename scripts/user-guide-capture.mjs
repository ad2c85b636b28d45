// The screenshots of the user guide (docs/decisions/169): the demo accounts walk the portal in
// Debian's Chromium and each shot is saved as DIR/<id>.jpg. The ids are the ones docs/guia-usuario/
// guia.md names in ![caption](id). Every step waits for a state the user would see, never for time.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { jsPDF } from 'jspdf';

// Loaded after scripts/user-guide.mjs registered tsx: the domain's TypeScript.
const { MSG, ZONA_COLOMBIA } = await import('@proveedores/domain');
const { aLatin1, modeloPila, serializarPila } = await import('@proveedores/domain/pila/generador');
const { codigoAdministradora } = await import('@proveedores/domain/pila/administradoras');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The e2e harness's flags (e2e/support/browser.ts).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 360, height: 740 };
const JPEG_QUALITY = 62;

// The demo accounts (server/src/db/seed.ts DEMO, server/src/db/seed-demo-site.ts DEMO_SITE).
const CONTRATISTA = { username: '900123456', password: 'Demo2026!proveedor' };
const REVISOR = { username: 'revisor', password: 'Demo2026!revisor', staff: true };
const ADMIN = { username: 'admin', password: 'Demo2026!admin', staff: true };
const PORTERIA = { username: 'porteria', password: 'Demo2026!porteria', staff: true };
const CONTRATO_OBRA = 'Estructura en concreto';
const PROYECTO_OBRA = 'Torres de Sevilla Etapa 2';
/** The demo site's workers (DEMO_TRABAJADORES); the first is the fit one. */
const TRABAJADORES = ['1017234567', '71685432', '1036654321', '1152987654', '98765432'];
const APTO = TRABAJADORES[0];
/** The list upload covers the chosen worker and two more. */
const LISTA_EPP = [APTO, '71685432', '1036654321'];

/** A one-page PDF with a title: the documents the walk uploads. */
function pdfDocumento(titulo) {
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  doc.setFontSize(16).text(titulo, 20, 30);
  doc.setFontSize(11).text('Documento de ejemplo de la guía de usuario.', 20, 42);
  return Buffer.from(doc.output('arraybuffer'));
}

/**
 * @param {string} url the started portal
 * @param {string} dir where the JPEGs go
 * @param {string[]} wanted the ids the guide names (all must be taken)
 */
export async function captureShots(url, dir, wanted) {
  const taken = new Set();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const open = async (viewport = WIDE, isMobile = false) => {
    const context = await browser.newContext({
      viewport,
      isMobile,
      hasTouch: isMobile,
      deviceScaleFactor: 1,
      locale: 'es-CO',
      timezoneId: ZONA_COLOMBIA,
      reducedMotion: 'reduce',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return { context, page };
  };
  /** Saves the page (or one element of it) as <id>.jpg. */
  const shot = async (id, page, around) => {
    if (!wanted.includes(id)) return;
    const file = path.join(dir, `${id}.jpg`);
    const opts = { path: file, type: 'jpeg', quality: JPEG_QUALITY, animations: 'disabled', caret: 'hide' };
    await page.mouse.move(0, 0); // no hover tooltip left where the last click was
    // A dialog on an empty screen: the dialog and a margin of its page around it.
    const box = around ? await around.boundingBox() : null;
    if (box) {
      const vp = page.viewportSize();
      const x = Math.max(0, box.x - 160);
      const y = Math.max(0, box.y - 60);
      const clip = {
        x,
        y,
        width: Math.min(vp.width, box.x + box.width + 160) - x,
        height: Math.min(vp.height, box.y + box.height + 60) - y,
      };
      await page.screenshot({ ...opts, clip });
    } else await page.screenshot(opts);
    taken.add(id);
    console.log(`  captura ${id}`);
  };
  try {
    for (const walk of [contratista, revisor, administrador, porteria]) {
      const { context, page } = await open(walk === porteria ? PHONE : WIDE, walk === porteria);
      await walk(page, url, shot);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const missing = wanted.filter((id) => !taken.has(id));
  if (missing.length) throw new Error(`screenshots not taken: ${missing.join(', ')}`);
}

async function openLogin(page, url) {
  await page.goto(`${url}/#/login`);
  const close = page.getByTestId('welcome-close');
  await close.waitFor({ state: 'visible' });
  return close;
}

/** Fill, Continuar, the data-protection notice with its captcha, Ingresar (e2e/support/login.ts). */
async function signIn(page, who, shot) {
  if (who.staff) await page.getByTestId('staff-switch').check();
  await page.locator('#login-username').fill(who.username);
  await page.locator('#login-password').fill(who.password);
  if (shot) await shot('login', page, page.locator('form').first());
  await page.getByTestId('login-continue').click();
  const dialog = page.getByRole('dialog', { name: MSG.dataProtectionTitle });
  await dialog.waitFor();
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click();
  await widget.locator('[data-state="verified"]').waitFor({ state: 'attached', timeout: 60_000 });
  if (shot) await shot('proteccion-datos', page, dialog);
  await page.getByTestId('captcha-enter').click();
}

/** Picks an option of a PrimeReact dropdown (e2e/evidencias/support.ts choose). */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  await panel.getByRole('option', { name: label, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

/** Waits until the notices (toasts) of the last action are gone. */
const noToasts = (page) =>
  page.locator('.p-toast-message').first().waitFor({ state: 'detached', timeout: 30_000 });

/** A data-driven list with its rows (list-dinamico): the loading block gone, a row shown. */
async function listLoaded(page) {
  await page.getByTestId('list-loading').waitFor({ state: 'detached' });
  await page.locator('.p-datatable-tbody tr').first().waitFor();
}

const dialogClose = (page) => page.locator('.p-dialog:visible .p-dialog-header-close').first().click();

async function contratista(page, url, shot) {
  const close = await openLogin(page, url);
  await shot('bienvenida', page, page.getByRole('dialog'));
  await close.click();
  await close.waitFor({ state: 'detached' });
  await signIn(page, CONTRATISTA, shot);

  // Two contracts: the contract modal opens by itself.
  const modal = page.getByRole('dialog', { name: MSG.contractModalTitle });
  await modal.waitFor();
  await page.getByTestId('contract-choice').click();
  const option = page.locator('.p-dropdown-panel').getByRole('option').filter({ hasText: CONTRATO_OBRA });
  await option.waitFor();
  await shot('contrato-elegir', page);
  await option.click();
  await modal.getByTestId('contract-new').click();
  await page.getByTestId('contract-send').waitFor();
  await shot('contrato-nuevo', page);
  await page.getByTestId('contract-back').click();
  await page.getByTestId('contract-choice').click();
  await option.click();
  await modal.getByTestId('contract-select').click();
  await modal.waitFor({ state: 'hidden' });
  await page.waitForURL(/#\/home$/);
  await page.getByTestId('menu-tiles').waitFor();
  await page.getByTestId('summary-panel').waitFor();
  await shot('inicio', page);

  // SG-SST and the upload dialog.
  await page.goto(`${url}/#/sg-sst`);
  const table = page.getByTestId('evidence-table');
  await table.waitFor();
  await table.getByTestId('evidence-row').first().waitFor();
  await shot('sg-sst', page);
  await table.getByTestId('evidence-row').first().getByTestId('status-button').click();
  const upload = page.getByTestId('upload-modal');
  await upload.waitFor();
  await shot('carga-archivo', page);
  await dialogClose(page);
  await upload.waitFor({ state: 'hidden' });
  await page.mouse.move(0, 0);

  // Ingreso de Personal: the contract's workers, one worker's entry documents, the worker form.
  await page.goto(`${url}/#/ingreso-personal`);
  await page.getByTestId('contract-workers-table').waitFor();
  await shot('trabajadores-contrato', page);
  await page.getByTestId('employee-button').click();
  const employee = page.getByTestId('employee-modal');
  await employee.waitFor();
  await choose(page, 'emp-tipodocumento', 'CC');
  await page.locator('#emp-numerodocumento').fill(APTO);
  await page.getByTestId('employee-validate').click();
  // A registered worker is selected at once; the form shows their data to review.
  await page.getByTestId('employee-chosen').filter({ hasText: APTO }).waitFor();
  await employee.locator('.employee-form').waitFor();
  await page.locator('.p-toast-message').first().waitFor();
  await shot('empleado-formulario', page);
  await employee.getByRole('button', { name: MSG.close, exact: true }).first().click();
  await employee.waitFor({ state: 'hidden' });
  await page.getByTestId('evidence-table').waitFor();
  await page.getByTestId('evidence-table').scrollIntoViewIfNeeded();
  await noToasts(page);
  await shot('documentos-ingreso', page);

  // One upload for several workers: P14 (Registro de entrega de EPP) for three of them.
  await page.locator('[data-testid="evidence-row"][data-codigo="P14"]').getByTestId('status-button').click();
  const p14 = page.getByTestId('upload-modal');
  const picker = p14.getByTestId('workers-picker');
  await picker.waitFor();
  for (const numero of LISTA_EPP.slice(1)) await picker.getByTestId(`worker-${numero}`).click();
  await picker.getByTestId('workers-count').filter({ hasText: '3 trabajadores' }).waitFor();
  await shot('carga-varios-trabajadores', page);
  await p14.getByTestId('upload-file-input').setInputFiles({
    name: 'entrega-epp.pdf',
    mimeType: 'application/pdf',
    buffer: pdfDocumento('Registro de entrega de EPP'),
  });
  const save = p14.getByTestId('submission-save');
  const results = p14.getByTestId('upload-results').locator('li.ok');
  await save.or(results).first().waitFor();
  if (await save.isVisible()) await save.click();
  await results.first().waitFor();
  await p14.getByRole('button', { name: MSG.close }).first().click();
  await p14.waitFor({ state: 'hidden' });

  await page.getByTestId('import-workers-button').click();
  const importDialog = page.getByTestId('import-dialog');
  await importDialog.waitFor();
  await noToasts(page);
  await shot('importar-trabajadores', page);
  await dialogClose(page);
  await importDialog.waitFor({ state: 'hidden' });

  // Gestión del riesgo: monthly documents and the PILA file of the last month, reconciled.
  await page.goto(`${url}/#/gestion-riesgo`);
  await page.locator('tr[data-codigo="M01"]').first().waitFor();
  await noToasts(page);
  await shot('gestion-riesgo', page);
  const conciliar = page.locator('tr[data-codigo="M01"]').getByTestId('pila-conciliar').first();
  const periodo = await page
    .locator('tr[data-codigo="M01"]', { has: page.getByTestId('pila-conciliar') })
    .first()
    .getAttribute('data-periodo');
  await conciliar.click();
  const pila = page.getByTestId('pila-dialog');
  await pila.waitFor();
  await pila.getByTestId('pila-archivo').setInputFiles({
    name: `pila-${periodo}.txt`,
    mimeType: 'text/plain',
    buffer: planillaPila(periodo ?? ''),
  });
  await pila.getByTestId('pila-enviar').click();
  await pila.getByTestId('pila-veredicto').waitFor();
  await shot('pila-conciliacion', page);
  await dialogClose(page);
  await pila.waitFor({ state: 'hidden' });

  await page.goto(`${url}/#/retenido`);
  await page.getByTestId('evidence-row').first().waitFor();
  await noToasts(page);
  await shot('retenidos', page);

  // Fitness for the gate and the carnets.
  await page.goto(`${url}/#/aptitud-personal`);
  await page.getByTestId('aptitud-table').waitFor();
  await shot('aptitud', page);

  // The 0312 self-evaluation.
  await page.goto(`${url}/#/autoevaluacion`);
  await page.getByTestId('ae-resumen').waitFor();
  await shot('autoevaluacion', page);
  // One item that is not met brings its action into the improvement plan.
  await page.getByTestId('ae-item').first().getByTestId('ae-no_cumple').click();
  await page.getByTestId('ae-accion').first().waitFor();
  await page.getByTestId('ae-plan').scrollIntoViewIfNeeded();
  await shot('autoevaluacion-plan', page);

  // Configuraciones: password, e-mail, company users, the self-evaluation's signers.
  await page.goto(`${url}/#/cambiar-clave`);
  await page.getByTestId('usuarios-table').waitFor();
  await shot('configuraciones', page);
  await page.getByTestId('usuario-invitar').click();
  await page.getByTestId('usuario-form').waitFor();
  await shot('invitar-usuario', page);
  await dialogClose(page);
  await page.getByTestId('usuario-form').waitFor({ state: 'hidden' });
  await page.getByTestId('firmantes-empresa').scrollIntoViewIfNeeded();
  await shot('firmantes', page);

  // History of the SG-SST documents.
  await page.goto(`${url}/#/list-dinamico/histdocs?path=sg-personal`);
  await listLoaded(page);
  await shot('historial', page);
}

/** The month's planilla of the demo contract's five workers, as the operator would write it. */
function planillaPila(periodo) {
  const personas = TRABAJADORES.map((numeroDocumento) => ({
    numeroDocumento,
    tipoDocumento: 'CC',
    tipoCotizante: '01',
    salario: 2_100_000,
    ingreso: null,
    retiro: null,
    novedad: null,
    eps: codigoAdministradora('EPS', 'Nueva EPS'),
  }));
  const modelo = modeloPila({
    periodo,
    n: 0,
    aportante: {
      nit: '900123456',
      razonSocial: 'MONTAJES Y ESTRUCTURAS DEL NORTE SAS',
      arl: codigoAdministradora('ARL', 'ARL Sura'),
    },
    personas,
  });
  return Buffer.from(aLatin1(serializarPila(modelo)));
}

async function revisor(page, url, shot) {
  await (await openLogin(page, url)).click();
  await signIn(page, REVISOR);
  await page.getByTestId('pending-review').waitFor();
  await shot('revisor-inicio', page);
  await page.goto(`${url}/#/revision`);
  await page.getByTestId('review-queue').waitFor();
  await shot('revision-bandeja', page);
  const row = page
    .getByTestId('review-queue')
    .locator('tr', { hasText: 'Registro de entrega de EPP' })
    .first();
  await row.getByTestId('queue-open').click();
  const dialog = page.getByTestId('review-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('review-misma-carga').scrollIntoViewIfNeeded();
  await shot('revision-dialogo', page);
  await dialogClose(page);

  await page.goto(`${url}/#/personal-obra`);
  await page.getByTestId('obra-page').waitFor();
  await page.getByTestId('obra-proyecto').click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: PROYECTO_OBRA }).click();
  await page.getByTestId('obra-table').waitFor();
  await shot('personal-obra', page);
  await page.getByTestId('obra-autorizar').first().click();
  await page.getByTestId('autorizacion-form').waitFor();
  await shot('autorizacion-temporal', page);
  await dialogClose(page);
}

async function administrador(page, url, shot) {
  await (await openLogin(page, url)).click();
  await signIn(page, ADMIN);
  await page.getByTestId('menu-tiles').waitFor();
  await page.goto(`${url}/#/list-dinamico/requisitos`);
  await listLoaded(page);
  await shot('catalogo', page);
  await page.goto(`${url}/#/admin/maestras/salarios-minimos`);
  await page.getByTestId('salarios-table').waitFor();
  await shot('salario-minimo', page);
  await page.goto(`${url}/#/list-dinamico/empresas`);
  await listLoaded(page);
  await shot('empresas', page);
  await page.goto(`${url}/#/cumplimiento`);
  await page.getByTestId('compliance-table').waitFor();
  await shot('cumplimiento', page);
  // The PILA staff view: the company's contracts, the reconciled periods and the matrix.
  await page.getByTestId('compliance-company').filter({ hasText: '900123456' }).click();
  const card = page.locator('[data-testid^="contract-pila-"]').filter({ hasText: /estructura en concreto/i });
  await card.waitFor();
  await card.getByTestId('pila-ver-matriz').click();
  await card.getByTestId('pila-matriz').locator('tbody tr').first().waitFor();
  await card.scrollIntoViewIfNeeded();
  await shot('pila-matriz', page);
}

async function porteria(page, url, shot) {
  await (await openLogin(page, url)).click();
  await signIn(page, PORTERIA);
  await page.waitForURL(/#\/porteria$/);
  await page.getByTestId('gate-project').selectOption({ label: PROYECTO_OBRA });
  await page.getByTestId('gate-roster').filter({ hasText: 'trabajadores' }).waitFor();
  await shot('porteria', page);
  await page.getByTestId('gate-doc-number').fill(APTO);
  await page.getByTestId('gate-check').click();
  await page.getByTestId('gate-result').waitFor();
  await shot('porteria-apto', page);
  await page.getByTestId('gate-next').click();

  // Without signal: the check uses the day's list and the entry waits in the phone.
  await page.context().setOffline(true);
  await page.getByTestId('gate-net').filter({ hasText: MSG.gateOffline }).waitFor();
  await page.getByTestId('gate-doc-number').fill(APTO);
  await page.getByTestId('gate-check').click();
  await page.getByTestId('gate-entry').click();
  await page.getByTestId('gate-recorded').waitFor();
  await page.getByTestId('gate-next').click();
  await page.locator('[data-testid="gate-queue"][data-count="1"]').waitFor();
  await shot('porteria-sin-senal', page);
  await page.context().setOffline(false);
  await page.locator('[data-testid="gate-queue"][data-count="0"]').waitFor({ timeout: 60_000 });
}
