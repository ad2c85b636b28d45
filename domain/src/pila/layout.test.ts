import { describe, expect, it } from 'vitest';
import {
  CAMPOS_DETALLE,
  CAMPOS_ENCABEZADO,
  LONGITUD_DETALLE,
  LONGITUD_ENCABEZADO,
  type PilaCampo,
} from './layout';

/** Each field starts where the previous one ends, numbered 1..n, and the last ends at the record's length. */
function contiguos(campos: readonly PilaCampo[]): number {
  let siguiente = 1;
  campos.forEach((c, i) => {
    expect(c.n, `campo ${c.n}`).toBe(i + 1);
    expect(c.inicio, `campo ${c.n}`).toBe(siguiente);
    expect(c.fin, `campo ${c.n}`).toBeGreaterThanOrEqual(c.inicio);
    siguiente = c.fin + 1;
  });
  return siguiente - 1;
}

describe('the layout of docs/pila-layout.md as data', () => {
  it('registro tipo 1: 22 fields over 359 characters; registro tipo 2: 98 over 693', () => {
    expect(CAMPOS_ENCABEZADO).toHaveLength(22);
    expect(contiguos(CAMPOS_ENCABEZADO)).toBe(LONGITUD_ENCABEZADO);
    expect(CAMPOS_DETALLE).toHaveLength(98);
    expect(contiguos(CAMPOS_DETALLE)).toBe(LONGITUD_DETALLE);
  });

  it('dates are 10 characters, periods 7, rates 7 or 9 (the ARL one)', () => {
    for (const c of [...CAMPOS_ENCABEZADO, ...CAMPOS_DETALLE]) {
      const largo = c.fin - c.inicio + 1;
      if (c.tipo === 'F') expect(largo, `campo ${c.n}`).toBe(10);
      if (c.tipo === 'P') expect(largo, `campo ${c.n}`).toBe(7);
      if (c.tipo === 'T') expect(largo, `campo ${c.n}`).toBe(c.n === 61 ? 9 : 7);
    }
  });
});
