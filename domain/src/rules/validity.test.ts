import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diaNumero,
  diasDelMes,
  esDiaHabil,
  esFechaIso,
  fechaIso,
  sumarDias,
  sumarMeses,
} from '../calendario';
import { plazoPila } from './pila-deadlines';
import {
  estadoDeFin,
  evaluarVigencia,
  fechasQuePide,
  finVigencia,
  reglaVigencia,
  TIPOS_VIGENCIA,
  type DatosVigencia,
  type ReglaVigencia,
} from './validity';

/** Validity rules (decision 105), computed for an explicit Colombian date. */

const BASE = 'Norma de prueba art. 1';
const regla = (r: Record<string, unknown>): ReglaVigencia => reglaVigencia.parse({ baseLegal: BASE, ...r });

describe('the rule schema', () => {
  it('parses each kind with its defaults and refuses bad parameters', () => {
    expect(regla({ tipo: 'por_proyecto' })).toEqual({
      tipo: 'por_proyecto',
      mesesSinCambio: 18,
      baseLegal: BASE,
    });
    expect(regla({ tipo: 'segun_concepto' })).toEqual({
      tipo: 'segun_concepto',
      mesesMaximos: 36,
      baseLegal: BASE,
    });
    expect(regla({ tipo: 'dias_desde_expedicion', dias: 30 })).toMatchObject({ dias: 30 });
    expect(reglaVigencia.safeParse({ tipo: 'dias_desde_expedicion', baseLegal: BASE }).success).toBe(false);
    expect(reglaVigencia.safeParse({ tipo: 'dias_desde_expedicion', dias: 0, baseLegal: BASE }).success).toBe(
      false,
    );
    expect(reglaVigencia.safeParse({ tipo: 'sin_vencimiento', baseLegal: ' ' }).success).toBe(false);
    expect(reglaVigencia.safeParse({ tipo: 'cada_año', baseLegal: BASE }).success).toBe(false);
    expect(fechasQuePide({ tipo: 'segun_concepto' })).toEqual(['expedicion', 'proximoExamen']);
    expect(fechasQuePide({ tipo: 'fecha_del_documento' })).toEqual(['vencimiento']);
  });
});

