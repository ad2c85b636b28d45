import { describe, expect, it } from 'vitest';
import { codSlot, entregaQueCuenta } from './compliance';

// A renewal uploaded over an approval in force does not undo it (docs/decisions/164).
const hoy = '2026-12-01';
const aprobada = (id: number, vigencia: string | null) => ({ id, estado: 1, vigencia });
const cargada = (id: number) => ({ id, estado: 0, vigencia: null });
const rechazada = (id: number) => ({ id, estado: -1, vigencia: null });

describe('entregaQueCuenta', () => {
  it('keeps an approval in force while its renewal awaits review, and names the renewal', () => {
    const r = entregaQueCuenta([aprobada(1, '2026-12-20'), cargada(2)], hoy);
    expect(r).toEqual({ cuenta: aprobada(1, '2026-12-20'), renovacion: cargada(2) });
    expect(codSlot(r.cuenta, hoy)).toBe(1);
  });

  it('counts an approval without end and one ending today', () => {
    expect(entregaQueCuenta([cargada(3), aprobada(1, null)], hoy).cuenta?.id).toBe(1);
    expect(entregaQueCuenta([aprobada(1, hoy), cargada(2)], hoy).cuenta?.id).toBe(1);
  });

  it('keeps the approval after the renewal is rejected, without a pending renewal', () => {
    expect(entregaQueCuenta([aprobada(1, '2027-01-01'), rechazada(2)], hoy)).toEqual({
      cuenta: aprobada(1, '2027-01-01'),
      renovacion: null,
    });
  });

  it('counts the renewal once approved', () => {
    const r = entregaQueCuenta([aprobada(1, '2026-12-20'), aprobada(2, '2027-12-20')], hoy);
    expect(r).toEqual({ cuenta: aprobada(2, '2027-12-20'), renovacion: null });
  });

  it('counts the newest when the approval has expired', () => {
    const r = entregaQueCuenta([aprobada(1, '2026-11-30'), cargada(2)], hoy);
    expect(r).toEqual({ cuenta: cargada(2), renovacion: null });
    expect(codSlot(r.cuenta, hoy)).toBe(0);
  });

  it('counts an approved newest even when expired, and nothing for no submission', () => {
    expect(entregaQueCuenta([aprobada(1, '2027-06-01'), aprobada(2, '2026-11-01')], hoy).cuenta?.id).toBe(2);
    expect(entregaQueCuenta([], hoy)).toEqual({ cuenta: null, renovacion: null });
  });

  it('does not bring back an older approval that a later, now expired, approval replaced', () => {
    const r = entregaQueCuenta([aprobada(1, null), aprobada(2, '2026-11-30'), cargada(3)], hoy);
    expect(r).toEqual({ cuenta: cargada(3), renovacion: null });
  });
});
