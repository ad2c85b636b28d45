import { beforeEach, describe, expect, it } from 'vitest';
import type { ListColumna } from '@proveedores/domain';
import { nextChoice, restoreSelection, saveSelection, visibleColumnIds } from './column-storage';

const col = (id: string, descripcion = id.toUpperCase()): ListColumna => ({
  id,
  descripcion,
  ordenable: true,
  filtrable: true,
});
const contratos = [col('evento'), col('nit'), col('razon'), col('estado')];
const empleados = [col('evento'), col('documento'), col('nombre')];

beforeEach(() => sessionStorage.clear());

describe('restoreSelection and saveSelection', () => {
  it("shows every column but 'evento' the first time, and records the full list under the spec's key", () => {
    expect(visibleColumnIds(contratos)).toEqual(['nit', 'razon', 'estado']);
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'razon', 'estado']);
    expect(JSON.parse(sessionStorage.getItem('list-dinamico-7') ?? 'null')).toEqual([
      { id: 'evento', descripcion: 'EVENTO' },
      { id: 'nit', descripcion: 'NIT' },
      { id: 'razon', descripcion: 'RAZON' },
      { id: 'estado', descripcion: 'ESTADO' },
    ]);
  });

  it("restores the saved choice ('Selected-{id}') in column order while the column list is the same", () => {
    saveSelection('7', contratos, ['estado', 'nit']);
    expect(sessionStorage.getItem('Selected-7')).toBe('["estado","nit"]');
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'estado']);
    // Another table keeps its own choice.
    expect(restoreSelection('8', empleados)).toEqual(['documento', 'nombre']);
  });

  it('forgets the choice when the full column list changed (a column renamed or added)', () => {
    saveSelection('7', contratos, ['nit']);
    const renamed = contratos.map((c) => (c.id === 'razon' ? col('razon', 'Razón social') : c));
    expect(restoreSelection('7', renamed)).toEqual(['nit', 'razon', 'estado']);
    expect(sessionStorage.getItem('Selected-7')).toBeNull();
    expect(restoreSelection('7', [...contratos, col('ciudad')])).toEqual([
      'nit',
      'razon',
      'estado',
      'ciudad',
    ]);
  });

  it('shows every column for a broken, empty or stale entry', () => {
    saveSelection('7', contratos, ['nit']);
    sessionStorage.setItem('Selected-7', '{no es json');
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'razon', 'estado']);
    sessionStorage.setItem('Selected-7', '[]');
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'razon', 'estado']);
    sessionStorage.setItem('Selected-7', '["borrada"]');
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'razon', 'estado']);
    sessionStorage.setItem('Selected-7', '"nit"');
    expect(restoreSelection('7', contratos)).toEqual(['nit', 'razon', 'estado']);
  });
});

describe('nextChoice', () => {
  const a = { idtabla: 'contratos', columnas: contratos };
  const b = { idtabla: 'empleados', columnas: empleados };

  it('keeps the current choice for the same table and columns (a new page or sort)', () => {
    const first = nextChoice(a, null);
    expect(first?.ids).toEqual(['nit', 'razon', 'estado']);
    expect(nextChoice({ ...a, columnas: contratos.map((c) => ({ ...c })) }, first)).toBeNull();
  });

  it("keeps another list's saved choice across a link from one list to the other", () => {
    saveSelection('empleados', empleados, ['nombre']);
    saveSelection('contratos', contratos, ['razon']);
    // On list A; a link goes to list B: while B loads, A's description stays on screen (placeholder).
    const onA = nextChoice(a, null);
    expect(onA?.ids).toEqual(['razon']);
    expect(nextChoice(a, onA)).toBeNull();
    // B's description arrives: B's own saved choice, untouched by A's columns.
    expect(nextChoice(b, onA)?.ids).toEqual(['nombre']);
    expect(sessionStorage.getItem('Selected-empleados')).toBe('["nombre"]');
    expect(restoreSelection('contratos', contratos)).toEqual(['razon']);
  });

  it('tells apart two tables with the same columns', () => {
    saveSelection('activos', contratos, ['nit']);
    saveSelection('inactivos', contratos, ['estado']);
    const activos = nextChoice({ idtabla: 'activos', columnas: contratos }, null);
    expect(nextChoice({ idtabla: 'inactivos', columnas: contratos }, activos)?.ids).toEqual(['estado']);
  });
});
