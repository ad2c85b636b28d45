import { describe, expect, it } from 'vitest';
import { checkUpload, isExtensionAllowed, MAX_UPLOAD_BYTES, stripAccents } from './upload';

describe('isExtensionAllowed', () => {
  it('pdf allows only pdf, case-insensitive on the last extension', () => {
    expect(isExtensionAllowed('a.PDF', 'pdf')).toBe(true);
    expect(isExtensionAllowed('a.pdf.exe', 'pdf')).toBe(false);
    expect(isExtensionAllowed('a.exe.pdf', 'pdf')).toBe(true);
    expect(isExtensionAllowed('sinextension', 'pdf')).toBe(false);
  });
  it('xlsx,xls allows only those two', () => {
    expect(isExtensionAllowed('b.xls', 'xlsx,xls')).toBe(true);
    expect(isExtensionAllowed('b.XLSX', 'xlsx,xls')).toBe(true);
    expect(isExtensionAllowed('b.xl', 'xlsx,xls')).toBe(false);
  });
  it('lists allow their items only', () => {
    expect(isExtensionAllowed('c.jpg', 'pdf,jpg,jpeg,png')).toBe(true);
    expect(isExtensionAllowed('c.pd', 'pdf,jpg,jpeg,png')).toBe(false);
  });
});

describe('checkUpload', () => {
  it('refuses 5242880 bytes and accepts one less, with the exact messages', () => {
    expect(checkUpload('x.pdf', MAX_UPLOAD_BYTES - 1, 'pdf')).toEqual({ ok: true });
    expect(checkUpload('x.pdf', MAX_UPLOAD_BYTES, 'pdf')).toEqual({
      ok: false,
      message: 'El archivo : x.pdf pesa mas de 5mb',
    });
    expect(checkUpload('x.exe', 10, 'pdf')).toEqual({
      ok: false,
      message: 'Extenciones validas ( pdf ) para el archivo : x.exe',
    });
  });
  it('strips accents', () => {
    expect(stripAccents('Afiliación ñandú.pdf')).toBe('Afiliacion nandu.pdf');
  });
});
