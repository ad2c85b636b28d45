import { describe, expect, it } from 'vitest';
import { formatDia, formatDiaHora } from './dates';

describe('dates as people read them', () => {
  it('a calendar day keeps its day whatever the zone', () => {
    expect(formatDia('2026-11-01')).toBe('01/11/2026');
  });
  it('an instant is read in Colombian time', () => {
    // 03:00 UTC on 1 Dec is still 30 Nov at 22:00 in Bogotá (UTC-5).
    expect(formatDia('2026-12-01T03:00:00Z')).toBe('30/11/2026');
    expect(formatDiaHora('2026-12-01T03:00:00Z')).toBe('30/11/2026 22:00');
    expect(formatDiaHora(new Date('2026-06-15T17:05:00Z'))).toBe('15/06/2026 12:05');
  });
  it('empty and garbage read as nothing', () => {
    expect(formatDia(null)).toBe('');
    expect(formatDia('')).toBe('');
    expect(formatDia('no es fecha')).toBe('');
    expect(formatDiaHora(undefined)).toBe('');
  });
});
