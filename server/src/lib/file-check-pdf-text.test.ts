import { describe, expect, it } from 'vitest';
import { CERTIFICADO_ARL, certificatePng, scannedPdf, textPdf } from '../compliance/document-dates/samples';
import { createFileCheckPool, readPdfText } from './file-check';
import { PDF_TEXT_MAX_PAGES } from './file-check-pdf-text';

/** The 'text' task of the file-check worker (decision 107): the PDF text layer, or the scan image. */

describe('PDF text in the worker pool', () => {
  it('gives the text layer of the first pages, in reading order', async () => {
    const r = await readPdfText(textPdf(CERTIFICADO_ARL, { pages: PDF_TEXT_MAX_PAGES + 2 }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.pages).toBe(PDF_TEXT_MAX_PAGES + 2);
    expect(r.scan).toBeNull();
    expect(r.text).toContain('Fecha de expedición: 3 de noviembre de 2026');
    // Only the first PDF_TEXT_MAX_PAGES pages are read.
    expect(r.text.split('CERTIFICADO DE AFILIACIÓN').length - 1).toBe(PDF_TEXT_MAX_PAGES);
  });

  it('hands over the page image of a scan as 8-bit grey', async () => {
    const png = await certificatePng(['Fecha de expedición: 3 de noviembre de 2026'], { dpi: 100 });
    const r = await readPdfText(await scannedPdf(png));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.trim()).toBe('');
    expect(r.scan).not.toBeNull();
    const scan = r.scan!;
    expect([scan.width, scan.height]).toEqual([827, 1169]);
    expect(scan.data.length).toBe(827 * 1169);
    // White paper with dark text: mostly 255, some dark pixels.
    const dark = scan.data.filter((v) => v < 128).length;
    expect(dark).toBeGreaterThan(100);
    expect(dark).toBeLessThan(scan.data.length / 10);
  });

  it('refuses what is not a PDF; a read over its time limit ends the worker, the pool goes on', async () => {
    expect(await readPdfText(Buffer.from('%PDF-1.4\nnada'))).toEqual({ ok: false, reason: 'structure' });
    const pool = createFileCheckPool(1, 10_000);
    expect(await pool.run({ task: 'text', ext: 'pdf', bytes: textPdf(['x']) }, 1)).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const again = await pool.run({ task: 'text', ext: 'pdf', bytes: textPdf(['hola']) });
    expect(again.ok && again.text.trim()).toBe('hola');
    // The check task is unchanged on the same pool.
    expect(await pool.run({ task: 'check', ext: 'pdf', bytes: textPdf(['hola']) })).toEqual({ ok: true });
  });
});
