import { describe, expect, it } from 'vitest';
import { ADMINISTRADORAS, codigoAdministradora } from './administradoras';

/** The administradora codes and the lookup from a name as a contractor types it (docs/decisions/128). */
describe('codigoAdministradora', () => {
  it.each([
    ['EPS', 'Sura', 'EPS010'],
    ['EPS', 'SURA EPS', 'EPS010'],
    ['EPS', 'Nueva EPS', 'EPS037'],
    ['EPS', 'NUEVA EPS S.A.', 'EPS037'],
    ['EPS', 'Nueva EPS movilidad', 'EPS041'],
    ['EPS', 'Salud Total EPS', 'EPS002'],
    ['EPS', 'Entidad Promotora de Salud Sanitas', 'EPS005'],
    ['EPS', 'S.O.S.', 'EPS018'],
    ['EPS', 'Colmédica', 'EPS001'],
    ['EPS', 'eps037', 'EPS037'],
    ['ARL', 'ARL Sura', '14-28'],
    ['ARL', 'Sura', '14-28'],
    ['ARL', 'Positiva Compañía de Seguros S.A.', '14-23'],
    ['ARL', 'Seguros Bolívar', '14-7'],
    ['ARL', 'AXA Colpatria', '14-4'],
    ['ARL', '14-23', '14-23'],
    ['AFP', 'Protección', '230201'],
    ['AFP', 'Skandia', '230901'],
    ['CCF', 'Colsubsidio', 'CCF22'],
  ] as const)('%s %s -> %s', (tipo, texto, codigo) => {
    expect(codigoAdministradora(tipo, texto)).toBe(codigo);
  });

  it.each([
    ['CCF', 'Comfenalco'], // Valle and Antioquia: ambiguous
    ['EPS', 'EPS'],
    ['EPS', 'Otra entidad'],
    ['ARL', ''],
    ['ARL', null],
    ['EPS', '14-23'], // an ARL code is no EPS
  ] as const)('%s %s -> null', (tipo, texto) => {
    expect(codigoAdministradora(tipo, texto)).toBeNull();
  });

  it('keeps one row per code and kind, each with a confidence mark', () => {
    const claves = ADMINISTRADORAS.map((a) => `${a.tipo}:${a.codigo}`);
    expect(new Set(claves).size).toBe(claves.length);
    expect(ADMINISTRADORAS.every((a) => ['C', '1', '?'].includes(a.confianza))).toBe(true);
  });
});
