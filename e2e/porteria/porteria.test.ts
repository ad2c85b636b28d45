import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { hoyEnColombia } from '@proveedores/domain';
import { query } from '../../server/src/db/client';
import { claveDeSemilla, emitirCodigo } from '../../server/src/modules/credenciales';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { aprobarNoDispensables } from '../../server/src/test/aptitud';
import { upsertStaff } from '../../server/src/ops/staff';
import { authHeaders, CONTRACTOR_A, REVIEWER } from '../../server/src/test/app';
import { demoContract } from '../support/ui';
import {
  CHROMIUM_PATH,
  containsText,
  CONTRACTOR,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * The gate page (decision 124): a gate user signs in and lands on #/porteria, the signed roster of
 * the day is downloaded, the signal goes away (Playwright's offline mode, the page reloaded from the
 * service worker), workers are checked by typed document and by a photo of their carnet's QR against
 * the roster, entries and exits are queued; back online the queue empties and every record is stored
 * exactly once in registros_porteria.
 */
const h = useHarness();
const WIDE = { width: 1366, height: 800 } as const;

type Setup = { username: string; password: string; proyecto: string; codigo: string };

/** A gate user for the demo contract's project, two workers on it (one apto by authorization), a QR. */
async function setup(suffix: string): Promise<Setup> {
  const { app } = h.server;
  const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const [c] = await query<{ proyecto_id: number }>(
    app.db,
    sql`SELECT proyecto_id FROM contratos WHERE id = ${contract.id}`,
  );
  const username = `guardia.${suffix}`;
  const { password } = await upsertStaff(app.db, {
    username,
    rol: 'porteria',
    correo: `${username}@constructora.example.co`,
    nombre: 'Guardia De Prueba',
    proyectos: [c!.proyecto_id],
  });
  await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);

  const headers = await authHeaders(app, CONTRACTOR_A);
  const cargo = await firstCargo(app, headers);
  const ids: number[] = [];
  for (const [numero, nombres] of [
    [`77${suffix}01`, 'ANA MARÍA'],
    [`77${suffix}02`, 'LUIS'],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, { numerodocumento: numero, nombres, contratoid: contract.id }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM empleados WHERE numero_documento = ${numero}`,
    );
    ids.push(e!.id);
  }
  // The first worker may enter today by a temporary authorization, once what none stands in for
  // (ARL, medical concept, heights) is approved (decision 182).
  await aprobarNoDispensables(app.db, { contratoId: contract.id, empleadoId: ids[0] });
  const staff = await authHeaders(app, REVIEWER);
  const auth = await app.inject({
    method: 'POST',
    url: '/api/revision/aptitud/autorizaciones',
    headers: staff,
    payload: {
      empleadoId: ids[0],
      contratoId: contract.id,
      motivo: 'Documentos en trámite',
      hasta: hoyEnColombia(new Date()),
    },
  });
  expect(auth.statusCode, auth.body).toBe(200);

  // The second worker's carnet: a credential row and its signed code, as a photo of the QR.
  const [cred] = await query<{ id: number }>(
    app.db,
    sql`INSERT INTO credenciales (empleado_id, contrato_id) VALUES (${ids[1]}, ${contract.id}) RETURNING id`,
  );
  const codigo = emitirCodigo(claveDeSemilla(app.config.credentialSigningSeed), {
    credencialId: cred!.id,
    contratoId: contract.id,
    proyectoId: c!.proyecto_id,
    emitida: hoyEnColombia(new Date()),
    vence: null,
  });
  return { username, password, proyecto: contract.proyecto, codigo };
}

async function qrPhoto(codigo: string, name: string): Promise<string> {
  const file = path.join(tmpdir(), `${name}.png`);
  writeFileSync(file, await QRCode.toBuffer(codigo, { width: 480, margin: 4 }));
  return file;
}

async function storedRecords(username: string) {
  return query<{
    cliente_id: string;
    tipo: string;
    apto: boolean | null;
    motivo_excepcion: string | null;
    marcas: string[];
  }>(
    h.server.app.db,
    sql`SELECT r.cliente_id, r.tipo, r.apto, r.motivo_excepcion, r.marcas
          FROM registros_porteria r JOIN usuarios u ON u.id = r.guardia_id
         WHERE u.username = ${username} ORDER BY r.id`,
  );
}

const MOTIVO_EXCEPCION = 'Proveedor de concreto, acompañado por el residente';

/** How many rosters the gate's IndexedDB of this user keeps (decision 124's `porteria:<usuario>`). */
function rostersKept(page: Page, username: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('indexedDB.open'));
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('rosters').objectStore('rosters').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
    `porteria:${username}`,
  );
}

describe('gate page', () => {
  for (const [label, viewport, suffix] of [
    ['360 px', PHONE, '36'],
    ['1366 px', WIDE, '13'],
  ] as const) {
    it(`works without signal and syncs once back (${label})`, async () => {
      const s = await setup(suffix);
      const photo = await qrPhoto(s.codigo, `gate-qr-${suffix}`);
      const t = await openPage(h.browser, { viewport, isMobile: viewport === PHONE });
      const { page, context } = t;
      await openLogin(page, h.server.url);
      await signIn(page, { username: s.username, password: s.password, staff: true });
      await page.waitForURL(/#\/porteria$/);
      await containsText(page.getByTestId('gate-project-name'), s.proyecto);
      await containsText(page.getByTestId('gate-roster'), 'trabajadores');
      // The service worker controls the page before the signal goes.
      await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
      await screenshot(page, `porteria-online-${suffix}`);

      // Online, the server answers the check (POST /api/porteria/verificar).
      const verificar = page.waitForResponse((r) => r.url().includes('/api/porteria/verificar'));
      await page.getByTestId('gate-doc-number').fill(`77${suffix}02`);
      await page.getByTestId('gate-check').click();
      expect((await verificar).status()).toBe(200);
      await visible(page.getByTestId('gate-result'));
      expect(await page.getByTestId('gate-result').getAttribute('data-apto')).toBe('false');
      await page.getByTestId('gate-next').click();

      await context.setOffline(true);
      await page.reload();
      await containsText(page.getByTestId('gate-net'), 'Sin señal');
      await containsText(page.getByTestId('gate-roster'), 'trabajadores');

      // Typed document: the authorized worker is APTO.
      await page.getByTestId('gate-doc-number').fill(`77${suffix}01`);
      await page.getByTestId('gate-check').click();
      const result = page.getByTestId('gate-result');
      await visible(result);
      expect(await result.getAttribute('data-apto')).toBe('true');
      await containsText(page.getByTestId('gate-result-name'), 'ANA MARÍA');
      await screenshot(page, `porteria-apto-${suffix}`);
      await page.getByTestId('gate-entry').click();
      await containsText(page.getByTestId('gate-recorded'), 'Entrada registrada');
      await page.getByTestId('gate-next').click();
      await containsText(page.getByTestId('gate-queue'), '1 registro por enviar');

      // Photo of the other worker's QR: verified offline with the kept keys, NO APTO with reasons.
      await page.getByTestId('gate-photo').setInputFiles(photo);
      await visible(result);
      expect(await result.getAttribute('data-apto')).toBe('false');
      await containsText(page.getByTestId('gate-result-name'), 'LUIS');
      await visible(page.getByTestId('gate-result-reasons'));
      await screenshot(page, `porteria-no-apto-${suffix}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByTestId('gate-exit').click();
      await containsText(page.getByTestId('gate-recorded'), 'Salida registrada');
      await page.getByTestId('gate-next').click();

      // An unknown document: not of this project. Letting them in asks for the guard's reason
      // (decision 160): none is refused, one is recorded.
      await page.getByTestId('gate-doc-number').fill('123');
      await page.getByTestId('gate-check').click();
      await containsText(page.getByTestId('gate-result-reasons'), 'No pertenece a este proyecto');
      await page.getByTestId('gate-entry').click();
      const override = page.getByRole('alertdialog', { name: 'Esta persona NO ES APTA para ingresar' });
      await visible(override);
      await override.getByRole('button', { name: 'Registrar entrada con este motivo' }).click();
      await containsText(override.getByRole('alert'), 'al menos 5 caracteres');
      expect(await page.getByTestId('gate-recorded').count()).toBe(0);
      await override.getByLabel('Motivo del ingreso').fill(MOTIVO_EXCEPCION);
      await screenshot(page, `porteria-override-${suffix}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await override.getByRole('button', { name: 'Registrar entrada con este motivo' }).click();
      await containsText(page.getByTestId('gate-recorded'), 'Entrada registrada');
      await page.getByTestId('gate-next').click();
      await containsText(page.getByTestId('gate-queue'), '3 registros por enviar');
      await screenshot(page, `porteria-queue-${suffix}`);
      expect(await storedRecords(s.username)).toEqual([]);

      await context.setOffline(false);
      await containsText(page.getByTestId('gate-queue'), 'Todo enviado');
      await containsText(page.getByTestId('gate-last-sync'), 'Última sincronización');
      const stored = await storedRecords(s.username);
      expect(stored.map((r) => [r.tipo, r.apto])).toEqual([
        ['entrada', true],
        ['salida', false],
        ['entrada', false],
      ]);
      expect(new Set(stored.map((r) => r.cliente_id)).size).toBe(3);
      expect(stored.map((r) => r.motivo_excepcion)).toEqual([null, null, MOTIVO_EXCEPCION]);
      expect(stored[2]!.marcas).toEqual(['trabajador_desconocido', 'ingreso_excepcional']);
      await screenshot(page, `porteria-synced-${suffix}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // 'Cerrar Sesión' forgets the roster (names, documents, reasons) kept on the phone.
      expect(await rostersKept(page, s.username)).toBe(1);
      await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
      await page.waitForURL((u) => !u.hash.includes('porteria'));
      expect(await rostersKept(page, s.username)).toBe(0);
      expect(t.errors).toEqual([]);
      await context.close();
    });
  }
});

