import { describe, expect, it } from 'vitest';
import { dateToIso, isoToDate } from './dates';

describe('web dates', () => {
  it("a Calendar's day round-trips unchanged in the machine's zone (TZ=Asia/Tokyo and UTC in CI)", () => {
    for (const iso of ['2026-11-03', '2028-02-29', '2026-12-31', '2027-01-01'])
      expect(dateToIso(isoToDate(iso))).toBe(iso);
    expect(isoToDate('2026-11-3')).toBeNull();
    expect(dateToIso(null)).toBeNull();
  });
});
