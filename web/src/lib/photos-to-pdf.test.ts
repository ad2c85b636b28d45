import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, FOTOS_MSG } from '@proveedores/domain';
import {
  fitWithin,
  isPhoto,
  pageLayout,
  pdfFileName,
  photoBudget,
  photosToPdf,
  PhotosPdfError,
} from './photos-to-pdf';

describe('photos to PDF: sizes and pages', () => {
  it('reduces the long side to the step and never enlarges', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
  });

  it('splits the upload cap among the photos, leaving room for the PDF structure', () => {
    expect(photoBudget(1)).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(photoBudget(1)).toBeGreaterThan(MAX_UPLOAD_BYTES - 100 * 1024);
    expect(photoBudget(3) * 3).toBeLessThan(MAX_UPLOAD_BYTES - 64 * 1024);
    expect(photoBudget(0)).toBe(photoBudget(1));
  });

  it('turns the A4 page like the photo and fits it inside 10 mm margins, centred', () => {
    const wide = pageLayout(4000, 3000);
    expect(wide.orientation).toBe('landscape');
    // 297 x 210 page: the height limits (190 mm), so the width is 253.33 mm, centred.
    expect(wide.h).toBeCloseTo(190);
    expect(wide.w).toBeCloseTo(253.333, 2);
    expect(wide.x).toBeCloseTo((297 - 253.333) / 2, 2);
    expect(wide.y).toBeCloseTo(10);
    const tall = pageLayout(1500, 2000);
    expect(tall.orientation).toBe('portrait');
    expect(tall.w).toBeCloseTo(190);
    expect(tall.x).toBeCloseTo(10);
    expect(tall.y + tall.h / 2).toBeCloseTo(297 / 2);
    expect(pageLayout(1000, 1000).orientation).toBe('portrait');
  });

  it('names the PDF by the Colombian date and time, whatever the machine zone', () => {
    // 2026-11-25 03:07 UTC is 24 Nov 22:07 in Bogotá.
    expect(pdfFileName(new Date('2026-11-25T03:07:00Z'))).toBe('fotos-20261124-2207.pdf');
    expect(pdfFileName(new Date('2026-01-01T05:00:00Z'))).toBe('fotos-20260101-0000.pdf');
  });

  it('takes images by type, or by name when the type is empty', () => {
    expect(isPhoto(new File(['x'], 'IMG_1.HEIC', { type: '' }))).toBe(true);
    expect(isPhoto(new File(['x'], 'image.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(isPhoto(new File(['x'], 'acta.pdf', { type: 'application/pdf' }))).toBe(false);
  });

  it('refuses a file that is not a photo with its name, before decoding anything', async () => {
    const err = await photosToPdf([new File(['%PDF'], 'acta.pdf', { type: 'application/pdf' })]).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PhotosPdfError);
    expect((err as Error).message).toBe(FOTOS_MSG.fotosNoImagen('acta.pdf'));
  });
});
