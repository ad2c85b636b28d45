import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@proveedores/domain';
import { CERTIFICADO_ARL, certificatePng } from '../../server/src/compliance/document-dates/samples';
import { query } from '../../server/src/db/client';
import { blobStoreFor } from '../../server/src/files';
import {
  CONTRACTOR,
  hasCount,
  hasText,
  openLogin,
  openPage,
  PHONE,
  screenshot,
  seriousA11yViolations,
  signIn,
  useHarness,
  visible,
} from '../support';
import { chooseContract, demoContract, overflowsHorizontally, tempFiles } from '../support/ui';

const DESKTOP_WIDE = { width: 1366, height: 768 };

/**
 * Photos from the site become one PDF (docs/decisions/140): on a 360 px phone the contractor takes
 * three photos one by one in the upload modal of a pdf requirement, moves the last one up, builds
 * the PDF and uploads it; the stored file is a PDF under 5 MB with one page per photo, in the order
 * chosen, each photo turned as its EXIF orientation says.
 */
const h = useHarness();

type Rgb = [number, number, number];
const RED: Rgb = [200, 40, 40];
const GREEN: Rgb = [40, 160, 60];
const BLUE: Rgb = [40, 60, 200];

/**
 * A camera-sized JPEG (4000 x 3000 of noise over a colour, 6-8 MB, so the PDF must reduce it),
 * optionally stored sideways with an EXIF orientation as phones do. `coarse` noise (2 x 2 px blocks,
 * +-100) survives the reduction to 2000 px: about 1 MB a photo there, so six of them must go further.
 */
async function photo(color: Rgb, opts: { orientation?: number; coarse?: boolean } = {}): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const block = opts.coarse ? 2 : 1;
  const spread = opts.coarse ? 100 : 40;
  const raw = Buffer.alloc(width * height * 3);
  let seed = color[0] * 65_536 + color[1] * 256 + color[2];
  for (let y = 0; y < height; y += block) {
    for (let x = 0; x < width; x += block) {
      for (let c = 0; c < 3; c++) {
        seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
        const v = Math.max(0, Math.min(255, color[c] + ((seed >> 16) % (2 * spread + 1)) - spread));
        for (let dy = 0; dy < block; dy++)
          for (let dx = 0; dx < block; dx++) raw[((y + dy) * width + x + dx) * 3 + c] = v;
      }
    }
  }
  const img = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (opts.orientation ? img.withMetadata({ orientation: opts.orientation }) : img).toBuffer();
}

/** The mean colour of the middle of a page of the PDF, rendered small by poppler. */
function pageColour(pdf: string, page: number): Rgb {
  const out = path.join(path.dirname(pdf), `p${page}`);
  execFileSync('pdftoppm', ['-r', '12', '-f', String(page), '-l', String(page), '-singlefile', pdf, out]);
  const ppm = readFileSync(`${out}.ppm`);
  // P6 header: 'P6\n<w> <h>\n255\n'.
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!m) throw new Error('not a PPM');
  const [w, hgt, start] = [Number(m[1]), Number(m[2]), m[0].length];
  const sum: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(hgt * 0.4); y < hgt * 0.6; y++) {
    for (let x = Math.floor(w * 0.4); x < w * 0.6; x++) {
      const o = start + (y * w + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] += ppm[o + c];
      n++;
    }
  }
  return sum.map((s) => Math.round(s / n)) as Rgb;
}

/** Which of the three colours a measured one is. */
function nearest(c: Rgb): string {
  const named: [string, Rgb][] = [
    ['red', RED],
    ['green', GREEN],
    ['blue', BLUE],
  ];
  const d = (a: Rgb, b: Rgb) => a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0);
  return named.reduce((best, x) => (d(c, x[1]) < d(c, best[1]) ? x : best))[0];
}

