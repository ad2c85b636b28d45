import { describe, expect, it } from 'vitest';
import { FILTRO_REPORTE, MSG, type ReporteEmpresa, type ReporteModulo } from '@proveedores/domain';
import { CARDS, companyItems, isAllZero, itemsOfFilter, totals } from './summary-model';

const modulo = (over: Partial<ReporteModulo> & Pick<ReporteModulo, 'modulo' | 'nombre'>): ReporteModulo => ({
  faltantes: 0,
  poxvencer: 0,
  vencidos: 0,
  rechazados: 0,
  ...over,
});

const acme: ReporteEmpresa = {
  nit: '900123456',
  razonsocial: 'Acme S.A.S.',
  total: 12,
  modulos: [
    modulo({ modulo: 'sg-sst', nombre: 'SG-SST', faltantes: 3, rechazados: 1 }),
    modulo({ modulo: 'sg-personal', nombre: 'Ingreso de Personal' }),
    modulo({ modulo: 'g-riesgo', nombre: 'Gestión del Riesgo', poxvencer: 2, vencidos: 4 }),
    modulo({ modulo: 'g-retenido', nombre: 'Devolución de Retenidos', rechazados: 2 }),
  ],
};
const beta: ReporteEmpresa = {
  nit: '800999888',
  razonsocial: 'Beta Ltda.',
  total: 5,
  modulos: [modulo({ modulo: 'sg-sst', nombre: 'SG-SST', faltantes: 5 })],
};

describe('companyItems', () => {
  it('keeps only non-zero counts and drops modules with none, in module order', () => {
    expect(companyItems(acme)).toEqual([
      {
        modulo: 'sg-sst',
        nombre: 'SG-SST',
        counts: [
          { modulo: 'sg-sst', nombre: 'SG-SST', etiqueta: MSG.homePendingLabel, cantidad: 3, filtro: -9 },
          { modulo: 'sg-sst', nombre: 'SG-SST', etiqueta: MSG.homeRejectedLabel, cantidad: 1, filtro: -1 },
        ],
      },
      {
        modulo: 'g-riesgo',
        nombre: 'Gestión del Riesgo',
        // Expired and about to expire are one count with the drill-down filter -5.
        counts: [
          {
            modulo: 'g-riesgo',
            nombre: 'Gestión del Riesgo',
            etiqueta: MSG.homeExpiredLabel,
            cantidad: 6,
            filtro: -5,
          },
        ],
      },
      {
        modulo: 'g-retenido',
        nombre: 'Devolución de Retenidos',
        counts: [
          {
            modulo: 'g-retenido',
            nombre: 'Devolución de Retenidos',
            etiqueta: MSG.homeRejectedLabel,
            cantidad: 2,
            filtro: -1,
          },
        ],
      },
    ]);
  });
});

describe('totals', () => {
  it('adds every company and module per filter', () => {
    expect(totals([acme, beta])).toEqual({ [-9]: 8, [-5]: 6, [-1]: 3 });
  });

  it('is all zero for no companies and for companies without pending work', () => {
    expect(isAllZero(totals([]))).toBe(true);
    const clean = { ...beta, total: 0, modulos: [modulo({ modulo: 'sg-sst', nombre: 'SG-SST' })] };
    expect(isAllZero(totals([clean]))).toBe(true);
    expect(isAllZero(totals([clean, beta]))).toBe(false);
  });
});

describe('itemsOfFilter', () => {
  it("lists a card's counts across the company's modules", () => {
    expect(itemsOfFilter(acme, FILTRO_REPORTE.RECHAZADO).map((i) => [i.modulo, i.cantidad])).toEqual([
      ['sg-sst', 1],
      ['g-retenido', 2],
    ]);
    expect(itemsOfFilter(acme, FILTRO_REPORTE.VENCIDO).map((i) => [i.modulo, i.cantidad])).toEqual([
      ['g-riesgo', 6],
    ]);
    expect(itemsOfFilter(beta, FILTRO_REPORTE.VENCIDO)).toEqual([]);
  });
});

describe('CARDS', () => {
  it('shows pending, expired and rejected in that order, one per filter', () => {
    expect(CARDS.map((c) => c.filtro)).toEqual([-9, -5, -1]);
    expect(CARDS.map((c) => c.titulo)).toEqual([
      MSG.homePendingCard,
      MSG.homeExpiredCard,
      MSG.homeRejectedCard,
    ]);
  });
});
