import { describe, expect, it } from 'vitest';
import { contarLineasHasta, PILA_MAX_LINEAS } from './limites';

const bytes = (s: string) => new TextEncoder().encode(s);

/** The line count that refuses an oversized PILA file before parsing (docs/decisions/165). */
describe('contarLineasHasta', () => {
  it('counts LF and CRLF lines, a last line without a terminator, and nothing for an empty file', () => {
    expect(contarLineasHasta(bytes(''), 10)).toBe(0);
    expect(contarLineasHasta(bytes('a'), 10)).toBe(1);
    expect(contarLineasHasta(bytes('a\n'), 10)).toBe(1);
    expect(contarLineasHasta(bytes('a\r\nb\r\nc'), 10)).toBe(3);
    expect(contarLineasHasta(bytes('a\nb\n'), 10)).toBe(2);
  });

  it('stops one line past the limit', () => {
    expect(contarLineasHasta(bytes('x\n'.repeat(1_000_000)), PILA_MAX_LINEAS)).toBe(PILA_MAX_LINEAS + 1);
    expect(contarLineasHasta(bytes('x\n'.repeat(PILA_MAX_LINEAS)), PILA_MAX_LINEAS)).toBe(PILA_MAX_LINEAS);
  });
});