describe('examples', () => {
  const hoy = '2026-11-03';

  it('sin_vencimiento: no end, always vigente', () => {
    expect(evaluarVigencia(regla({ tipo: 'sin_vencimiento' }), {}, hoy, 30)).toEqual({
      fin: null,
      estado: 'vigente',
    });
  });

  it('sin_vencimiento honouring a stated end: that day when the document gives one, no end otherwise (decision 183)', () => {
    const r = regla({ tipo: 'sin_vencimiento', vencimientoSiLoIndica: true });
    expect(fechasQuePide(r)).toEqual(['vencimiento']);
    expect(fechasQuePide(regla({ tipo: 'sin_vencimiento' }))).toEqual([]);
    expect(evaluarVigencia(r, {}, hoy, 30)).toEqual({ fin: null, estado: 'vigente' });
    expect(evaluarVigencia(r, { vencimiento: '2026-11-20' }, hoy, 30)).toEqual({
      fin: '2026-11-20',
      estado: 'por_vencer',
    });
    expect(evaluarVigencia(r, { vencimiento: '2026-11-02' }, hoy, 30)).toEqual({
      fin: '2026-11-02',
      estado: 'vencido',
    });
    // The plain rule ignores a stated date.
    expect(
      evaluarVigencia(regla({ tipo: 'sin_vencimiento' }), { vencimiento: '2026-11-02' }, hoy, 30),
    ).toEqual({
      fin: null,
      estado: 'vigente',
    });
  });

  it('dias_desde_expedicion: counted from the issue date, not from the approval', () => {
    const r = regla({ tipo: 'dias_desde_expedicion', dias: 30 });
    expect(evaluarVigencia(r, { expedicion: '2026-10-01' }, hoy, 15)).toEqual({
      fin: '2026-10-31',
      estado: 'vencido',
    });
    // 16 days left: por vencer with a 16-day window, vigente with 15.
    expect(evaluarVigencia(r, { expedicion: '2026-10-20' }, hoy, 16)).toEqual({
      fin: '2026-11-19',
      estado: 'por_vencer',
    });
    expect(evaluarVigencia(r, { expedicion: '2026-10-20' }, hoy, 15).estado).toBe('vigente');
    expect(evaluarVigencia(r, {}, hoy, 15)).toEqual({ fin: null, estado: 'sin_fecha' });
    expect(evaluarVigencia(r, { expedicion: '2026-02-30' }, hoy, 15)).toEqual({
      fin: null,
      estado: 'sin_fecha',
    });
  });

  it('fecha_del_documento: the end date the policy states', () => {
    const r = regla({ tipo: 'fecha_del_documento' });
    expect(evaluarVigencia(r, { expedicion: '2026-01-15', vencimiento: '2027-01-15' }, hoy, 30)).toEqual({
      fin: '2027-01-15',
      estado: 'vigente',
    });
    expect(evaluarVigencia(r, { expedicion: '2026-01-15' }, hoy, 30).estado).toBe('sin_fecha');
  });

  it('mes_certificado: the month certified, until the next month PILA deadline of the NIT', () => {
    const r = regla({ tipo: 'mes_certificado' });
    // Certificate of April 2025 for NIT 900123456 (9.º día hábil): valid until 14 May 2025.
    const datos: DatosVigencia = { expedicion: '2025-04-03', nit: '900123456' };
    expect(finVigencia(r, datos)).toBe('2025-05-14');
    expect(evaluarVigencia(r, datos, '2025-05-14', 5).estado).toBe('por_vencer');
    expect(evaluarVigencia(r, datos, '2025-05-15', 5).estado).toBe('vencido');
    expect(evaluarVigencia(r, datos, '2025-04-30', 5).estado).toBe('vigente');
    // The month certified may differ from the issue month (a certificate of March issued on 1 April).
    expect(finVigencia(r, { ...datos, periodo: { ano: 2025, mes: 3 } })).toBe(
      plazoPila('900123456', { ano: 2025, mes: 4 }),
    );
    // NIT ending 00-07: 2.º día hábil; December -> January of the next year.
    expect(finVigencia(r, { expedicion: '2025-12-10', nit: '800987600' })).toBe('2026-01-05');
    expect(evaluarVigencia(r, { expedicion: '2025-04-03' }, hoy, 5).estado).toBe('sin_fecha');
  });

  it('por_proyecto: 18 months after the re-training, month ends clamped', () => {
    const r = regla({ tipo: 'por_proyecto' });
    expect(finVigencia(r, { expedicion: '2025-05-03' })).toBe('2026-11-03');
    expect(finVigencia(r, { expedicion: '2024-08-31' })).toBe('2026-02-28');
    expect(evaluarVigencia(r, { expedicion: '2025-05-03' }, hoy, 30).estado).toBe('por_vencer');
    expect(evaluarVigencia(r, { expedicion: '2025-05-03' }, '2026-11-04', 30).estado).toBe('vencido');
  });

  it('segun_concepto: the next exam the concept states, capped at 3 years; without it, the cap', () => {
    const r = regla({ tipo: 'segun_concepto' });
    expect(finVigencia(r, { expedicion: '2026-03-10', proximoExamen: '2027-03-10' })).toBe('2027-03-10');
    expect(finVigencia(r, { expedicion: '2026-03-10', proximoExamen: '2031-03-10' })).toBe('2029-03-10');
    expect(finVigencia(r, { expedicion: '2026-03-10' })).toBe('2029-03-10');
    expect(finVigencia(r, { proximoExamen: '2027-03-10' })).toBe('2027-03-10');
    expect(
      finVigencia(regla({ tipo: 'segun_concepto', mesesMaximos: 12 }), { expedicion: '2024-02-29' }),
    ).toBe('2025-02-28');
    expect(evaluarVigencia(r, {}, hoy, 30).estado).toBe('sin_fecha');
  });

  it('refuses a non-ISO today (the caller passes the Colombian date, never a Date)', () => {
    expect(() => evaluarVigencia(regla({ tipo: 'sin_vencimiento' }), {}, '03/11/2026', 30)).toThrow();
  });
});

