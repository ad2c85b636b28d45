import { describe, expect, it } from 'vitest';
import type { AptitudObra } from '@proveedores/domain';
import { contarObra, contratosDe, estadoAptitud, filtrarObra, hastaValida, sumarDias } from './aptitud-view';

const row = (over: Partial<AptitudObra>): AptitudObra => ({
  empleadoId: 1,
  tipodocumento: 'CC',
  numerodocumento: '100',
  nombre: 'ANA PÉREZ',
  contratoid: 10,
  contrato: 'Obra civil',
  proyectoid: 5,
  proyecto: 'Torre Norte',
  nit: '900',
  razonSocial: 'Constructora Uno',
  apto: true,
  motivos: [],
  items: [],
  renovaciones: [],
  vence: null,
  autorizacion: null,
  dentro: false,
  ultimoRegistro: null,
  ...over,
});

const autorizacion = { id: 3, motivo: 'Examen en trámite', hasta: '2026-11-26', otorgadaPor: 'revisor' };

describe('fitness page helpers', () => {
  it('tells apto, not apto and apto by authorization apart', () => {
    expect(estadoAptitud({ apto: true, autorizacion: null })).toBe('apto');
    expect(estadoAptitud({ apto: false, autorizacion: null })).toBe('no_apto');
    expect(estadoAptitud({ apto: true, autorizacion })).toBe('autorizado');
    // An authorization that does not make the worker apto is still 'no apto'.
    expect(estadoAptitud({ apto: false, autorizacion })).toBe('no_apto');
  });

  const rows = [
    row({ empleadoId: 1 }),
    row({ empleadoId: 2, nombre: 'JOSÉ GÓMEZ', numerodocumento: '200', apto: false, dentro: true }),
    row({ empleadoId: 3, nombre: 'LUIS RUIZ', contratoid: 11, razonSocial: 'Eléctricos SAS', dentro: true }),
    row({ empleadoId: 4, nombre: 'EVA DÍAZ', apto: true, autorizacion }),
  ];

  it('filters by state, inside, contract and accent-free text', () => {
    const ids = (f: Parameters<typeof filtrarObra>[1]) => filtrarObra(rows, f).map((r) => r.empleadoId);
    expect(ids({ filtro: 'todos', texto: '', contratoid: null })).toEqual([1, 2, 3, 4]);
    expect(ids({ filtro: 'aptos', texto: '', contratoid: null })).toEqual([1, 3, 4]);
    expect(ids({ filtro: 'no_aptos', texto: '', contratoid: null })).toEqual([2]);
    expect(ids({ filtro: 'dentro', texto: '', contratoid: null })).toEqual([2, 3]);
    expect(ids({ filtro: 'todos', texto: 'jose gomez', contratoid: null })).toEqual([2]);
    expect(ids({ filtro: 'todos', texto: 'CC 200', contratoid: null })).toEqual([2]);
    expect(ids({ filtro: 'todos', texto: 'electricos', contratoid: null })).toEqual([3]);
    expect(ids({ filtro: 'dentro', texto: '', contratoid: 10 })).toEqual([2]);
  });

  it('counts apto, not apto and inside', () => {
    expect(contarObra(rows)).toEqual({ aptos: 3, noAptos: 1, dentro: 2 });
    expect(contarObra([])).toEqual({ aptos: 0, noAptos: 0, dentro: 0 });
  });

  it('bounds an authorization between today and seven days later, across a month end', () => {
    expect(sumarDias('2026-11-28', 7)).toBe('2026-12-05');
    expect(sumarDias('2026-12-30', 2)).toBe('2027-01-01');
    expect(hastaValida('2026-11-28', '2026-11-28')).toBe(true);
    expect(hastaValida('2026-12-05', '2026-11-28')).toBe(true);
    expect(hastaValida('2026-12-06', '2026-11-28')).toBe(false);
    expect(hastaValida('2026-11-27', '2026-11-28')).toBe(false);
    expect(hastaValida(null, '2026-11-28')).toBe(false);
  });

  it('lists each contract once, by contractor name', () => {
    expect(contratosDe(rows)).toEqual([
      { value: 10, label: 'Constructora Uno - Obra civil' },
      { value: 11, label: 'Eléctricos SAS - Obra civil' },
    ]);
  });
});
