import { describe, expect, it } from 'vitest';
import { CERTIFICADO_ARL, certificatePng, scannedPdf, textPdf } from '../compliance/document-dates/samples';
import { leerFechasDeArchivo } from '../compliance/document-dates/read-dates';
import { checkFileStructure, createFileCheckPool, fileCheckMessages, readPdfText } from './file-check';
import { PDF_TEXT_MAX_PAGES } from './file-check-pdf-text';
import { samplePdf, samplePng } from './file-check-samples';

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

/** A PDF's check that also answers its text layer: one message, one parse (decision 115). */
describe('check with the text layer', () => {
  it('one message to the worker gives the verdict and the text; the dates are read from it', async () => {
    const pdf = textPdf(CERTIFICADO_ARL, { totalSize: 1_000_000 });
    const before = fileCheckMessages();
    const v = await checkFileStructure(pdf, 'pdf', { pdfText: true });
    expect(v.ok).toBe(true);
    expect(v.text?.ok && v.text.text).toContain('Fecha de expedición: 3 de noviembre de 2026');
    const r = await leerFechasDeArchivo(pdf, 'pdf', { pdfText: v.text });
    expect(r).toMatchObject({
      fuente: 'texto',
      fechas: { expedicion: '2026-11-03', vencimiento: '2026-11-30' },
    });
    expect(fileCheckMessages() - before).toBe(1);
    // Without the pre-read text the reader asks the worker itself: a second message.
    await leerFechasDeArchivo(pdf, 'pdf');
    expect(fileCheckMessages() - before).toBe(2);
  });

  it('not asked, a check answers the verdict alone; a refused file has no text', async () => {
    expect(await checkFileStructure(textPdf(['hola']), 'pdf')).toEqual({ ok: true });
    const hostile = samplePdf('x', { catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' });
    expect(await checkFileStructure(hostile, 'pdf', { pdfText: true })).toEqual({
      ok: false,
      reason: 'active',
    });
    expect(await checkFileStructure(Buffer.from('%PDF-1.4\nnada'), 'pdf', { pdfText: true })).toEqual({
      ok: false,
      reason: 'structure',
    });
    // Other kinds of file are checked as before.
    expect(await checkFileStructure(samplePng(), 'png', { pdfText: true })).toEqual({ ok: true });
  });

  it('a scan: the page image comes with the verdict', async () => {
    const png = await certificatePng(['Fecha de expedición: 3 de noviembre de 2026'], { dpi: 100 });
    const v = await checkFileStructure(await scannedPdf(png), 'pdf', { pdfText: true });
    expect(v.ok).toBe(true);
    const scan = v.text?.ok ? v.text.scan : null;
    expect(scan && [scan.width, scan.height, scan.data.length]).toEqual([827, 1169, 827 * 1169]);
  });

  it('keeps the limits: the text past its own time is a text time-out, the pair past the hard limit a refusal', async () => {
    const pool = createFileCheckPool(1, 10_000);
    const pdf = textPdf(['hola']);
    expect(await pool.run({ task: 'check', ext: 'pdf', bytes: pdf, textTimeLimitMs: 0 })).toEqual({
      ok: true,
      text: { ok: false, reason: 'timeout' },
    });
    expect(await pool.run({ task: 'check', ext: 'pdf', bytes: pdf, textTimeLimitMs: 5_000 }, 1)).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const again = await pool.run({ task: 'check', ext: 'pdf', bytes: pdf, textTimeLimitMs: 5_000 });
    expect(again.ok && again.text?.ok && again.text.text.trim()).toBe('hola');
    // Pages and characters: only the first PDF_TEXT_MAX_PAGES pages are read.
    const long = await pool.run({
      task: 'check',
      ext: 'pdf',
      bytes: textPdf(CERTIFICADO_ARL, { pages: PDF_TEXT_MAX_PAGES + 2 }),
      textTimeLimitMs: 5_000,
    });
    expect(long.ok && long.text?.ok && long.text.text.split('CERTIFICADO DE AFILIACIÓN').length - 1).toBe(
      PDF_TEXT_MAX_PAGES,
    );
  });
});
