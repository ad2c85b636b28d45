import { describe, expect, it } from 'vitest';
import { conteosInicio, reporteDetalleParams, reporteQuery } from './report';

describe('home summary rules', () => {
  it("maps a module's counts to the three home labels and their drill-down filters", () => {
    const m = {
      modulo: 'g-riesgo' as const,
      nombre: 'Gestión del Riesgo',
      faltantes: 4,
      poxvencer: 2,
      vencidos: 1,
      rechazados: 3,
    };
    expect(conteosInicio(m)).toEqual([
      { etiqueta: 'P. por cargar', cantidad: 4, filtro: -9 },
      // The count is vencidos + poxvencer (the -5 drill-down lists both): its label says so.
      { etiqueta: 'Vencidos o por vencer', cantidad: 3, filtro: -5 },
      { etiqueta: 'rechazados', cantidad: 3, filtro: -1 },
    ]);
  });

  it('accepts only the module codes and the filter codes of the contract', () => {
    expect(reporteDetalleParams.parse({ modulo: 'sg-personal', filtro: '-5' })).toEqual({
      modulo: 'sg-personal',
      filtro: -5,
    });
    expect(reporteDetalleParams.safeParse({ modulo: 'sg-sst', filtro: '-2' }).success).toBe(false);
    expect(reporteDetalleParams.safeParse({ modulo: 'otro', filtro: '-9' }).success).toBe(false);
    expect(reporteQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(reporteQuery.safeParse({ pageSize: '500' }).success).toBe(false);
  });
});
