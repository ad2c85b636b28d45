import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeStrictBase64, decodeStrictBase64Bytes } from './base64';
import { samplePdf } from './file-check-samples';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Characters that break strict base64 one way or another (and a few that do not). */
const ODD = [
  '-',
  '_',
  '=',
  '==',
  ' ',
  '\n',
  '\u0000',
  '*',
  'Ń',
  'ń',
  'Ā',
  'Ã',
  'é',
  '\u{1F600}',
  'A',
  'z',
  '+',
  '/',
];

/** The base64 of some bytes with up to three characters replaced or inserted; the size off by -1..1. */
const editedText = (maxLength: number) =>
  fc
    .tuple(
      fc.uint8Array({ maxLength }),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...ODD), fc.boolean()), { maxLength: 3 }),
      fc.integer({ min: -1, max: 1 }),
    )
    .map(([raw, edits, off]) => {
      let text = Buffer.from(raw).toString('base64');
      for (const [at, ch, insert] of edits) {
        const i = text.length ? at % text.length : 0;
        text = text.slice(0, i) + ch + text.slice(insert ? i : i + 1);
      }
      return { text, size: raw.length + off };
    });

describe('decodeStrictBase64', () => {
  it('decodes strict base64 of the stated size only', () => {
    const bytes = samplePdf('base64', { totalSize: 300_000 });
    const b64 = bytes.toString('base64');
    expect(decodeStrictBase64(b64, bytes.length)?.equals(bytes)).toBe(true);
    for (const bad of [
      b64.replace('A', '-'), // base64url
      `${b64.slice(0, -4)} ${b64.slice(-3)}`, // white space
      `${b64.slice(0, 8)}====${b64.slice(12)}`, // padding inside
      `${b64.slice(0, -4)}QQ=A`, // a character after padding
    ])
      expect(decodeStrictBase64(bad, bytes.length)).toBeNull();
    expect(decodeStrictBase64(b64, bytes.length + 1)).toBeNull();
    expect(decodeStrictBase64('', 0)).toBeNull();
    // A non-canonical tail: the unused low bits of the last character before '==' set.
    const odd = samplePdf('base64', { totalSize: 300_001 });
    const t = odd.toString('base64');
    expect(t.endsWith('==')).toBe(true);
    expect(decodeStrictBase64(t, odd.length)?.equals(odd)).toBe(true);
    const at = ALPHABET.indexOf(t[t.length - 3]);
    const tail = `${t.slice(0, -3)}${ALPHABET[at | 1]}==`;
    expect(Buffer.from(tail, 'base64').equals(odd)).toBe(true); // Node alone would take it
    expect(decodeStrictBase64(tail, odd.length)).toBeNull();
  });

  it('accepts exactly the texts that re-encode to themselves (property, the definition as oracle)', () => {
    const strict = (text: string, size: number) => {
      const bytes = Buffer.from(text, 'base64');
      return size > 0 && text.length % 4 === 0 && bytes.length === size && bytes.toString('base64') === text;
    };
    fc.assert(
      fc.property(editedText(40), ({ text, size }) => {
        const got = decodeStrictBase64(text, size);
        expect(got !== null, JSON.stringify(text)).toBe(strict(text, size));
        if (got) expect(got.toString('base64')).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('decodeStrictBase64Bytes (decision 159)', () => {
  it('decodes a large text piece by piece to the same bytes', () => {
    const bytes = samplePdf('base64-bytes', { totalSize: 300_001 });
    const text = Buffer.from(bytes.toString('base64'));
    for (const piece of [4, 1024, 65_536, 1 << 20])
      expect(decodeStrictBase64Bytes(text, bytes.length, { piece })?.equals(bytes)).toBe(true);
    // A view into a larger buffer at an odd offset, as a body's bytes are.
    const body = Buffer.concat([Buffer.from('{"adjunto":"'), text, Buffer.from('"}')]);
    expect(decodeStrictBase64Bytes(body.subarray(12, 12 + text.length), bytes.length)?.equals(bytes)).toBe(
      true,
    );
    // Padding inside a piece that is not the last one.
    const inner = Buffer.from(`${Buffer.from('A').toString('base64')}${text.toString('latin1', 4)}`);
    expect(decodeStrictBase64Bytes(inner, bytes.length, { piece: 8 })).toBeNull();
  });

  it('answers as the string version for any text, with any piece size (property)', () => {
    fc.assert(
      fc.property(editedText(60), fc.integer({ min: 1, max: 6 }), ({ text, size }, quarters) => {
        const want = decodeStrictBase64(text, size);
        const got = decodeStrictBase64Bytes(Buffer.from(text, 'utf8'), size, { piece: quarters * 4 });
        expect(got === null ? null : got.toString('hex'), JSON.stringify(text)).toBe(
          want === null ? null : want.toString('hex'),
        );
      }),
      { numRuns: 5000 },
    );
  });
});
