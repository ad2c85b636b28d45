import { describe, expect, it } from 'vitest';
import { APTITUD_MSG } from './messages';

describe('the fitness page summary', () => {
  it('says 1 apto and 1 no apto in the singular, and the plural otherwise', () => {
    expect(APTITUD_MSG.paginaResumen(1, 1)).toBe('1 apto, 1 no apto');
    expect(APTITUD_MSG.paginaResumen(2, 3)).toBe('2 aptos, 3 no aptos');
    expect(APTITUD_MSG.paginaResumen(0, 1)).toBe('0 aptos, 1 no apto');
  });
});