describe('gate roster signature', () => {
  it('a roster changed on the way is refused and said; nothing is kept', async () => {
    const s = await setup('99');
    const t = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    const { page } = t;
    // One worker's fitness turned around after signing.
    await page.route('**/api/porteria/roster*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { contenido: string };
      await route.fulfill({
        response: res,
        json: { ...body, contenido: body.contenido.replace('"apto":false', '"apto":true') },
      });
    });
    await openLogin(page, h.server.url);
    await signIn(page, { username: s.username, password: s.password, staff: true });
    await page.waitForURL(/#\/porteria$/);
    await containsText(page.getByRole('alert').first(), 'no tiene una firma válida');
    await containsText(page.getByTestId('gate-roster'), 'Sin lista descargada');
    await screenshot(page, 'porteria-roster-refused-36');
    // A gate user sees nothing else: another page sends them back to the gate.
    await page.goto(`${h.server.url}/#/home`);
    await page.waitForURL(/#\/porteria$/);
    await visible(page.getByTestId('gate-scan'));
    expect(t.errors).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await t.context.close();
  });
});

/**
 * A Y4M video (Chromium's fake camera) that shows the QR of `codigo`: luma black/white modules, flat
 * chroma, a few identical frames.
 */
function qrVideo(codigo: string, name: string): string {
  const { modules } = QRCode.create(codigo, { errorCorrectionLevel: 'M' });
  const size = 480;
  const scale = Math.floor(size / (modules.size + 8));
  const offset = Math.floor((size - modules.size * scale) / 2);
  const y = Buffer.alloc(size * size, 235);
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(
            16,
            (offset + r * scale + dy) * size + offset + c * scale,
            (offset + r * scale + dy) * size + offset + (c + 1) * scale,
          );
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(tmpdir(), `${name}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(5).fill(frame),
    ]),
  );
  return file;
}

describe('gate camera', () => {
  it('Escanear código reads the carnet from the camera (Chromium fake camera)', async () => {
    const s = await setup('55');
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${qrVideo(s.codigo, 'gate-qr-55')}`,
      ],
    });
    try {
      const context = await browser.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        locale: 'es-CO',
      });
      await context.grantPermissions(['camera'], { origin: h.server.url });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await openLogin(page, h.server.url);
      await signIn(page, { username: s.username, password: s.password, staff: true });
      await page.waitForURL(/#\/porteria$/);
      await containsText(page.getByTestId('gate-roster'), 'trabajadores');
      await page.getByTestId('gate-scan').click();
      // The camera view, or already the answer when the first frames were read.
      await screenshot(page, 'porteria-camera-55');
      const result = page.getByTestId('gate-result');
      await visible(result);
      await containsText(page.getByTestId('gate-result-name'), 'LUIS');
      expect(await result.getAttribute('data-apto')).toBe('false');
      await page.getByTestId('gate-entry').click();
      await page.getByTestId('gate-override-reason').fill(MOTIVO_EXCEPCION);
      await page.getByTestId('gate-override-confirm').click();
      await containsText(page.getByTestId('gate-recorded'), 'Entrada registrada');
      await page.getByTestId('gate-next').click();
      await containsText(page.getByTestId('gate-queue'), 'Todo enviado');
      const stored = await storedRecords(s.username);
      expect(stored.map((r) => r.tipo)).toEqual(['entrada']);
    } finally {
      await browser.close();
    }
  });
});

