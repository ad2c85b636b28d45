import { describe, expect, it } from 'vitest';
import { ESTADO, type Periodo } from '@proveedores/domain';
import { foldedPeriods } from './risk-table';

const p = (mes: number, codEstado: number) => ({ ano: 2026, mes, codEstado }) as Periodo;

describe('foldedPeriods (docs/decisions/095)', () => {
  it('keeps the current period and every pending one, newest first; only approved ones fold', () => {
    const all = [
      p(11, ESTADO.APROBADO), // current: always shown
      p(10, ESTADO.APROBADO),
      p(9, ESTADO.CARGADO),
      p(8, ESTADO.RECHAZADO),
      p(7, ESTADO.APROBADO),
      p(6, ESTADO.VENCIDO),
      p(5, ESTADO.PENDIENTE),
    ];
    expect(foldedPeriods(all).map((x) => x.mes)).toEqual([11, 9, 8, 6, 5]);
  });

  it('a contract without periods folds nothing', () => {
    expect(foldedPeriods([])).toEqual([]);
  });
});
