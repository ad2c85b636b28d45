import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diaSemana,
  diasDelMes,
  diasEntre,
  finDiaColombia,
  horaEnColombia,
  hoyEnColombia,
  inicioDiaColombia,
  periodoEnColombia,
  domingoDePascua,
  enesimoDiaHabil,
  esDiaHabil,
  esFechaIso,
  esFestivo,
  fechaIso,
  festivosColombia,
  sumarDias,
  sumarMeses,
} from './calendario';
import { diaHabilPila, plazoPila, plazoPilaDelPeriodo, PLAZOS_PILA } from './rules/pila-deadlines';

/** Colombian calendar days and PILA deadlines (decision 106). */

describe('holidays (Ley 51 de 1983, Easter-based ones computed)', () => {
  it('Easter Sundays of known years', () => {
    expect(domingoDePascua(2024)).toBe('2024-03-31');
    expect(domingoDePascua(2025)).toBe('2025-04-20');
    expect(domingoDePascua(2026)).toBe('2026-04-05');
    expect(domingoDePascua(2000)).toBe('2000-04-23');
    expect(domingoDePascua(2038)).toBe('2038-04-25');
  });

  it('the 18 holidays of 2024 as published', () => {
    expect(festivosColombia(2024).map((h) => h.fecha)).toEqual([
      '2024-01-01',
      '2024-01-08',
      '2024-03-25',
      '2024-03-28',
      '2024-03-29',
      '2024-05-01',
      '2024-05-13',
      '2024-06-03',
      '2024-06-10',
      '2024-07-01',
      '2024-07-20',
      '2024-08-07',
      '2024-08-19',
      '2024-10-14',
      '2024-11-04',
      '2024-11-11',
      '2024-12-08',
      '2024-12-25',
    ]);
  });

  it('2025: San Pedro and Sagrado Corazón share Monday 30 June; 1 May is a Thursday holiday', () => {
    const j30 = festivosColombia(2025).filter((h) => h.fecha === '2025-06-30');
    expect(j30.map((h) => h.nombre).sort()).toEqual(['Sagrado Corazón de Jesús', 'San Pedro y San Pablo']);
    expect(esFestivo('2025-05-01')).toBe(true);
    expect(diaSemana('2025-05-01')).toBe(4);
    expect(esDiaHabil('2025-05-02')).toBe(true);
  });

  it('property: every year has 18 holidays; moved ones fall on Monday, fixed ones on their date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1984, max: 2200 }), (ano) => {
        const list = festivosColombia(ano);
        expect(list).toHaveLength(18);
        for (const h of list) expect(h.fecha.slice(0, 4)).toBe(String(ano));
        const byName = new Map(list.map((h) => [h.nombre, h.fecha]));
        for (const moved of [
          'Día de los Reyes Magos',
          'Día de San José',
          'Ascensión del Señor',
          'Corpus Christi',
          'Sagrado Corazón de Jesús',
          'San Pedro y San Pablo',
          'La Asunción de la Virgen',
          'Día de la Raza',
          'Día de Todos los Santos',
          'Independencia de Cartagena',
        ])
          expect(diaSemana(byName.get(moved)!), moved).toBe(1);
        expect(diaSemana(domingoDePascua(ano))).toBe(0);
        expect(byName.get('Viernes Santo')).toBe(sumarDias(domingoDePascua(ano), -2));
        for (const [name, md] of [
          ['Año Nuevo', '01-01'],
          ['Día del Trabajo', '05-01'],
          ['Día de la Independencia', '07-20'],
          ['Batalla de Boyacá', '08-07'],
          ['Día de la Inmaculada Concepción', '12-08'],
          ['Día de Navidad', '12-25'],
        ])
          expect(byName.get(name)).toBe(`${ano}-${md}`);
        // A moved holiday lands within 6 days after its nominal date.
        const reyes = byName.get('Día de los Reyes Magos')!;
        expect(reyes >= `${ano}-01-06` && reyes <= `${ano}-01-12`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('calendar arithmetic', () => {
  const day = fc
    .record({ ano: fc.integer({ min: 1990, max: 2100 }), mes: fc.integer({ min: 1, max: 12 }), d: fc.nat() })
    .map(({ ano, mes, d }) => fechaIso(ano, mes, (d % diasDelMes(ano, mes)) + 1));
  const monthEnd = fc
    .record({ ano: fc.integer({ min: 1990, max: 2100 }), mes: fc.integer({ min: 1, max: 12 }) })
    .map(({ ano, mes }) => fechaIso(ano, mes, diasDelMes(ano, mes)));
  const feb29 = fc.integer({ min: 497, max: 525 }).map((q) => `${q * 4}-02-29`);
  const anyDay = fc.oneof(day, monthEnd, feb29.filter(esFechaIso));

  it('29 February only in leap years; month ends clamp when adding months', () => {
    expect(esFechaIso('2024-02-29')).toBe(true);
    expect(esFechaIso('2026-02-29')).toBe(false);
    expect(esFechaIso('2100-02-29')).toBe(false);
    expect(esFechaIso('2000-02-29')).toBe(true);
    expect(sumarMeses('2024-08-31', 18)).toBe('2026-02-28');
    expect(sumarMeses('2026-08-31', 18)).toBe('2028-02-29');
    expect(sumarMeses('2024-02-29', 12)).toBe('2025-02-28');
    expect(sumarMeses('2024-02-29', 48)).toBe('2028-02-29');
    expect(sumarDias('2024-02-28', 1)).toBe('2024-02-29');
    expect(sumarDias('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('property: adding days round-trips and moves the weekday; adding months keeps or clamps the day', () => {
    fc.assert(
      fc.property(
        anyDay,
        fc.integer({ min: -4000, max: 4000 }),
        fc.integer({ min: 0, max: 120 }),
        (iso, n, m) => {
          expect(sumarDias(sumarDias(iso, n), -n)).toBe(iso);
          expect(diaSemana(sumarDias(iso, n))).toBe((((diaSemana(iso) + n) % 7) + 7) % 7);
          const later = sumarMeses(iso, m);
          expect(esFechaIso(later)).toBe(true);
          const [y, mo, d] = iso.split('-').map(Number);
          const [ly, lm, ld] = later.split('-').map(Number);
          expect(ly * 12 + lm - (y * 12 + mo)).toBe(m);
          expect(ld).toBe(Math.min(d, diasDelMes(ly, lm)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('does not depend on the process time zone (plain calendar days)', () => {
    // Day numbers come from UTC arithmetic; a local-time implementation would shift here under TZ=America/Bogota.
    expect(sumarDias('2026-03-08', 1)).toBe('2026-03-09');
    expect(sumarDias('2026-11-01', 1)).toBe('2026-11-02');
    expect(diaSemana('2026-11-03')).toBe(2);
  });
});

describe('business days and PILA deadlines (Decreto 1990 de 2016)', () => {
  it('the worked example: NIT 900123456 -> 9.º día hábil; period April 2025 -> 14 May 2025', () => {
    expect(diaHabilPila('900123456')).toBe(9);
    expect(diaHabilPila('900123456-8')).toBe(9);
    expect(diaHabilPila('900.123.456-8')).toBe(9);
    expect(plazoPila('900123456', { ano: 2025, mes: 5 })).toBe('2025-05-14');
    expect(plazoPilaDelPeriodo('900123456', { ano: 2025, mes: 4 })).toBe('2025-05-14');
    // May 2025's business days: 2 (1.º), 5, 6, 7, 8, 9, 12, 13, 14 (9.º).
    expect(enesimoDiaHabil(2025, 5, 1)).toBe('2025-05-02');
    expect(enesimoDiaHabil(2025, 5, 2)).toBe('2025-05-05');
  });

  it('the bands of the table, edges included', () => {
    expect(diaHabilPila('800987600')).toBe(2);
    expect(diaHabilPila('800987607')).toBe(2);
    expect(diaHabilPila('800987608')).toBe(3);
    expect(diaHabilPila('800987654')).toBe(9);
    expect(diaHabilPila('800987669')).toBe(11);
    expect(diaHabilPila('800987670')).toBe(12);
    expect(diaHabilPila('800987699')).toBe(16);
    expect(diaHabilPila('5')).toBe(2);
    // The bands cover 00-99 once each, in order.
    const covered = PLAZOS_PILA.flatMap((b) =>
      Array.from({ length: b.hasta - b.desde + 1 }, (_, i) => b.desde + i),
    );
    expect(covered).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(() => diaHabilPila('-')).toThrow();
  });

  it('December 2025 and January 2026: holidays 8 Dec, 25 Dec, 1 Jan and Reyes on Monday 12 Jan are skipped', () => {
    // January 2026: 1 (Thursday, holiday), 2 (1.º), 5, 6, 7, 8, 9, then Monday 12 is Reyes.
    expect(enesimoDiaHabil(2026, 1, 1)).toBe('2026-01-02');
    expect(enesimoDiaHabil(2026, 1, 6)).toBe('2026-01-09');
    expect(enesimoDiaHabil(2026, 1, 7)).toBe('2026-01-13');
    expect(plazoPilaDelPeriodo('900123499', { ano: 2025, mes: 12 })).toBe(enesimoDiaHabil(2026, 1, 16));
  });

  it('property: the deadline is a business day of the payment month with exactly N-1 business days before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2017, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 100000, max: 9999999 }),
        (ano, mes, last2, head) => {
          const nit = `${head}${String(last2).padStart(2, '0')}`;
          const n = diaHabilPila(nit);
          const due = plazoPila(nit, { ano, mes });
          expect(due.slice(0, 7)).toBe(fechaIso(ano, mes, 1).slice(0, 7));
          expect(esDiaHabil(due)).toBe(true);
          let before = 0;
          for (let d = 1; d < Number(due.slice(8)); d++) if (esDiaHabil(fechaIso(ano, mes, d))) before++;
          expect(before).toBe(n - 1);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('the Colombian day of an instant (decision 174)', () => {
  it('today and the month turn at midnight in Bogotá, not in UTC', () => {
    const antes = new Date('2026-01-01T04:59:59.999Z'); // 23:59 on 31/12/2025 in Bogotá
    const despues = new Date('2026-01-01T05:00:00.000Z');
    expect(hoyEnColombia(antes)).toBe('2025-12-31');
    expect(periodoEnColombia(antes)).toEqual({ ano: 2025, mes: 12 });
    expect(horaEnColombia(antes)).toBe(23);
    expect(hoyEnColombia(despues)).toBe('2026-01-01');
    expect(periodoEnColombia(despues)).toEqual({ ano: 2026, mes: 1 });
    expect(horaEnColombia(despues)).toBe(0);
  });

  it('a day starts at 05:00 UTC and ends where the next one starts', () => {
    expect(inicioDiaColombia('2026-03-10').toISOString()).toBe('2026-03-10T05:00:00.000Z');
    expect(finDiaColombia('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
    expect(inicioDiaColombia('2028-02-29').toISOString()).toBe('2028-02-29T05:00:00.000Z');
    expect(() => inicioDiaColombia('2026-02-29')).toThrow(RangeError);
  });

  it('every instant of a day reads as that day, and its start and end bound it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const dia = hoyEnColombia(new Date(ms));
        expect(inicioDiaColombia(dia).getTime()).toBeLessThanOrEqual(ms);
        expect(finDiaColombia(dia).getTime()).toBeGreaterThan(ms);
        expect(hoyEnColombia(inicioDiaColombia(dia))).toBe(dia);
      }),
      { numRuns: 500 },
    );
  });

  it('whole days between two calendar days', () => {
    expect(diasEntre('2026-02-28', '2026-03-01')).toBe(1);
    expect(diasEntre('2028-02-28', '2028-03-01')).toBe(2);
    expect(diasEntre('2026-03-10', '2026-03-03')).toBe(-7);
  });
});
