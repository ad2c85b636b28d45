import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { libroExcel } from './excel';

describe('libroExcel: the browser Excel exports (docs/decisions/161)', () => {
  it('writes text cells that start like a formula with a leading apostrophe, other text as it is', async () => {
    const filas = [
      ["-2+3+cmd|' /C calc'!A0", '=HYPERLINK("http://x","y")', '+57', '@A1'],
      ['SG-SST', '12', '\t=1', 'Política'],
    ];
    const buffer = await libroExcel(
      ['a', 'b', 'c', 'd'].map((header) => ({ header })),
      filas,
      'Hoja',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer);
    const ws = wb.worksheets[0];
    const values = [2, 3].map((r) => [1, 2, 3, 4].map((c) => ws.getRow(r).getCell(c).value));
    expect(values).toEqual([
      ["'-2+3+cmd|' /C calc'!A0", `'=HYPERLINK("http://x","y")`, "'+57", "'@A1"],
      ['SG-SST', '12', "'\t=1", 'Política'],
    ]);
    // Never a formula cell.
    for (const r of [2, 3])
      for (const c of [1, 2, 3, 4]) expect(ws.getRow(r).getCell(c).type).toBe(ExcelJS.ValueType.String);
  });
});