describe('properties over dates (month ends, 29 February, the day a validity ends)', () => {
  const plain = fc
    .record({ ano: fc.integer({ min: 2017, max: 2090 }), mes: fc.integer({ min: 1, max: 12 }), d: fc.nat() })
    .map(({ ano, mes, d }) => fechaIso(ano, mes, (d % diasDelMes(ano, mes)) + 1));
  const monthEnd = fc
    .record({ ano: fc.integer({ min: 2017, max: 2090 }), mes: fc.integer({ min: 1, max: 12 }) })
    .map(({ ano, mes }) => fechaIso(ano, mes, diasDelMes(ano, mes)));
  const feb29 = fc.integer({ min: 505, max: 522 }).map((q) => `${q * 4}-02-29`);
  const fechaArb = fc.oneof(plain, monthEnd, feb29);

  const reglaArb: fc.Arbitrary<ReglaVigencia> = fc.oneof(
    fc.constant(regla({ tipo: 'sin_vencimiento' })),
    fc.integer({ min: 1, max: 3650 }).map((dias) => regla({ tipo: 'dias_desde_expedicion', dias })),
    fc.constant(regla({ tipo: 'fecha_del_documento' })),
    fc.constant(regla({ tipo: 'mes_certificado' })),
    fc.integer({ min: 1, max: 120 }).map((m) => regla({ tipo: 'por_proyecto', mesesSinCambio: m })),
    fc.integer({ min: 1, max: 120 }).map((m) => regla({ tipo: 'segun_concepto', mesesMaximos: m })),
  );
  const datosArb: fc.Arbitrary<DatosVigencia> = fc.record(
    {
      expedicion: fc.option(fechaArb),
      vencimiento: fc.option(fechaArb),
      proximoExamen: fc.option(fechaArb),
      nit: fc.option(fc.integer({ min: 1_000_000, max: 999_999_999 }).map(String)),
    },
    { requiredKeys: [] },
  );

  it('the end is a real date; the state on the end day is never vencido, the day after always is', () => {
    fc.assert(
      fc.property(reglaArb, datosArb, fc.integer({ min: 0, max: 120 }), (r, datos, aviso) => {
        const fin = finVigencia(r, datos);
        if (fin === null) {
          const estado = evaluarVigencia(r, datos, '2030-01-01', aviso).estado;
          expect(estado).toBe(r.tipo === 'sin_vencimiento' ? 'vigente' : 'sin_fecha');
          // Null only when the rule does not expire or lacks a date it needs.
          const needs = fechasQuePide(r);
          if (r.tipo === 'segun_concepto') expect(!datos.expedicion && !datos.proximoExamen).toBe(true);
          else if (r.tipo === 'mes_certificado') expect(!datos.expedicion || !datos.nit).toBe(true);
          else expect(needs.every((k) => !datos[k])).toBe(true);
          return;
        }
        expect(esFechaIso(fin)).toBe(true);
        expect(evaluarVigencia(r, datos, fin, aviso).estado).toBe('por_vencer');
        expect(evaluarVigencia(r, datos, sumarDias(fin, 1), aviso).estado).toBe('vencido');
        expect(evaluarVigencia(r, datos, sumarDias(fin, -aviso - 1), aviso).estado).toBe('vigente');
        expect(evaluarVigencia(r, datos, sumarDias(fin, -aviso), aviso).estado).toBe('por_vencer');
      }),
      { numRuns: 2000 },
    );
  });

  it('the state never goes back: vigente -> por_vencer -> vencido as today advances', () => {
    const order = { vigente: 0, por_vencer: 1, vencido: 2, sin_fecha: -1 } as const;
    fc.assert(
      fc.property(fechaArb, fechaArb, fechaArb, fc.integer({ min: 0, max: 90 }), (fin, a, b, aviso) => {
        const [d1, d2] = a <= b ? [a, b] : [b, a];
        expect(order[estadoDeFin(fin, d1, aviso)]).toBeLessThanOrEqual(order[estadoDeFin(fin, d2, aviso)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('each rule keeps its own bound', () => {
    fc.assert(
      fc.property(
        reglaArb,
        fechaArb,
        fechaArb,
        fc.integer({ min: 1_000_000, max: 999_999_999 }),
        (r, exp, otra, nit) => {
          const datos: DatosVigencia = {
            expedicion: exp,
            vencimiento: otra,
            proximoExamen: otra,
            nit: String(nit),
          };
          const fin = finVigencia(r, datos);
          switch (r.tipo) {
            case 'dias_desde_expedicion':
              expect(diaNumero(fin!) - diaNumero(exp)).toBe(r.dias);
              break;
            case 'fecha_del_documento':
              expect(fin).toBe(otra);
              break;
            case 'mes_certificado': {
              // A business day of the month after the one certified, at its PILA ordinal.
              const next =
                exp.slice(5, 7) === '12'
                  ? `${Number(exp.slice(0, 4)) + 1}-01`
                  : sumarMeses(`${exp.slice(0, 7)}-01`, 1).slice(0, 7);
              expect(fin!.slice(0, 7)).toBe(next);
              expect(esDiaHabil(fin!)).toBe(true);
              expect(fin! > exp).toBe(true);
              break;
            }
            case 'por_proyecto':
              expect(fin).toBe(sumarMeses(exp, r.mesesSinCambio));
              break;
            case 'segun_concepto': {
              const tope = sumarMeses(exp, r.mesesMaximos);
              expect(fin! <= tope).toBe(true);
              expect(fin).toBe(otra < tope ? otra : tope);
              break;
            }
            case 'sin_vencimiento':
              expect(fin).toBeNull();
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('every kind is covered by the generator', () => {
    expect(TIPOS_VIGENCIA).toHaveLength(6);
  });
});