describe('gate clock', () => {
  it('a phone whose clock is 10 minutes ahead is told so when its records are sent', async () => {
    const s = await setup('44');
    const t = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    const { page } = t;
    await page.clock.setSystemTime(new Date(Date.now() + 10 * 60_000));
    await openLogin(page, h.server.url);
    await signIn(page, { username: s.username, password: s.password, staff: true });
    await page.waitForURL(/#\/porteria$/);
    await containsText(page.getByTestId('gate-roster'), 'trabajadores');
    await page.getByTestId('gate-doc-number').fill('774401');
    await page.getByTestId('gate-check').click();
    await page.getByTestId('gate-entry').click();
    await containsText(page.getByTestId('gate-recorded'), 'Entrada registrada');
    await page.getByTestId('gate-next').click();
    await containsText(page.getByTestId('gate-clock'), 'minutos');
    await containsText(page.getByTestId('gate-queue'), 'Todo enviado');
    await screenshot(page, 'porteria-clock-36');
    const [r] = await query<{ marcas: string[] }>(
      h.server.app.db,
      sql`SELECT r.marcas FROM registros_porteria r JOIN usuarios u ON u.id = r.guardia_id
           WHERE u.username = ${s.username}`,
    );
    expect(r?.marcas).toContain('reloj_desfasado');
    expect(t.errors).toEqual([]);
    await t.context.close();
  });
});
