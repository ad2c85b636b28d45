import { describe, expect, it } from 'vitest';
import {
  evaluacionQueCuenta,
  habilitacion,
  mensajeContratoRechazado,
  puntajeMinimo0312Input,
} from './habilitacion';

describe('evaluacionQueCuenta (decision 142)', () => {
  const f = (ano: number, version: number, puntaje: number) => ({ ano, version, puntaje });

  it('takes the latest signed version of the current Colombian year', () => {
    expect(
      evaluacionQueCuenta([f(2026, 1, 50), f(2026, 3, 90), f(2026, 2, 70), f(2025, 1, 99)], '2026-03-01'),
    ).toEqual(f(2026, 3, 90));
  });

  it("falls back to last year's (done in December, governs this year), never older", () => {
    expect(evaluacionQueCuenta([f(2025, 1, 80), f(2024, 2, 99)], '2026-01-15')).toEqual(f(2025, 1, 80));
    expect(evaluacionQueCuenta([f(2024, 2, 99)], '2026-01-15')).toBeNull();
    expect(evaluacionQueCuenta([], '2026-01-15')).toBeNull();
  });
});

describe('habilitacion (decision 142)', () => {
  it('is off without a minimum, even with no evaluation', () => {
    const h = habilitacion(null, null);
    expect(h).toMatchObject({ habilitado: true, motivo: 'sin_minimo', mensaje: null });
    expect(h.baseLegal).toContain('2.2.4.6.28');
  });

  it('refuses a company with no signed evaluation', () => {
    const h = habilitacion(60, null);
    expect(h).toMatchObject({ habilitado: false, motivo: 'sin_autoevaluacion', minimo: 60, puntaje: null });
    expect(h.mensaje).toBe(
      'La empresa no tiene una autoevaluación de estándares mínimos firmada vigente; este tipo de contrato exige 60,00.',
    );
  });

  it('refuses a score below the minimum and names both (87,5 < 87,75)', () => {
    const h = habilitacion(87.75, { ano: 2026, version: 2, puntaje: 87.5 });
    expect(h).toMatchObject({
      habilitado: false,
      motivo: 'puntaje_bajo',
      minimo: 87.75,
      puntaje: 87.5,
      ano: 2026,
    });
    expect(h.mensaje).toBe(
      'La autoevaluación 2026 obtuvo 87,50, por debajo del mínimo de 87,75 de este tipo de contrato.',
    );
  });

  it('a score equal to the minimum meets it (two decimals)', () => {
    expect(habilitacion(62.25, { ano: 2026, version: 1, puntaje: 62.25 })).toMatchObject({
      habilitado: true,
      motivo: 'cumple',
    });
    // 0.1 + 0.2 style float noise does not fail a company at the boundary.
    expect(habilitacion(60.3, { ano: 2026, version: 1, puntaje: 60.1 + 0.2 }).habilitado).toBe(true);
    expect(habilitacion(60.01, { ano: 2026, version: 1, puntaje: 60 }).habilitado).toBe(false);
  });

  it('the refusal names the type, the minimum, the score and what to do', () => {
    const m = mensajeContratoRechazado(
      'Obra civil',
      habilitacion(85, { ano: 2025, version: 1, puntaje: 70 }),
    );
    expect(m).toContain('"Obra civil"');
    expect(m).toContain('85,00');
    expect(m).toContain('la autoevaluación 2025 de la empresa obtuvo 70,00');
    expect(m).toContain('firme');
    expect(mensajeContratoRechazado('Obra civil', habilitacion(85, null))).toContain(
      'no tiene una autoevaluación firmada vigente',
    );
  });
});

describe('puntajeMinimo0312Input', () => {
  it('accepts null and 0-100 with two decimals; refuses the rest in Spanish', () => {
    expect(puntajeMinimo0312Input.parse(null)).toBeNull();
    expect(puntajeMinimo0312Input.parse(0)).toBe(0);
    expect(puntajeMinimo0312Input.parse(85.25)).toBe(85.25);
    expect(puntajeMinimo0312Input.parse(100)).toBe(100);
    for (const bad of [-1, 100.01, 85.255, 'x'])
      expect(puntajeMinimo0312Input.safeParse(bad).error?.issues[0].message).toBe(
        'El puntaje mínimo 0312 debe ser un número entre 0 y 100 con máximo dos decimales.',
      );
  });
});
