import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aptitudObra, aptitudTrabajador, MSG, sumarDias } from '@proveedores/domain';
import { registrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { z } from 'zod';
import { query } from '../../server/src/db/client';
import { upsertStaff } from '../../server/src/ops/staff';
import { firstCargo, validEmployee } from '../../server/src/test/empleados';
import { pdf as samplePdf } from '../../server/src/test/revision';
import { authHeaders, CONTRACTOR_A, REVIEWER as REVIEWER_LOGIN } from '../../server/src/test/app';
import { choose, chooseContract, demoContract, type DemoContract } from '../support/ui';
import {
  containsText,
  CONTRACTOR,
  hasCount,
  fechasParaEntrega,
  hasText,
  hoyDe,
  openLogin,
  openPage,
  PHONE,
  REVIEWER,
  screenshot,
  seriousA11yViolations,
  signedInPage,
  signIn,
  useHarness,
  visible,
} from '../support';

/**
 * Site access from end to end (docs/decisions/121-125): three workers of the demo contract (heights
 * work) made fit by real uploads and approvals; one's heights certificate has expired, another's
 * credential is revoked after printing. The contractor prints the carnets ('Imprimir carnés'), each
 * worker's QR is cut out of the rendered PDF pages and shown to the gate page as a photo, on a 360 px
 * phone without signal; back online the queue empties and 'Personal en obra' shows the three inside
 * and, in its 'Registros de portería' tab (decision 131), each record exactly once.
 */
const h = useHarness();
const STAFF = { ...REVIEWER, staff: true };
const APTO = '7790000101';
const VENCIDO = '7790000202';
const REVOCADO = '7790000303';
/** Days since VENCIDO's heights certificate stopped being valid. */
const ALTURAS_VENCIDO_HACE = 10;
const NOMBRES: Record<string, string> = { [APTO]: 'ANDREA', [VENCIDO]: 'BERNARDO', [REVOCADO]: 'CAMILO' };

type Setup = {
  contract: DemoContract;
  proyectoId: number;
  guard: { username: string; password: string };
  empleados: Record<string, number>;
};

const aptitudDelContrato = async (contratoId: number, headers: Record<string, string>) => {
  const res = await h.server.app.inject({
    method: 'GET',
    url: `/api/contratista/trabajadores/aptitud?contratoid=${contratoId}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(aptitudTrabajador).parse(res.json());
};

/**
 * Every item still missing for the three workers (the company's SG-SST ones and each worker's own)
 * uploaded by the contractor and approved by the reviewer through the API, with the dates each
 * validity rule reads (decision 113). The heights certificate (P10) does not expire by its rule
 * (Resolución 4272 de 2021), so the one approved for VENCIDO is given a validity end in the past
 * afterwards, as an approval made under an older rule that has run out.
 */
async function setup(): Promise<Setup> {
  const { app } = h.server;
  const contract = await demoContract(h.server, CONTRACTOR.username, 'Estructura en concreto');
  const [c] = await query<{ proyecto_id: number }>(
    app.db,
    sql`SELECT proyecto_id FROM contratos WHERE id = ${contract.id}`,
  );
  const proyectoId = Number(c!.proyecto_id);
  const username = 'guardia.done';
  const { password } = await upsertStaff(app.db, {
    username,
    rol: 'porteria',
    correo: `${username}@constructora.example.co`,
    nombre: 'Guardia Portal Norte',
    proyectos: [proyectoId],
  });
  await query(app.db, sql`UPDATE usuarios SET must_change_password = false WHERE username = ${username}`);

  const headers = await authHeaders(app, CONTRACTOR_A);
  const staff = await authHeaders(app, REVIEWER_LOGIN);
  const cargo = await firstCargo(app, headers);
  const empleados: Record<string, number> = {};
  for (const numero of [APTO, VENCIDO, REVOCADO]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contratista/empleados',
      headers,
      payload: validEmployee(cargo.id, {
        numerodocumento: numero,
        nombres: NOMBRES[numero],
        contratoid: contract.id,
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM empleados WHERE numero_documento = ${numero}`,
    );
    empleados[numero] = Number(e!.id);
  }

  const ours = (await aptitudDelContrato(contract.id, headers)).filter((w) =>
    Object.values(empleados).includes(w.empleadoId),
  );
  expect(ours).toHaveLength(3);
  const pendientes = new Map<string, (typeof ours)[number]['items'][number] & { numero: string }>();
  for (const w of ours)
    for (const item of w.items)
      pendientes.set(`${item.modulo}/${item.requisitoId}/${item.empleadoId ?? ''}`, {
        ...item,
        numero: w.numerodocumento,
      });
  expect(pendientes.size).toBeGreaterThan(0);
  let p10Vencido: number | null = null;
  for (const item of pendientes.values()) {
    const personal = item.modulo === 'sg-personal';
    const up = await app.inject({
      method: 'PUT',
      url: `/api/contratista/adjuntos/${item.modulo}/${item.requisitoId}`,
      headers,
      payload: {
        contratoid: contract.id,
        ...(personal ? { tipodocumento: 'CC', numerodocumento: item.numero } : {}),
        adjunto: {
          adjunto: samplePdf(`${item.codigo} ${item.numero}`).toString('base64'),
          nombreArchivo: `${item.codigo}.pdf`,
          extension: 'pdf',
        },
      },
    });
    expect(up.statusCode, up.body).toBe(200);
    const idEntrega = Number(up.json().idEntrega);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/revision/entregas/${idEntrega}/aprobar`,
      headers: staff,
      payload: await fechasParaEntrega(app, idEntrega),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    if (item.codigo === 'P10' && item.numero === VENCIDO) p10Vencido = idEntrega;
  }
  expect(p10Vencido).not.toBeNull();
  await query(
    app.db,
    sql`UPDATE entregas SET vigencia_hasta = ${sumarDias(hoyDe(app), -ALTURAS_VENCIDO_HACE)}::date WHERE id = ${p10Vencido}`,
  );

  const fit = new Map(
    (await aptitudDelContrato(contract.id, headers)).map((w) => [w.numerodocumento, w] as const),
  );
  expect(fit.get(APTO)).toMatchObject({ apto: true, motivos: [] });
  expect(fit.get(REVOCADO)).toMatchObject({ apto: true, motivos: [] });
  expect(fit.get(VENCIDO)?.apto).toBe(false);
  expect(fit.get(VENCIDO)?.motivos).toEqual([
    expect.stringMatching(/^Certificado de trabajo en alturas vencido el /),
  ]);
  return { contract, proyectoId, guard: { username, password }, empleados };
}

/**
 * The carnets PDF rendered by pdfjs-dist in Chromium (its own origin, nothing of the app's): for each
 * document number, the A4 cell (2 x 4 per page, decision 122) whose text shows it, cut out as a PNG.
 */
async function carnetPhotos(context: BrowserContext, pdf: Buffer, numeros: string[]) {
  const require = createRequire(import.meta.url);
  const build = path.dirname(require.resolve('pdfjs-dist/build/pdf.mjs'));
  const origin = 'http://carnets.local';
  const page = await context.newPage();
  await page.route(`${origin}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/carnets.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
    if (url.pathname.endsWith('.mjs'))
      return route.fulfill({
        body: readFileSync(path.join(build, path.basename(url.pathname))),
        contentType: 'text/javascript',
      });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body><script type="module">
        import * as pdfjs from '/pdf.min.mjs';
        pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
        window.carnets = async (numeros) => {
          const doc = await pdfjs.getDocument('/carnets.pdf').promise;
          const out = {};
          for (let p = 1; p <= doc.numPages; p++) {
            const pg = await doc.getPage(p);
            const viewport = pg.getViewport({ scale: 3 });
            const canvas = document.createElement('canvas');
            canvas.width = Math.floor(viewport.width);
            canvas.height = Math.floor(viewport.height);
            await pg.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
            const { items } = await pg.getTextContent();
            for (const item of items) {
              const numero = numeros.find((n) => item.str && item.str.includes(n));
              if (!numero) continue;
              const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
              const w = canvas.width / 2, h = canvas.height / 4;
              const cell = document.createElement('canvas');
              cell.width = Math.floor(w);
              cell.height = Math.floor(h);
              cell.getContext('2d').drawImage(canvas, Math.floor(x / w) * w, Math.floor(y / h) * h, w, h, 0, 0, w, h);
              out[numero] = cell.toDataURL('image/png').split(',')[1];
            }
          }
          return out;
        };
        document.body.dataset.ready = 'true';
      </script></body></html>`,
    });
  });
  await page.goto(`${origin}/`);
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  const cut = (await page.evaluate(
    (n) => (window as unknown as { carnets: (n: string[]) => Promise<Record<string, string>> }).carnets(n),
    numeros,
  )) as Record<string, string>;
  await page.close();
  const files: Record<string, string> = {};
  for (const numero of numeros) {
    expect(cut[numero], `carnet of ${numero} in the PDF`).toBeTruthy();
    files[numero] = path.join(tmpdir(), `gate-done-carnet-${numero}.png`);
    writeFileSync(files[numero], Buffer.from(cut[numero]!, 'base64'));
  }
  return files;
}

/** Shows a carnet photo to the gate and checks the answer; records an entry. */
async function checkCarnet(
  page: Page,
  photo: string,
  expected: { apto: boolean; nombre: string; motivo?: string },
  shot: string,
) {
  await page.getByTestId('gate-photo').setInputFiles(photo);
  const result = page.getByTestId('gate-result');
  await visible(result);
  expect(await result.getAttribute('data-apto')).toBe(String(expected.apto));
  await containsText(page.getByTestId('gate-result-name'), expected.nombre);
  // Green 'APTO' or red 'NO APTO' (the screen's colour class).
  await hasText(result.locator('#gate-result-title'), expected.apto ? 'APTO' : 'NO APTO');
  expect(await result.getAttribute('class')).toContain(expected.apto ? 'gate-result-ok' : 'gate-result-no');
  if (expected.motivo) await containsText(page.getByTestId('gate-result-reasons'), expected.motivo);
  await screenshot(page, shot);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByTestId('gate-entry').click();
  // Letting in a person who is NO APTO takes the guard's reason (decision 160).
  if (!expected.apto) {
    await page.getByTestId('gate-override-reason').fill('Ingresa acompañado por el residente de obra');
    await page.getByTestId('gate-override-confirm').click();
  }
  await containsText(page.getByTestId('gate-recorded'), 'Entrada registrada');
  await page.getByTestId('gate-next').click();
}

describe('site access, done when', () => {
  it('printed carnets read offline at the gate on a phone, synced once, seen on Personal en obra', async () => {
    const s = await setup();
    const { app } = h.server;
    const vencio = sumarDias(hoyDe(app), -ALTURAS_VENCIDO_HACE).split('-').reverse().join('/');

    // The contractor prints the carnets of the contract.
    const c = await signedInPage(h, CONTRACTOR);
    await c.page.goto(`${h.server.url}/#/aptitud-personal`);
    await chooseContract(c.page, s.contract);
    await visible(c.page.getByTestId('aptitud-table'));
    const [download] = await Promise.all([
      c.page.waitForEvent('download'),
      c.page.getByTestId('aptitud-carnes').click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const photos = await carnetPhotos(c.context, pdf, [APTO, VENCIDO, REVOCADO]);
    expect(c.errors).toEqual([]);
    await c.context.close();

    // The third worker's carnet is lost: staff revoke its credential.
    const [cred] = await query<{ id: number }>(
      app.db,
      sql`SELECT id FROM credenciales WHERE empleado_id = ${s.empleados[REVOCADO]} AND revocada_at IS NULL`,
    );
    const rev = await app.inject({
      method: 'POST',
      url: `/api/revision/credenciales/${cred!.id}/revocar`,
      headers: await authHeaders(app, REVIEWER_LOGIN),
      payload: { motivo: 'Carné extraviado' },
    });
    expect(rev.statusCode, rev.body).toBe(200);

    // The guard's phone: roster downloaded online, then no signal.
    const t = await openPage(h.browser, { viewport: PHONE, isMobile: true });
    const { page, context } = t;
    await openLogin(page, h.server.url);
    await signIn(page, { ...s.guard, staff: true });
    await page.waitForURL(/#\/porteria$/);
    await containsText(page.getByTestId('gate-project-name'), s.contract.proyecto);
    await containsText(page.getByTestId('gate-roster'), 'trabajadores');
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'gate-done-01-online');

    await context.setOffline(true);
    await page.reload();
    await containsText(page.getByTestId('gate-net'), 'Sin señal');
    await containsText(page.getByTestId('gate-roster'), 'trabajadores');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await checkCarnet(page, photos[APTO]!, { apto: true, nombre: NOMBRES[APTO]! }, 'gate-done-02-apto');
    await containsText(page.getByTestId('gate-queue'), '1 registro por enviar');
    await checkCarnet(
      page,
      photos[VENCIDO]!,
      {
        apto: false,
        nombre: NOMBRES[VENCIDO]!,
        motivo: `Certificado de trabajo en alturas vencido el ${vencio}`,
      },
      'gate-done-03-vencido',
    );
    await checkCarnet(
      page,
      photos[REVOCADO]!,
      // Offline, a revoked code names no worker: the roster lists only live credentials (decision 124).
      { apto: false, nombre: MSG.gateUnknownWorker, motivo: 'Credencial revocada' },
      'gate-done-04-revocada',
    );
    await containsText(page.getByTestId('gate-queue'), '3 registros por enviar');
    await screenshot(page, 'gate-done-05-queue');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back online: the queue is sent and empties.
    await context.setOffline(false);
    await containsText(page.getByTestId('gate-queue'), 'Todo enviado');
    await screenshot(page, 'gate-done-06-synced');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(t.errors).toEqual([]);
    await context.close();

    // Stored exactly once each.
    const stored = await query<{ empleado_id: number | null; tipo: string; apto: boolean | null }>(
      app.db,
      sql`SELECT r.empleado_id, r.tipo, r.apto FROM registros_porteria r JOIN usuarios u ON u.id = r.guardia_id
           WHERE u.username = ${s.guard.username} ORDER BY r.id`,
    );
    expect(stored.map((r) => [Number(r.empleado_id), r.tipo, r.apto])).toEqual([
      [s.empleados[APTO], 'entrada', true],
      [s.empleados[VENCIDO], 'entrada', false],
      [s.empleados[REVOCADO], 'entrada', false],
    ]);

    // The reviewer's 'Personal en obra' for the project today.
    const r = await signedInPage(h, STAFF);
    await r.page.goto(`${h.server.url}/#/personal-obra`);
    await visible(r.page.getByTestId('obra-page'));
    await choose(r.page, 'obra-proyecto', s.contract.proyecto);
    await visible(r.page.getByTestId('obra-table'));
    const rows = await app.inject({
      method: 'GET',
      url: `/api/revision/aptitud?proyectoid=${s.proyectoId}`,
      headers: await authHeaders(app, REVIEWER_LOGIN),
    });
    expect(rows.statusCode, rows.body).toBe(200);
    const obra = z.array(aptitudObra).parse(rows.json());
    for (const numero of [APTO, VENCIDO, REVOCADO]) {
      expect(obra.filter((w) => w.numerodocumento === numero).map((w) => w.dentro)).toEqual([true]);
      const row = r.page.locator('tr.obra-row', { hasText: `CC ${numero}` });
      await hasText(row.getByTestId('obra-dentro'), 'Sí');
      expect(await row.count()).toBe(1);
    }
    await screenshot(r.page, 'gate-done-07-obra', true);

    // 'Registros de portería' of the project and today: one row per record, each worker once.
    const hoy = hoyDe(app);
    const dia = await app.inject({
      method: 'GET',
      url: `/api/revision/porteria/registros?proyectoid=${s.proyectoId}&fecha=${hoy}`,
      headers: await authHeaders(app, REVIEWER_LOGIN),
    });
    expect(dia.statusCode, dia.body).toBe(200);
    const registros = registrosDiaRespuesta.parse(dia.json()).registros;
    expect(registros.map((x) => x.numerodocumento).sort()).toEqual([APTO, VENCIDO, REVOCADO]);
    await r.page.getByRole('tab', { name: 'Registros de portería' }).click();
    await visible(r.page.getByTestId('registros-table'));
    await hasCount(r.page.locator('tr.registro-row'), 3);
    for (const numero of [APTO, VENCIDO, REVOCADO]) {
      const row = r.page.locator('tr.registro-row', { hasText: `CC ${numero}` });
      await hasCount(row, 1);
      await hasText(row.getByTestId('registro-tipo'), 'Entrada');
      await containsText(row, 'Guardia Portal Norte');
      await hasText(
        row.locator(
          '[data-testid="registro-verificacion"].aptitud-tag, [data-testid="registro-verificacion"] .aptitud-tag',
        ),
        numero === APTO ? 'Apto' : 'No apto',
      );
    }
    await containsText(
      r.page.locator('tr.registro-row', { hasText: `CC ${VENCIDO}` }),
      `Certificado de trabajo en alturas vencido el ${vencio}`,
    );
    await containsText(
      r.page.locator('tr.registro-row', { hasText: `CC ${REVOCADO}` }),
      'Credencial revocada',
    );
    await screenshot(r.page, 'gate-done-08-registros', true);
    expect(r.errors).toEqual([]);
    await r.context.close();
  });
});
