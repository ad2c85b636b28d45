import { describe, expect, it } from 'vitest';
import { formatHoras, intlHoras } from './horas-format';

describe('formatHoras (the M04 man-hours without creating an Intl formatter, docs/decisions/146)', () => {
  it('writes what Intl.NumberFormat es-CO with at most 2 decimals writes', () => {
    const samples = [
      0,
      1,
      8,
      12.5,
      7.25,
      999,
      1000,
      1234.567,
      9999.995,
      12345,
      123456.789,
      1234567,
      0.005,
      0.015,
      1.005,
      2.675,
      0.125,
      0.994,
      0.995,
      99.999,
      0.1 + 0.2,
      1e-7,
      1e21,
      2 ** 53,
      -0,
      -0.001,
      -1234.5,
      NaN,
      Infinity,
    ];
    for (const n of samples) expect(formatHoras(n), String(n)).toBe(intlHoras(n));
  });

  it('agrees with Intl on sums of quarter and odd hours and on random values', () => {
    let seed = 146;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const sum = Array.from(
        { length: 1 + (i % 40) },
        () => Math.round(random() * 48) / 4 + random() / 3,
      ).reduce((s, h) => s + h, 0);
      const big = random() * 10 ** Math.floor(random() * 9);
      for (const n of [sum, big, Math.round(big * 1000) / 1000])
        expect(formatHoras(n), String(n)).toBe(intlHoras(n));
    }
  });
});
