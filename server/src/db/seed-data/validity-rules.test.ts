import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { finVigencia, reglaVigencia } from '@proveedores/domain/rules/validity';
import { describe, expect, it } from 'vitest';
import { REGLAS_VIGENCIA } from './validity-rules';

/** The default catalogue's validity rules (decision 105) against the catalogue the seed loads. */

const catalogo = parse(readFileSync(new URL('./catalogo-requisitos.csv', import.meta.url)), {
  columns: true,
  skip_empty_lines: true,
}) as Array<Record<string, string>>;

describe('validity rules of the default catalogue', () => {
  it('one valid rule, with its legal basis, for every requirement of the catalogue and no other', () => {
    expect(Object.keys(REGLAS_VIGENCIA).sort()).toEqual(catalogo.map((r) => r.codigo).sort());
    for (const r of catalogo) {
      const entry = REGLAS_VIGENCIA[r.codigo];
      expect(entry.modulo, r.codigo).toBe(r.modulo);
      const parsed = reglaVigencia.safeParse(entry.regla);
      expect(parsed.success, `${r.codigo}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(entry.nota.length, r.codigo).toBeGreaterThan(10);
    }
  });

  it('the choices the law makes: alturas, medical concept, monthly certificates, policies', () => {
    const tipo = (c: string) => REGLAS_VIGENCIA[c].regla.tipo;
    expect(tipo('P10')).toBe('sin_vencimiento');
    expect(REGLAS_VIGENCIA.P11.regla).toMatchObject({ tipo: 'por_proyecto', mesesSinCambio: 18 });
    expect(REGLAS_VIGENCIA.P11.regla.baseLegal).toMatch(/4272 de 2021/);
    expect(REGLAS_VIGENCIA.P09.regla).toMatchObject({ tipo: 'segun_concepto', mesesMaximos: 36 });
    expect(REGLAS_VIGENCIA.P09.regla.baseLegal).toMatch(/1843 de 2025/);
    for (const c of ['P04', 'P05', 'P06', 'P07', 'P08', 'E04', 'E22'])
      expect(tipo(c), c).toBe('mes_certificado');
    expect(tipo('R09')).toBe('fecha_del_documento');
    // Periodic (g-riesgo) and closing (g-retenido) documents never expire by themselves.
    for (const r of catalogo.filter((x) => x.modulo === 'g-riesgo'))
      expect(tipo(r.codigo), r.codigo).toBe('sin_vencimiento');
  });

  it('where a fixed period is kept, it is the catalogue CSV vigencia_dias, counted from the document', () => {
    for (const r of catalogo) {
      const regla = REGLAS_VIGENCIA[r.codigo].regla;
      if (regla.tipo === 'dias_desde_expedicion') expect(String(regla.dias), r.codigo).toBe(r.vigencia_dias);
      if (!r.vigencia_dias) expect(regla.tipo, r.codigo).not.toBe('dias_desde_expedicion');
    }
    // The rule reads the document's date: a certificate issued 3 Nov 2026 for NIT 900123456 lasts
    // until the 9.º día hábil of December 2026: 1, 2, 3, 4, 7, (8 is a holiday) 9, 10, 11, 14.
    const p04 = reglaVigencia.parse(REGLAS_VIGENCIA.P04.regla);
    expect(finVigencia(p04, { expedicion: '2026-11-03', nit: '900123456' })).toBe('2026-12-14');
  });
});
