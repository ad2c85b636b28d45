import { describe, expect, it } from 'vitest';
import { isValidNit, nitCheckDigit } from './nit';

describe('nitCheckDigit', () => {
  it('computes DIAN check digits of known NITs', () => {
    // Published NITs: DIAN 800197268-4, Ecopetrol 899999068-1, Bancolombia 890903938-8.
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(nitCheckDigit('899999068')).toBe(1);
    expect(nitCheckDigit('890903938')).toBe(8);
  });
  it('validates the optional digit', () => {
    expect(isValidNit('800197268-4')).toBe(true);
    expect(isValidNit('800197268-5')).toBe(false);
    expect(isValidNit('800197268')).toBe(true);
    expect(isValidNit('12ab')).toBe(false);
  });
});
