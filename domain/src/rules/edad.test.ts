import { describe, expect, it } from 'vitest';
import { aptitudDeSlots } from './aptitud';
import { EDAD_MINIMA_TRABAJO, prohibicionPorEdad } from './edad';

/** Working age (decision 181): who may not do what, by the contract's activity, on a given day. */
const HOY = '2026-12-03';
const NINGUNA = { alturas: false, espacios_confinados: false, flota: false };
const base = { fecha: HOY, banderas: NINGUNA, claseRiesgo: 3, actividad: 'Acabados' };

describe('prohibicionPorEdad', () => {
  it('bars a minor from heights, confined spaces and class IV-V work, naming the activity and the norm', () => {
    const alturas = prohibicionPorEdad({
      ...base,
      fechaNacimiento: '2009-12-04', // 16 today, 17 tomorrow
      banderas: { ...NINGUNA, alturas: true },
      actividad: 'Estructura en concreto',
    });
    expect(alturas).toBe(
      'Menor de edad (16 años): la actividad «Estructura en concreto» es trabajo en alturas, prohibido a menores de 18 años (Resolución 4272 de 2021 art. 61 lit. j).',
    );
    const todo = prohibicionPorEdad({
      ...base,
      fechaNacimiento: '2009-01-01',
      banderas: { alturas: true, espacios_confinados: true, flota: false },
      claseRiesgo: 5,
    });
    expect(todo).toContain('es trabajo en alturas, en espacios confinados y de riesgo clase V, prohibido');
    expect(todo).toContain('(Resolución 4272 de 2021 art. 61 lit. j; Resolución 1796 de 2018).');
    expect(prohibicionPorEdad({ ...base, fechaNacimiento: '2009-01-01', claseRiesgo: 4 })).toContain(
      'es trabajo de riesgo clase IV, prohibido',
    );
  });

  it('lets a minor do other work, and anyone from their 18th birthday', () => {
    expect(prohibicionPorEdad({ ...base, fechaNacimiento: '2009-01-01' })).toBeNull();
    expect(
      prohibicionPorEdad({ ...base, fechaNacimiento: '2009-01-01', banderas: { ...NINGUNA, flota: true } }),
    ).toBeNull();
    const alturas = { ...base, banderas: { ...NINGUNA, alturas: true } };
    expect(prohibicionPorEdad({ ...alturas, fechaNacimiento: '2008-12-03' })).toBeNull();
    expect(prohibicionPorEdad({ ...alturas, fechaNacimiento: '2008-12-04' })).toContain('17 años');
  });

  it('bars anyone under 15 from any work, and says nothing without a readable birth date', () => {
    const nino = prohibicionPorEdad({ ...base, fechaNacimiento: '2012-01-01' });
    expect(nino).toBe(
      `Menor de edad (14 años): nadie menor de 15 años puede trabajar (${EDAD_MINIMA_TRABAJO.baseLegal}).`,
    );
    expect(prohibicionPorEdad({ ...base, fechaNacimiento: null })).toBeNull();
    expect(prohibicionPorEdad({ ...base, fechaNacimiento: '12/01/2009' })).toBeNull();
  });

  it('keeps the worker out whatever the documents and an authorization say', () => {
    const r = aptitudDeSlots({
      slots: [],
      banderas: NINGUNA,
      fecha: HOY,
      autorizaciones: [
        { id: 1, motivo: 'Urgente', desde: HOY, hasta: HOY, revocada: false, otorgadaPor: 'Revisor' },
      ],
      bloqueos: ['Menor de edad (16 años): no puede ...'],
    });
    expect(r).toMatchObject({ apto: false, vence: null, motivos: ['Menor de edad (16 años): no puede ...'] });
    expect(aptitudDeSlots({ slots: [], banderas: NINGUNA, fecha: HOY }).apto).toBe(true);
  });
});
