import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutLongStrings, MAX_QUOTES } from './json-long-strings';

/** What the body means: its value, or 'invalid' (as JSON.parse of the whole text says). */
function whole(body: Buffer): unknown {
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return 'invalid';
  }
}

/** The same through the cutter (a small minimum so that short test strings are cut). */
function cut(body: Buffer, min: number): unknown {
  const c = cutLongStrings(body, min);
  try {
    return { value: c ? c.restore(JSON.parse(c.text)) : (JSON.parse(body.toString('utf8')) as unknown) };
  } catch {
    return 'invalid';
  }
}

const MIN = 8;
const long = (s: string) => s.repeat(Math.ceil(MIN / s.length) + 1);

describe('cutLongStrings (decision 149)', () => {
  it('cuts long ASCII values, keeps keys, escapes, non-ASCII and control characters for the parser', () => {
    const b64 = long('QUJD');
    const body = Buffer.from(
      JSON.stringify({
        adjunto: { adjunto: b64, nombreArchivo: 'Señalización.pdf' },
        [long('k')]: 1,
        lista: [b64, 'corto', long('ñ'), long('a\\"b'), long('x\ny')],
      }),
    );
    const c = cutLongStrings(body, MIN);
    expect(c).not.toBeNull();
    // The plain values went out of the text; the key, the accented, escaped and
    // control-character strings stayed for the parser.
    expect(c!.text).not.toContain(b64);
    for (const kept of [long('k'), long('ñ'), JSON.stringify(long('a\\"b')), JSON.stringify(long('x\ny'))])
      expect(c!.text).toContain(kept);
    expect(c!.restore(JSON.parse(c!.text))).toEqual(JSON.parse(body.toString('utf8')));
  });

  it('a long value with a raw control character or an unpaired quote leaves the whole body to the parser', () => {
    expect(cutLongStrings(Buffer.from(`{"a":"${long('x')}\u0001"}`), MIN)).toBeNull();
    expect(cutLongStrings(Buffer.from(`{"a":"${long('x')}}`), MIN)).toBeNull();
  });

  it('a raw control character anywhere in a long value is found, whatever its alignment', () => {
    for (let lead = 0; lead < 4; lead++)
      for (let at = 0; at < 12; at++)
        for (const control of ['\u0000', '\u0001', '\u001f']) {
          const value = `${'Q'.repeat(at)}${control}${'Q'.repeat(12 - at)}`;
          const body = Buffer.from(`${' '.repeat(lead)}{"a":"${value}"}`);
          expect(cutLongStrings(body, MIN), JSON.stringify([lead, at, control])).toBeNull();
        }
    // The characters around the controls are kept: space, DEL and '~' are not control characters.
    expect(cutLongStrings(Buffer.from(`{"a":"${' \u007f~'.repeat(8)}"}`), MIN)).not.toBeNull();
  });

  it('restores each long value as the caller makes it from its key and bytes (decision 159)', () => {
    const b64 = long('QUJD');
    const body = Buffer.from(
      JSON.stringify({ adjunto: { adjunto: b64, nombreArchivo: 'a.pdf' }, lista: [b64], otro: b64 }),
    );
    const c = cutLongStrings(body, MIN)!;
    const seen: Array<[string | undefined, string]> = [];
    const restored = c.restore(JSON.parse(c.text), (key, bytes) => {
      seen.push([key, bytes.toString('latin1')]);
      return key === 'adjunto' ? 'en su lugar' : bytes.toString('ascii');
    });
    expect(restored).toEqual({
      adjunto: { adjunto: 'en su lugar', nombreArchivo: 'a.pdf' },
      lista: [b64],
      otro: b64,
    });
    expect(seen).toEqual([
      ['adjunto', b64],
      [undefined, b64],
      ['otro', b64],
    ]);
  });

  it('a body of many small strings or escaped quotes is not walked past MAX_QUOTES quotes', () => {
    const long = 'Q'.repeat(MIN * 2);
    const many = Buffer.from(JSON.stringify({ a: Array.from({ length: MAX_QUOTES }, () => ''), b: long }));
    expect(cutLongStrings(many, MIN)).toBeNull();
    const escaped = Buffer.from(JSON.stringify({ a: '"'.repeat(MAX_QUOTES), b: long }));
    expect(cutLongStrings(escaped, MIN)).toBeNull();
    const few = Buffer.from(JSON.stringify({ a: Array.from({ length: 10 }, () => ''), b: long }));
    expect(cutLongStrings(few, MIN)).not.toBeNull();
  });

  it('placeholders carry a nonce: a client string of the same shape is left alone', () => {
    const body = Buffer.from(JSON.stringify({ a: long('Q'), b: '\u00000' }));
    const c = cutLongStrings(body, MIN)!;
    expect(c.restore(JSON.parse(c.text))).toEqual({ a: long('Q'), b: '\u00000' });
  });

  it('gives what JSON.parse gives for any JSON, and refuses what it refuses (property)', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom('A', 'b', '+', '/', '=', '9'), minLength: 0, maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    const json = fc.jsonValue({ maxDepth: 4 }).chain((v) =>
      fc.record({
        v: fc.constant(v),
        long: fc.array(text, { maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(json, fc.nat(), fc.integer({ min: 0, max: 255 }), (doc, at, byte) => {
        const value = { data: doc.v, strings: doc.long, [doc.long[0] ?? 'k']: doc.long };
        const good = Buffer.from(JSON.stringify(value, null, at % 3));
        expect(cut(good, MIN)).toEqual(whole(good));
        // Damaged: one byte changed, or cut short.
        const changed = Buffer.from(good);
        changed[at % changed.length] = byte;
        expect(cut(changed, MIN)).toEqual(whole(changed));
        const short = good.subarray(0, at % good.length);
        expect(cut(short, MIN)).toEqual(whole(short));
      }),
      { numRuns: 2000 },
    );
  });
});
