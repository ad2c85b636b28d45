import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutralizeCellValue, neutralizeFormula } from './spreadsheet-cell';

describe('neutralizeFormula (docs/decisions/161)', () => {
  it('prefixes every text that starts with = + - @, a tab or a carriage return', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it("prefixes a '-' followed by a digit: the audit's payload and a negative number written as text", () => {
    expect(neutralizeFormula("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(neutralizeFormula('-2+3')).toBe("'-2+3");
    expect(neutralizeFormula('-5')).toBe("'-5");
    expect(neutralizeFormula('-.5')).toBe("'-.5");
  });

  it('leaves other text alone, a trigger character inside the text included', () => {
    for (const text of ['', 'SG-SST', 'a=b', '2026-11-30', ' =1', "'=1", 'Política', '#N/A'])
      expect(neutralizeFormula(text)).toBe(text);
    expect(isFormulaLike('')).toBe(false);
  });

  it('typed cells: only strings change; numbers (negative ones too), dates and nulls stay', () => {
    const day = new Date('2026-12-01T00:00:00Z');
    expect(neutralizeCellValue('=1')).toBe("'=1");
    expect(neutralizeCellValue(-5)).toBe(-5);
    expect(neutralizeCellValue(day)).toBe(day);
    expect(neutralizeCellValue(null)).toBeNull();
    expect(neutralizeCellValue(undefined)).toBeUndefined();
  });
});
