import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MSG } from '@proveedores/domain';
import { acceptFor, readEvidenceFiles } from './read-files';

const fileOf = (name: string, bytes: Uint8Array<ArrayBuffer> | string, type = 'application/pdf') =>
  new File([bytes], name, { type });
/** A file of `size` bytes without allocating it twice. */
const sized = (name: string, size: number) => fileOf(name, new Uint8Array(size));

describe('readEvidenceFiles', () => {
  it('reads every file as plain base64 (no data: prefix), names without accents, extension from the name', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x0a]);
    const result = await readEvidenceFiles(
      [fileOf('Señal ÁREA.pdf', bytes), fileOf('acta.PDF', '%PDF-1.7 ñ')],
      'pdf',
    );
    expect(result).toEqual({
      ok: true,
      files: [
        {
          name: 'Senal AREA.pdf',
          payload: {
            adjunto: Buffer.from(bytes).toString('base64'),
            nombreArchivo: 'Senal AREA.pdf',
            extension: 'pdf',
          },
        },
        {
          name: 'acta.PDF',
          payload: {
            adjunto: Buffer.from('%PDF-1.7 ñ', 'utf8').toString('base64'),
            nombreArchivo: 'acta.PDF',
            extension: 'pdf',
          },
        },
      ],
    });
  });

  it('refuses with the messages of the specification, one per bad file, and reads none', async () => {
    const result = await readEvidenceFiles(
      [fileOf('bien.pdf', '%PDF'), fileOf('virus.exe', 'MZ'), sized('grande.pdf', MAX_UPLOAD_BYTES)],
      'pdf',
    );
    expect(result).toEqual({
      ok: false,
      refusals: [MSG.invalidExtension('pdf', 'virus.exe'), MSG.fileTooLarge('grande.pdf')],
    });
  });

  it('accepts a file just under 5 MB and refuses one of exactly 5 MB', async () => {
    const under = await readEvidenceFiles([sized('a.pdf', MAX_UPLOAD_BYTES - 1)], 'pdf');
    expect(under.ok).toBe(true);
    if (under.ok)
      expect(Buffer.from(under.files[0].payload.adjunto, 'base64').length).toBe(MAX_UPLOAD_BYTES - 1);
    const exact = await readEvidenceFiles([sized('a.pdf', MAX_UPLOAD_BYTES)], 'pdf');
    expect(exact).toEqual({ ok: false, refusals: [MSG.fileTooLarge('a.pdf')] });
  });

  it("follows the row's extension list ('xlsx,xls' allows both spreadsheet kinds only)", async () => {
    const sheet = 'application/vnd.ms-excel';
    const ok = await readEvidenceFiles(
      [fileOf('a.xls', 'x', sheet), fileOf('b.XLSX', 'y', sheet)],
      'xlsx,xls',
    );
    expect(ok.ok).toBe(true);
    const bad = await readEvidenceFiles([fileOf('c.pdf', 'z')], 'xlsx,xls');
    expect(bad).toEqual({ ok: false, refusals: [MSG.invalidExtension('xlsx,xls', 'c.pdf')] });
    const none = await readEvidenceFiles([fileOf('sin-extension', 'z')], 'pdf');
    expect(none.ok).toBe(false);
  });
});

describe('acceptFor', () => {
  it("turns the row's extensions into the file input's accept attribute", () => {
    expect(acceptFor('pdf')).toBe('.pdf');
    expect(acceptFor(' XLSX , xls,,')).toBe('.xlsx,.xls');
    expect(acceptFor('')).toBe('');
  });
});
