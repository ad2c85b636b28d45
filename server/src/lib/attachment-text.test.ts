import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@proveedores/domain';
import {
  attachmentTextOf,
  forgetAttachmentTexts,
  keepAttachmentText,
  keptAttachmentTexts,
  readAttachmentText,
} from './attachment-text';
import { samplePdf } from './file-check-samples';

/** A read text in a comparable form (the bytes as hex). */
const shown = (t: ReturnType<typeof readAttachmentText>) => ({
  ...t,
  bytes: t.bytes?.toString('hex') ?? null,
});

describe('readAttachmentText (decision 159)', () => {
  const pdf = samplePdf('texto', { totalSize: 10_000 });
  const b64 = pdf.toString('base64');

  it('reads a string and its bytes alike: data URL prefix, size before decoding, strict base64', () => {
    const cases: Array<[string, { badDataUrl: boolean; size: number; ok: boolean }]> = [
      [b64, { badDataUrl: false, size: pdf.length, ok: true }],
      [`data:application/pdf;base64,${b64}`, { badDataUrl: false, size: pdf.length, ok: true }],
      [`data:application/pdf;name=a.pdf;base64,${b64}`, { badDataUrl: false, size: pdf.length, ok: true }],
      [`data:application/pdf,${b64}`, { badDataUrl: true, size: 0, ok: false }],
      [b64.slice(1), { badDataUrl: false, size: Math.floor(((b64.length - 1) * 3) / 4), ok: false }],
      [`${b64.slice(0, 40)}-${b64.slice(41)}`, { badDataUrl: false, size: pdf.length, ok: false }],
      [`${b64.slice(0, 40)}ñ${b64.slice(41)}`, { badDataUrl: false, size: pdf.length, ok: false }],
      ['', { badDataUrl: false, size: 0, ok: false }],
    ];
    for (const [text, want] of cases) {
      const fromString = readAttachmentText(text);
      expect({ ...fromString, bytes: fromString.bytes !== null }, text.slice(0, 50)).toEqual({
        badDataUrl: want.badDataUrl,
        size: want.size,
        bytes: want.ok,
      });
      if (want.ok) expect(fromString.bytes?.equals(pdf)).toBe(true);
      expect(shown(readAttachmentText(Buffer.from(text, 'utf8')))).toEqual(shown(fromString));
    }
  });

  it('a text of a file at the upload limit is not decoded: its size is refused first', () => {
    const length = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
    const text = Buffer.alloc(length, 'A');
    const t = readAttachmentText(text);
    expect(t.size).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES);
    expect(t.bytes).toBeNull();
    expect(shown(readAttachmentText(text.toString('latin1')))).toEqual(shown(t));
  });

  it('string and bytes give the same answer for any text (property)', () => {
    const piece = fc.constantFrom(
      'QUJD',
      'QQ==',
      'QUI=',
      'data:',
      'application/pdf',
      ';base64,',
      ',',
      '-',
      '_',
      ' ',
      'ñ',
      '=',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(shown(readAttachmentText(Buffer.from(text, 'utf8'))), text).toEqual(
          shown(readAttachmentText(text)),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe('stand-ins for texts read while parsing', () => {
  it('are found until forgotten; a string of the same shape is only a text', () => {
    const before = keptAttachmentTexts();
    const read = readAttachmentText(samplePdf('kept', { totalSize: 5_000 }).toString('base64'));
    const standIn = keepAttachmentText(read);
    expect(standIn).toMatch(/^\u0001adjunto:[0-9a-f]{32}:\d+$/);
    expect(attachmentTextOf(standIn)).toBe(read);
    expect(keptAttachmentTexts()).toBe(before + 1);
    // Another nonce: read as what it is, a text that is not base64.
    const forged = standIn.replace(/:[0-9a-f]{32}:/, `:${'0'.repeat(32)}:`);
    expect(attachmentTextOf(forged).bytes).toBeNull();
    forgetAttachmentTexts([standIn]);
    expect(keptAttachmentTexts()).toBe(before);
    expect(attachmentTextOf(standIn).bytes).toBeNull();
  });
});
