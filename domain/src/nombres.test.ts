import { describe, expect, it } from 'vitest';
import { nombreEnMayusculas, nombrePropio } from './nombres';

describe('names', () => {
  it('writes every Spanish letter in capitals, not only A-Z', () => {
    expect(nombreEnMayusculas('Andrés Córdoba Muñoz')).toBe('ANDRÉS CÓRDOBA MUÑOZ');
    expect(nombreEnMayusculas('maría josé güiza núñez')).toBe('MARÍA JOSÉ GÜIZA NÚÑEZ');
    expect(nombreEnMayusculas('CC 1020 - íngrid')).toBe('CC 1020 - ÍNGRID');
  });

  it('joins a letter and its combining accent first (a name typed on some phones)', () => {
    expect(nombreEnMayusculas('Andre\u0301s')).toBe('ANDR\u00c9S');
  });

  it('capitalises each word, with no capital after an accented letter', () => {
    expect(nombrePropio('ANDRÉS CÓRDOBA')).toBe('Andrés Córdoba');
    expect(nombrePropio('ÁLVARO ÑUSTES-PÉREZ')).toBe('Álvaro Ñustes-Pérez');
    expect(nombrePropio("maría d'ávila  o’neill")).toBe("María D'Ávila  O’Neill");
    expect(nombrePropio('ÚRSULA GÜIZA')).toBe('Úrsula Güiza');
  });
});
