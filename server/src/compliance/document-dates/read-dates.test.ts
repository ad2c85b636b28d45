import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { samplePdf } from '../../lib/file-check-samples';
import { olvidarTesseract, tesseractDisponible } from './ocr';
import { leerFechasDeArchivo } from './read-dates';
import { CERTIFICADO_ARL, certificatePng, scannedPdf, textPdf } from './samples';

/**
 * Dates read from real files built in the test (decision 107): the PDF text layer through the
 * file-check worker pool, and OCR by the real Tesseract (`tesseract-ocr`, `tesseract-ocr-spa`, which
 * .ci/run installs) for a PNG and a scanned PDF.
 */

const ARL = { expedicion: '2026-11-03', vencimiento: '2026-11-30', proximoExamen: null };

beforeEach(() => olvidarTesseract());
afterEach(() => olvidarTesseract());

describe('PDF text layer', () => {
  it("a PDF whose text says 'Fecha de expedición: 3 de noviembre de 2026' answers 2026-11-03", async () => {
    const pdf = textPdf(['CERTIFICADO DE AFILIACIÓN A EPS', 'Fecha de expedición: 3 de noviembre de 2026']);
    expect(await leerFechasDeArchivo(pdf, 'pdf')).toEqual({
      fechas: { expedicion: '2026-11-03', vencimiento: null, proximoExamen: null },
      fuente: 'texto',
      nota: null,
    });
  });

  it('a 5 MB PDF with a text layer, and the certificate on page 1 of 3', async () => {
    const big = textPdf(CERTIFICADO_ARL, { totalSize: 5_000_000 });
    expect(big.length).toBeGreaterThanOrEqual(4_999_000);
    await leerFechasDeArchivo(textPdf(['x']), 'pdf'); // workers warm
    const r = await leerFechasDeArchivo(big, 'PDF');
    expect(r).toEqual({ fechas: ARL, fuente: 'texto', nota: null });
    expect((await leerFechasDeArchivo(textPdf(CERTIFICADO_ARL, { pages: 3 }), 'pdf')).fechas).toEqual(ARL);
  });

  it('a PDF with text but no dates says so without OCR; a broken one is unreadable', async () => {
    expect(await leerFechasDeArchivo(samplePdf('sin fechas'), 'pdf')).toEqual({
      fechas: { expedicion: null, vencimiento: null, proximoExamen: null },
      fuente: 'texto',
      nota: null,
    });
    expect((await leerFechasDeArchivo(Buffer.from('%PDF-1.4\nbasura'), 'pdf')).nota).toBe('ilegible');
  });

  it('refuses what an upload may not be, and kinds whose dates are not read', async () => {
    expect((await leerFechasDeArchivo(Buffer.alloc(5_242_881), 'pdf')).nota).toBe('tamano');
    expect((await leerFechasDeArchivo(Buffer.from('PK\x03\x04'), 'xlsx')).nota).toBe('tipo');
  });
});

describe('OCR with Tesseract', () => {
  it('Tesseract with Spanish data is installed here (CI installs it)', async () => {
    expect(await tesseractDisponible()).toBe(true);
  });

  it('a PNG of a certificate (A4 at 150 dpi) pre-fills its dates', async () => {
    // How long the event loop waits meanwhile is a figure of the bench (bench/document-dates.ts:
    // health p99 and the loop's delay while dates are read), not of this test.
    const png = await certificatePng(CERTIFICADO_ARL, { dpi: 150 });
    expect(await leerFechasDeArchivo(png, 'png')).toEqual({ fechas: ARL, fuente: 'ocr', nota: null });
  });

  it('a scanned PDF (a JPEG page, no text layer): the page image goes to OCR', async () => {
    const pdf = await scannedPdf(await certificatePng(CERTIFICADO_ARL, { dpi: 150 }));
    expect(await leerFechasDeArchivo(pdf, 'pdf')).toEqual({ fechas: ARL, fuente: 'ocr', nota: null });
  });

  it('a small photo is enlarged for OCR; JPEG works too', async () => {
    const sharp = (await import('sharp')).default;
    const small = await sharp(await certificatePng(CERTIFICADO_ARL, { dpi: 100 }))
      .jpeg({ quality: 90 })
      .toBuffer();
    const r = await leerFechasDeArchivo(small, 'jpg');
    expect(r.fuente).toBe('ocr');
    expect(r.fechas.expedicion).toBe('2026-11-03');
  });

  it('without Tesseract: text layers still read, images not, said once in the log', async () => {
    const warnings: string[] = [];
    const opts = { tesseractBin: 'tesseract-no-instalado', log: { warn: (m: string) => warnings.push(m) } };
    const png = await certificatePng(CERTIFICADO_ARL, { dpi: 100 });
    expect(await leerFechasDeArchivo(png, 'png', opts)).toEqual({
      fechas: { expedicion: null, vencimiento: null, proximoExamen: null },
      fuente: 'ninguna',
      nota: 'sin_tesseract',
    });
    expect((await leerFechasDeArchivo(await scannedPdf(png), 'pdf', opts)).nota).toBe('sin_tesseract');
    expect((await leerFechasDeArchivo(textPdf(CERTIFICADO_ARL), 'pdf', opts)).fechas).toEqual(ARL);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/tesseract/);
    expect(warnings[0]).not.toMatch(/\d{6,}/);
  });
});
