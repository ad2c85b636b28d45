import { describe, expect, it } from 'vitest';
import { contractPeriods, formatLapso, isContractPeriod, sgSstPutBody, gRiesgoPutBody } from './evidence';
import { periodoEnColombia } from '../calendario';

describe('risk periods', () => {
  it('one per month from the start month to the current one, newest first, across years', () => {
    expect(contractPeriods('2025-11-15', { ano: 2026, mes: 2 })).toEqual([
      { ano: 2026, mes: 2 },
      { ano: 2026, mes: 1 },
      { ano: 2025, mes: 12 },
      { ano: 2025, mes: 11 },
    ]);
    expect(contractPeriods('2026-02-28', { ano: 2026, mes: 2 })).toEqual([{ ano: 2026, mes: 2 }]);
    expect(contractPeriods('2026-03-01', { ano: 2026, mes: 2 })).toEqual([]);
  });
  it('validates a period against the contract', () => {
    const now = { ano: 2026, mes: 2 };
    expect(isContractPeriod('2025-11-15', now, { ano: 2025, mes: 11 })).toBe(true);
    expect(isContractPeriod('2025-11-15', now, { ano: 2025, mes: 10 })).toBe(false);
    expect(isContractPeriod('2025-11-15', now, { ano: 2026, mes: 3 })).toBe(false);
  });
  it('labels and the Colombian month boundary', () => {
    expect(formatLapso(2026, 11)).toBe('Noviembre 2026');
    // 03:00 UTC on 1 December is still 30 November in Bogotá (UTC-5).
    expect(periodoEnColombia(new Date('2026-12-01T03:00:00Z'))).toEqual({ ano: 2026, mes: 11 });
    expect(periodoEnColombia(new Date('2026-12-01T06:00:00Z'))).toEqual({ ano: 2026, mes: 12 });
  });
});

describe('payload schemas', () => {
  it('are strict and accept numeric strings for ids', () => {
    expect(sgSstPutBody.safeParse({ detalle: 'x', estado: 1 }).success).toBe(false);
    expect(gRiesgoPutBody.parse({ contratoid: '7', ano: '2026', mes: '3', detalle: '' })).toMatchObject({
      contratoid: 7,
      ano: 2026,
      mes: 3,
    });
    expect(gRiesgoPutBody.safeParse({ contratoid: 7, ano: 2026, mes: 13, detalle: '' }).success).toBe(false);
  });
});
