import { describe, expect, it } from 'vitest';
import { formatDia, formatDiaHora, linkCell } from '@proveedores/domain';
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

  it('keeps the dates of CSV as people read them, dd/mm/aaaa, never ISO (decision 168)', () => {
    const dia = formatDia('2026-11-30');
    const diaHora = formatDiaHora('2026-11-03T19:05:00Z');
    expect(csvText(`${diaHora} - LAURA`)).toBe('03/11/2026 14:05 - LAURA');
    expect(csvText(dia)).toBe('30/11/2026');
    for (const cell of [csvText(dia), csvText(diaHora)]) expect(cell).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(csvCell(csvText('03/11/2026'))).toBe('03/11/2026');
    expect(csvCell('=1+1')).toBe("'=1+1");
  });

  it("neutralizes every cell a spreadsheet could run, '-' before a digit included (docs/decisions/161)", () => {
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('+57 300')).toBe("'+57 300");
    expect(csvCell('@SUMA(A1)')).toBe("'@SUMA(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe("'\r=1");
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK(""http://x"")`);
    expect(csvCell('SG-SST')).toBe('SG-SST');
  });
});
