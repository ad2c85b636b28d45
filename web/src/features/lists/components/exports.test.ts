import { describe, expect, it } from 'vitest';
import { linkCell } from '@proveedores/domain';
import { csvCell, csvText, exportableColumns, type ExportColumn } from './exports';

const action = (a: string) => linkCell({ action: a, target: `#/admin/requisitos/1`, className: '', text: a });

describe('list exports (docs/decisions/099)', () => {
  const rows = [
    {
      modulo: 'SG-SST',
      editar: action('editar'),
      ver: action('pi pi-eye'),
      archivo: '',
      borrar: action('eliminar'),
    },
    {
      modulo: 'Gestión del Riesgo',
      editar: action('editar'),
      ver: action('pi pi-eye'),
      archivo: '',
      borrar: '',
    },
  ];
  it('leaves out columns marked accion and columns whose filled cells are all action buttons', () => {
    const columns: ExportColumn[] = [
      { id: 'modulo', header: 'Módulo' },
      { id: 'editar', header: 'Editar' },
      { id: 'ver', header: 'Ver', tipo: 'accion' },
      { id: 'archivo', header: 'Archivo' },
      { id: 'borrar', header: 'Eliminar' },
    ];
    expect(exportableColumns(columns, rows).map((c) => c.id)).toEqual(['modulo', 'archivo']);
  });

  it('keeps a link column that is not an action (a file link)', () => {
    const file = linkCell({
      action: 'fa fa-file',
      target: '#/detalle-archivo?x=1',
      className: '',
      text: 'a.pdf',
    });
    expect(exportableColumns([{ id: 'f', header: 'Archivo' }], [{ f: file }]).map((c) => c.id)).toEqual([
      'f',
    ]);
  });

  it('turns the leading day of date columns back into ISO for CSV only', () => {
    const fecha: ExportColumn = { id: 'f', header: 'Fecha', tipo: 'fechahora' };
    expect(csvText(fecha, '03/11/2026 14:05 - LAURA')).toBe('2026-11-03 14:05 - LAURA');
    expect(csvText({ id: 'v', header: 'Vigencia', tipo: 'fecha' }, '30/11/2026')).toBe('2026-11-30');
    expect(csvText({ id: 't', header: 'Texto' }, '03/11/2026')).toBe('03/11/2026');
    expect(csvCell('=1+1')).toBe("'=1+1");
  });
});