/** Signed in as the demo contractor on its SG-SST page, with the upload modal of `codigo` open. */
async function uploadModal(codigo: string, viewport: { width: number; height: number }, isMobile: boolean) {
  const t = await openPage(h.browser, { viewport, isMobile });
  const { page } = t;
  await openLogin(page, h.server.url);
  await signIn(page, CONTRACTOR);
  await page.waitForURL(/#\/home$/);
  await page.goto(`${h.server.url}/#/sg-sst`);
  await chooseContract(page, await demoContract(h.server, CONTRACTOR.username, 'Instalaciones eléctricas'));
  const row = page.locator(`[data-testid="evidence-row"][data-codigo="${codigo}"]`);
  await row.getByTestId('status-button').click();
  const modal = page.getByTestId('upload-modal');
  await visible(modal);
  return { ...t, modal, panel: modal.getByTestId('photos-pdf') };
}

/** The file stored as company A's submission of `codigo`, written next to `near`; its row. */
async function storedPdf(codigo: string, near: string) {
  const [stored] = await query<{ nombre_archivo: string; sha256: string; tamano: number; tipo_mime: string }>(
    h.server.app.db,
    sql`SELECT en.nombre_archivo, a.sha256, a.tamano, a.tipo_mime
          FROM entregas en JOIN archivos a ON a.id = en.archivo_id
          JOIN requisitos r ON r.id = en.requisito_id JOIN empresas e ON e.id = en.empresa_id
         WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = ${codigo}`,
  );
  expect(stored.nombre_archivo).toMatch(/^fotos-\d{8}-\d{4}\.pdf$/);
  expect(stored.tipo_mime).toBe('application/pdf');
  expect(stored.tamano).toBeLessThan(MAX_UPLOAD_BYTES);
  const file = path.join(path.dirname(near), `${codigo}.pdf`);
  writeFileSync(file, await blobStoreFor(h.server.dataDir).read(stored.sha256));
  return { file, ...stored };
}

/** Width and height of each image of the PDF, in page order (poppler's pdfimages). */
function pdfImages(pdf: string): { width: number; height: number }[] {
  const lines = execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n').slice(2);
  return lines.map((line) => {
    const [, , , width, height] = line.trim().split(/\s+/).map(Number);
    return { width, height };
  });
}

describe('photos from the site become one PDF', () => {
  it('builds one PDF from 3 photos', async () => {
    const files = tempFiles({
      'rojo.jpg': await photo(RED),
      // Stored 4000 x 3000 with EXIF 6 (turned 90°): the photo is a portrait 3000 x 4000.
      'verde.jpg': await photo(GREEN, { orientation: 6 }),
      'azul.jpg': await photo(BLUE),
    });
    const { page, errors, modal, panel } = await uploadModal('E06', PHONE, true);

    // On a phone the control opens the camera; each capture adds one photo.
    await hasText(panel.locator('label'), 'Tomar fotos');
    expect(await page.getByTestId('photos-input').getAttribute('capture')).toBe('environment');
    for (const name of ['rojo.jpg', 'verde.jpg', 'azul.jpg']) {
      await page.getByTestId('photos-input').setInputFiles(files[name]);
    }
    const items = panel.getByTestId('photo-item');
    await hasCount(items, 3);
    await hasText(panel.getByRole('heading'), '3 fotos para el PDF');
    const srcs = async () =>
      Promise.all([0, 1, 2].map((i) => items.nth(i).locator('img').getAttribute('src')));
    const before = await srcs();
    // The blue photo (3rd) goes up one page: red, blue, green. Keyboard: focus stays on the control.
    await panel.getByRole('button', { name: 'Subir la foto 3 una página' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Subir la foto 2 una página');
    expect(await srcs()).toEqual([before[0], before[2], before[1]]);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'fotos-01-three-photos-phone');

    await panel.getByTestId('photos-build').click();
    // Decoding, reducing and the server's reading of the first page (OCR) take seconds on a busy machine.
    await visible(modal.getByTestId('upload-results').locator('li').first(), 90_000);
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    await hasCount(items, 0);
    await screenshot(page, 'fotos-02-uploaded-phone');

    const { file: pdf } = await storedPdf('E06', files['rojo.jpg']);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '3', pdf]).toString();
    expect(info).toMatch(/^Pages:\s+3$/m);
    // A4 turned like each photo: landscape, landscape, then the EXIF-turned portrait.
    expect(info).toMatch(/^Page\s+1 size:\s+841\.89 x 595\.28 pts \(A4\)/m);
    expect(info).toMatch(/^Page\s+2 size:\s+841\.89 x 595\.28 pts \(A4\)/m);
    expect(info).toMatch(/^Page\s+3 size:\s+595\.28 x 841\.89 pts \(A4\)/m);
    expect([1, 2, 3].map((p) => nearest(pageColour(pdf, p)))).toEqual(['red', 'blue', 'green']);
    // The 4000 x 3000 photos were reduced to the first step (long side 2000 px), portrait kept.
    expect(pdfImages(pdf)).toEqual([
      { width: 2000, height: 1500 },
      { width: 2000, height: 1500 },
      { width: 1500, height: 2000 },
    ]);
    expect(errors).toEqual([]);
  });

  it('on a computer, six detailed photos chosen at once are reduced further so the PDF stays under 5 MB', async () => {
    const colours = [RED, GREEN, BLUE, RED, GREEN, BLUE];
    const files = tempFiles(
      Object.fromEntries(
        await Promise.all(
          colours.map(async (c, i) => [`foto-${i + 1}.jpg`, await photo(c, { coarse: true })]),
        ),
      ),
    );
    const { page, errors, modal, panel } = await uploadModal('E07', DESKTOP_WIDE, false);
    await hasText(panel.locator('label'), 'Convertir fotos a PDF');
    await page.getByTestId('photos-input').setInputFiles(colours.map((_, i) => files[`foto-${i + 1}.jpg`]));
    await hasCount(panel.getByTestId('photo-item'), 6);
    await hasText(panel.getByTestId('photos-build'), 'Crear PDF (6 fotos)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'fotos-03-six-photos-desktop');

    await panel.getByTestId('photos-build').click();
    // Decoding, reducing and the server's reading of the first page (OCR) take seconds on a busy machine.
    await visible(modal.getByTestId('upload-results').locator('li').first(), 90_000);
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    const { file: pdf, tamano } = await storedPdf('E07', files['foto-1.jpg']);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/^Pages:\s+6$/m);
    expect([1, 2, 3, 4, 5, 6].map((p) => nearest(pageColour(pdf, p)))).toEqual([
      'red',
      'green',
      'blue',
      'red',
      'green',
      'blue',
    ]);
    // At 2000 px these photos take about 1 MB each (over the 5 MB for six): a smaller step was used.
    const images = pdfImages(pdf);
    expect(images).toHaveLength(6);
    for (const img of images) expect(Math.max(img.width, img.height)).toBeLessThan(2000);
    expect(tamano).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(errors).toEqual([]);
  });

  it('a photographed certificate, made a PDF, has its date read before saving (decisions 108, 109)', async () => {
    // A phone photo of the ARL certificate: A4 at 300 dpi (2480 x 3508), as a JPEG.
    const files = tempFiles({
      'certificado.jpg': await sharp(await certificatePng(CERTIFICADO_ARL, { dpi: 300 }))
        .jpeg({ quality: 88 })
        .toBuffer(),
    });
    const { page, errors, modal, panel } = await uploadModal('E04', PHONE, true);
    await page.getByTestId('photos-input').setInputFiles(files['certificado.jpg']);
    await panel.getByTestId('photos-build').click();
    // The PDF of photos goes through the same reading as a chosen file: the server OCRs its page.
    const dates = modal.getByTestId('document-dates');
    await visible(dates, 60_000);
    expect(await dates.getByLabel('Fecha de expedición').inputValue()).toBe('03/11/2026');
    await hasText(modal.getByTestId('submission-main'), /^fotos-\d{8}-\d{4}\.pdf$/);
    await screenshot(page, 'fotos-04-certificate-dates-phone');
    await modal.getByTestId('submission-save').click();
    await hasCount(modal.getByTestId('upload-results').locator('li.ok'), 1);
    const { file: pdf } = await storedPdf('E04', files['certificado.jpg']);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/^Pages:\s+1$/m);
    const [row] = await query<{ exp: string | null }>(
      h.server.app.db,
      sql`SELECT en.fecha_expedicion::text AS exp FROM entregas en JOIN requisitos r ON r.id = en.requisito_id
           JOIN empresas e ON e.id = en.empresa_id
          WHERE e.nit = ${CONTRACTOR.username} AND r.modulo = 'sg-sst' AND r.codigo = 'E04'`,
    );
    expect(row.exp).toBe('2026-11-03');
    expect(errors).toEqual([]);
  });
});
