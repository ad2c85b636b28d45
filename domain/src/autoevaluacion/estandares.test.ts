import { describe, expect, it } from 'vitest';
import { ESTANDARES_0312, esCodigo0312, estandar0312 } from './estandares';

/**
 * The Tabla de Valores as data (Resolución 0312 de 2019 art. 27; docs/res-0312.md): the same rows as
 * the project's CSV, and the sums the table prints in its labels. Sums are taken in hundredths.
 */

const cent = (n: number) => Math.round(n * 100);
const suma = (items: readonly { peso: number }[]) => items.reduce((s, e) => s + cent(e.peso), 0) / 100;
/** '... (4%)' -> 4 */
const porcentajeEtiqueta = (etiqueta: string) => Number(/\((\d+(?:\.\d+)?)%\)$/.exec(etiqueta)?.[1]);

/** RFC 4180 fields (quoted fields may hold commas and doubled quotes). */
function leerCsv(texto: string): string[][] {
  const filas: string[][] = [];
  for (const linea of texto.split('\n')) {
    if (!linea) continue;
    const campos: string[] = [];
    let campo = '';
    let comillas = false;
    for (let i = 0; i < linea.length; i++) {
      const c = linea[i];
      if (comillas) {
        if (c === '"' && linea[i + 1] === '"') {
          campo += '"';
          i++;
        } else if (c === '"') comillas = false;
        else campo += c;
      } else if (c === '"') comillas = true;
      else if (c === ',') {
        campos.push(campo);
        campo = '';
      } else campo += c;
    }
    campos.push(campo);
    filas.push(campos);
  }
  return filas;
}

describe('ESTANDARES_0312', () => {
  it('holds exactly the rows of server/src/db/seed-data/estandares-0312.csv', async () => {
    // node:fs without the workspace's Node types: the domain also runs in the browser.
    const fs = (await import('node:fs' as string)) as { readFileSync: (u: URL, e: 'utf8') => string };
    const csv = fs.readFileSync(
      new URL('../../../server/src/db/seed-data/estandares-0312.csv', import.meta.url),
      'utf8',
    );
    const [cabecera, ...filas] = leerCsv(csv);
    expect(cabecera).toEqual([
      'codigo',
      'ciclo',
      'estandar',
      'subestandar',
      'item',
      'peso',
      'aplica_7',
      'aplica_21',
      'fuente',
    ]);
    expect(filas.every((f) => f.length === 9)).toBe(true);
    expect(
      ESTANDARES_0312.map((e) => [
        e.codigo,
        e.ciclo,
        e.estandar,
        e.subestandar,
        e.item,
        String(e.peso),
        String(e.aplica7),
        String(e.aplica21),
        e.fuente,
      ]),
    ).toEqual(filas);
  });

  it('has 60 distinct items whose weights add up to 100.00, each a multiple of 0.25', () => {
    expect(ESTANDARES_0312).toHaveLength(60);
    expect(new Set(ESTANDARES_0312.map((e) => e.codigo)).size).toBe(60);
    expect(suma(ESTANDARES_0312)).toBe(100);
    expect(ESTANDARES_0312.filter((e) => cent(e.peso) % 25 !== 0)).toEqual([]);
  });

  it("adds up each sub-standard's and each standard's items to the percentage in its label", () => {
    const grupos = (clave: 'estandar' | 'subestandar') => {
      const m = new Map<string, number>();
      for (const e of ESTANDARES_0312) m.set(e[clave], (m.get(e[clave]) ?? 0) + cent(e.peso));
      return [...m].map(([etiqueta, c]) => ({
        etiqueta,
        suma: c / 100,
        etiquetaDice: porcentajeEtiqueta(etiqueta),
      }));
    };
    const sub = grupos('subestandar');
    expect(sub.map((g) => g.suma)).toEqual([
      4, 6, 1, 1, 1, 2, 2, 1, 2, 1, 1, 2, 1, 9, 5, 6, 15, 15, 10, 5, 10,
    ]);
    for (const g of sub) expect(g.suma, g.etiqueta).toBe(g.etiquetaDice);
    const est = grupos('estandar');
    expect(est.map((g) => g.suma)).toEqual([10, 15, 20, 30, 10, 5, 10]);
    for (const g of est) expect(g.suma, g.etiqueta).toBe(g.etiquetaDice);
  });

  it('totals PLANEAR 25, HACER 60, VERIFICAR 5, ACTUAR 10', () => {
    const por = (ciclo: string) => suma(ESTANDARES_0312.filter((e) => e.ciclo === ciclo));
    expect([por('PLANEAR'), por('HACER'), por('VERIFICAR'), por('ACTUAR')]).toEqual([25, 60, 5, 10]);
  });

  it('has the art. 3 list of 7 items worth 12.5 and the art. 9 list of 21 worth 37.75', () => {
    const siete = ESTANDARES_0312.filter((e) => e.aplica7);
    expect(siete.map((e) => e.codigo)).toEqual([
      '1.1.1',
      '1.1.4',
      '1.2.1',
      '2.4.1',
      '3.1.4',
      '4.1.2',
      '4.2.1',
    ]);
    expect(suma(siete)).toBe(12.5);
    const veintiuno = ESTANDARES_0312.filter((e) => e.aplica21);
    expect(veintiuno).toHaveLength(21);
    expect(suma(veintiuno)).toBe(37.75);
    // The 7 are not a subset of the 21: art. 9 has no separate prevention-and-control item (4.2.1).
    expect(siete.filter((e) => !e.aplica21).map((e) => e.codigo)).toEqual(['4.2.1']);
  });

  it('flags as sinVerificar the rows whose fuente says sin_verificar', () => {
    expect(ESTANDARES_0312.filter((e) => e.sinVerificar).map((e) => e.codigo)).toEqual([
      '1.1.5',
      '1.1.7',
      '1.2.3',
      '3.1.4',
      '4.1.1',
      '4.1.2',
    ]);
  });

  it('looks items up by code', () => {
    expect(estandar0312('5.1.1')?.peso).toBe(5);
    expect(estandar0312('3.3.1')?.item).toBe('Medición de la frecuencia de la accidentalidad');
    expect(esCodigo0312('7.1.4')).toBe(true);
    expect(esCodigo0312('7.1.5')).toBe(false);
    expect(esCodigo0312('')).toBe(false);
  });
});
