import { describe, expect, it } from 'vitest';
import { ESTANDARES_0312 } from './estandares';
import {
  REGLAS_0312,
  VALORACIONES_0312,
  accionesVencidas,
  calificar,
  clasificar,
  listaAplicable,
  noCumplidos,
  pisoLista,
  plazosPorClasificacion,
  validarPlan,
} from './reglas';
import type { AccionPlan0312, Lista0312, Respuesta0312, RespuestaItem0312 } from './tipos';

/**
 * The scoring rules of Resolución 0312 de 2019 (docs/decisions/133) with figures worked out by hand
 * from the Tabla de Valores (docs/res-0312.md), not from the code under test.
 */

const CODIGOS_7 = ['1.1.1', '1.1.4', '1.2.1', '2.4.1', '3.1.4', '4.1.2', '4.2.1'];
// prettier-ignore
const CODIGOS_21 = ['1.1.1', '1.1.3', '1.1.4', '1.1.6', '1.1.8', '1.2.1', '2.1.1', '2.4.1', '2.5.1', '3.1.1',
  '3.1.2', '3.1.4', '3.1.6', '3.2.1', '3.2.2', '4.1.2', '4.2.5', '4.2.6', '5.1.1', '5.1.2', '6.1.3'];
const TODOS = ESTANDARES_0312.map((e) => e.codigo);

/** Every code answered the same, then the given ones overridden. */
function respuestas(
  codigos: readonly string[],
  base: Respuesta0312,
  cambios: Record<string, Respuesta0312 | [Respuesta0312, string]> = {},
): RespuestaItem0312[] {
  return codigos.map((codigo) => {
    const c = cambios[codigo];
    if (c === undefined) return { codigo, respuesta: base };
    return Array.isArray(c) ? { codigo, respuesta: c[0], justificacion: c[1] } : { codigo, respuesta: c };
  });
}

describe('listaAplicable (arts. 3, 8, 9, 15, 16)', () => {
  it.each([
    [1, 1, 7],
    [10, 3, 7],
    [0, 2, 7],
    [11, 1, 21],
    [50, 3, 21], // art. 9 includes 50 although art. 27 says "menos de cincuenta"
    [51, 1, 60],
    [10, 4, 60], // art. 8: 10 or fewer in IV-V go to Capítulo III
    [30, 5, 60], // art. 15
    [500, 2, 60], // art. 16
  ] as const)('%i workers, class %i -> %i', (trabajadores, claseRiesgo, lista) => {
    expect(listaAplicable({ trabajadores, claseRiesgo })).toBe(lista);
  });

  it('refuses a class outside 1-5 or a worker count that is not a whole number', () => {
    expect(() => listaAplicable({ trabajadores: 5, claseRiesgo: 0 })).toThrow(RangeError);
    expect(() => listaAplicable({ trabajadores: 5, claseRiesgo: 6 })).toThrow(RangeError);
    expect(() => listaAplicable({ trabajadores: 5.5, claseRiesgo: 1 })).toThrow(RangeError);
    expect(() => listaAplicable({ trabajadores: -1, claseRiesgo: 1 })).toThrow(RangeError);
  });
});

describe('calificar (art. 27, literal reading)', () => {
  it('scores 100 when every item is met, whatever the list', () => {
    for (const lista of [7, 21, 60] as Lista0312[]) {
      const r = calificar({ lista, respuestas: respuestas(TODOS, 'cumple') });
      expect([r.puntaje, r.porcentajeLista, r.clasificacion, r.errores]).toEqual([100, 100, 'Aceptable', []]);
    }
  });

  it('scores 0 for a 60-item company that meets nothing', () => {
    const r = calificar({ lista: 60, respuestas: respuestas(TODOS, 'no_cumple') });
    expect([r.puntaje, r.porcentajeLista, r.pisoLista, r.clasificacion]).toEqual([0, 0, 0, 'Crítico']);
    expect(r.items.every((i) => i.puntos === 0 && !i.fueraDeLista)).toBe(true);
    expect(r.errores).toEqual([]);
  });

  it('scores 87.5 for a 7-item company that meets nothing: the 53 items outside its list weigh 87.5', () => {
    const r = calificar({ lista: 7, respuestas: respuestas(CODIGOS_7, 'no_cumple') });
    expect([r.puntaje, r.porcentajeLista, r.pisoLista, r.clasificacion]).toEqual([
      87.5,
      0,
      87.5,
      'Aceptable',
    ]);
    expect(r.items.filter((i) => i.fueraDeLista)).toHaveLength(53);
    expect(r.errores).toEqual([]);
  });

  it('scores 62.25 for a 21-item company that meets nothing: outside its list 62.25', () => {
    const r = calificar({ lista: 21, respuestas: respuestas(CODIGOS_21, 'no_cumple') });
    expect([r.puntaje, r.porcentajeLista, r.pisoLista, r.clasificacion]).toEqual([
      62.25,
      0,
      62.25,
      'Moderadamente aceptable',
    ]);
    expect(r.items.filter((i) => i.fueraDeLista)).toHaveLength(39);
  });

  it('scores a mixed 21-item company item by item', () => {
    // Outside the list: 100 - 37.75 = 62.25.
    // Cumple: 1.1.1 0.5 + 1.1.3 0.5 + 1.1.4 0.5 + 1.2.1 2 + 2.4.1 2 + 4.1.2 4 + 5.1.1 5 = 14.5
    // No aplica with justification: 6.1.3 1.25
    // No cumple (0): 1.1.6 0.5, 1.1.8 0.5, 2.1.1 1, 2.5.1 2, 3.1.1 1, 3.1.2 1, 3.1.4 1, 3.1.6 1,
    //   3.2.1 2, 3.2.2 2, 4.2.5 2.5, 4.2.6 2.5, 5.1.2 5 = 22 (14.5 + 1.25 + 22 = 37.75, the whole list)
    // Total 62.25 + 14.5 + 1.25 = 78.00: moderadamente aceptable (60 to 85).
    // On the list: 15.75 / 37.75 x 100 = 41.7218... -> 41.72.
    // Answers outside the list are ignored: 1.1.2 'no_cumple' still scores its 0.5, and 4.1.3
    // 'no_aplica' without a justification is no error.
    const dadas = [
      ...respuestas(CODIGOS_21, 'no_cumple', {
        '1.1.1': 'cumple',
        '1.1.3': 'cumple',
        '1.1.4': 'cumple',
        '1.2.1': 'cumple',
        '2.4.1': 'cumple',
        '4.1.2': 'cumple',
        '5.1.1': 'cumple',
        '6.1.3': ['no_aplica', 'La revisión la hace la casa matriz con su propio formato.'],
      }),
      { codigo: '1.1.2', respuesta: 'no_cumple' as const },
      { codigo: '4.1.3', respuesta: 'no_aplica' as const },
    ];
    const r = calificar({ lista: 21, respuestas: dadas });
    expect(r.errores).toEqual([]);
    expect(r.puntaje).toBe(78);
    expect(r.porcentajeLista).toBe(41.72);
    expect(r.clasificacion).toBe('Moderadamente aceptable');
    const item = (codigo: string) => r.items.find((i) => i.codigo === codigo);
    expect(item('1.1.2')).toEqual({
      codigo: '1.1.2',
      peso: 0.5,
      respuesta: 'no_aplica',
      puntos: 0.5,
      fueraDeLista: true,
    });
    expect(item('4.1.3')).toMatchObject({ respuesta: 'no_aplica', puntos: 3, fueraDeLista: true });
    expect(item('6.1.3')).toMatchObject({ respuesta: 'no_aplica', puntos: 1.25, fueraDeLista: false });
    expect(item('5.1.2')).toMatchObject({ respuesta: 'no_cumple', puntos: 0, fueraDeLista: false });
    expect(r.items.map((i) => i.codigo)).toEqual(TODOS);
    expect(noCumplidos(r)).toEqual([
      '1.1.6',
      '1.1.8',
      '2.1.1',
      '2.5.1',
      '3.1.1',
      '3.1.2',
      '3.1.4',
      '3.1.6',
      '3.2.1',
      '3.2.2',
      '4.2.5',
      '4.2.6',
      '5.1.2',
    ]);
  });

  it('scores a mixed 7-item company', () => {
    // Outside 87.5; cumple 1.1.1 0.5 + 1.2.1 2 + 4.2.1 2.5 = 5; no aplica justified 3.1.4 1;
    // no cumple 1.1.4 0.5, 2.4.1 2, 4.1.2 4. Total 87.5 + 5 + 1 = 93.5; list 6 / 12.5 = 48 %.
    const r = calificar({
      lista: 7,
      respuestas: respuestas(CODIGOS_7, 'no_cumple', {
        '1.1.1': 'cumple',
        '1.2.1': 'cumple',
        '4.2.1': 'cumple',
        '3.1.4': ['no_aplica', 'Sin trabajadores vinculados este año.'],
      }),
    });
    expect([r.puntaje, r.porcentajeLista, r.clasificacion, r.errores]).toEqual([93.5, 48, 'Aceptable', []]);
  });

  it('reaches exactly 85 (moderadamente aceptable) and 85.5 (aceptable) with a 21-item company', () => {
    // 62.25 + 5.1.1 5 + 5.1.2 5 + 4.1.2 4 + 4.2.5 2.5 + 4.2.6 2.5 + 1.2.1 2 + 6.1.3 1.25 + 1.1.1 0.5 = 85.00
    const cumple = ['5.1.1', '5.1.2', '4.1.2', '4.2.5', '4.2.6', '1.2.1', '6.1.3', '1.1.1'];
    const base = Object.fromEntries(cumple.map((c) => [c, 'cumple' as const]));
    const r85 = calificar({ lista: 21, respuestas: respuestas(CODIGOS_21, 'no_cumple', base) });
    expect([r85.puntaje, r85.clasificacion]).toEqual([85, 'Moderadamente aceptable']);
    // + 1.1.3 0.5 = 85.50
    const r855 = calificar({
      lista: 21,
      respuestas: respuestas(CODIGOS_21, 'no_cumple', { ...base, '1.1.3': 'cumple' }),
    });
    expect([r855.puntaje, r855.clasificacion]).toEqual([85.5, 'Aceptable']);
  });

  it('reaches exactly 60 (moderadamente aceptable) and 59 (crítico) with a 60-item company', () => {
    // Meeting only the HACER cycle (60 points): 60.00.
    const hacer = ESTANDARES_0312.filter((e) => e.ciclo === 'HACER').map((e) => e.codigo);
    const soloHacer = Object.fromEntries(hacer.map((c) => [c, 'cumple' as const]));
    const r60 = calificar({ lista: 60, respuestas: respuestas(TODOS, 'no_cumple', soloHacer) });
    expect([r60.puntaje, r60.clasificacion]).toEqual([60, 'Moderadamente aceptable']);
    // Without 3.3.1 (1 point): 59.00.
    const r59 = calificar({
      lista: 60,
      respuestas: respuestas(TODOS, 'no_cumple', { ...soloHacer, '3.3.1': 'no_cumple' }),
    });
    expect([r59.puntaje, r59.clasificacion]).toEqual([59, 'Crítico']);
  });

  it("refuses 'no_aplica' without a justification on an item of the list, and scores it 0", () => {
    const r = calificar({
      lista: 60,
      respuestas: respuestas(TODOS, 'cumple', { '1.1.5': 'no_aplica', '4.1.3': ['no_aplica', '   '] }),
    });
    expect(r.errores.map((e) => [e.codigo, e.regla])).toEqual([
      ['1.1.5', 'no-aplica.justificacion'],
      ['4.1.3', 'no-aplica.justificacion'],
    ]);
    expect(r.errores[0].mensaje).toContain('1.1.5');
    expect(r.errores[0].mensaje).toContain('justificación');
    // 100 - 0.5 - 3
    expect(r.puntaje).toBe(96.5);
    const justificada = calificar({
      lista: 60,
      respuestas: respuestas(TODOS, 'cumple', {
        '4.1.3': ['no_aplica', 'No se usan sustancias carcinógenas.'],
      }),
    });
    expect([justificada.puntaje, justificada.errores]).toEqual([100, []]);
  });

  it('reports unknown codes, repeated codes and unanswered list items, naming each code', () => {
    const dadas = respuestas(
      CODIGOS_7.filter((c) => c !== '2.4.1'),
      'cumple',
    );
    const r = calificar({
      lista: 7,
      respuestas: [
        ...dadas,
        { codigo: '8.1.1', respuesta: 'cumple' },
        { codigo: '1.1.1', respuesta: 'no_cumple' },
      ],
    });
    expect(r.errores.map((e) => [e.codigo, e.regla])).toEqual([
      ['8.1.1', 'codigo.desconocido'],
      ['1.1.1', 'respuesta.faltante'],
      ['2.4.1', 'respuesta.faltante'],
    ]);
    for (const e of r.errores) expect(e.mensaje).toContain(e.codigo);
    // 2.4.1 (2 points) unanswered scores 0: 100 - 2 = 98; the first answer of 1.1.1 counts.
    expect(r.puntaje).toBe(98);
    expect(r.items.find((i) => i.codigo === '2.4.1')?.respuesta).toBeNull();
  });

  it('needs no answer outside a small company list', () => {
    expect(calificar({ lista: 21, respuestas: respuestas(CODIGOS_21, 'cumple') })).toMatchObject({
      puntaje: 100,
      errores: [],
    });
    expect(calificar({ lista: 60, respuestas: respuestas(CODIGOS_21, 'cumple') }).errores).toHaveLength(39);
  });

  it("keeps, for any answers, the score equal to the items' points, never below the floor", () => {
    // A fixed pseudo-random sequence (LCG), so that a failure repeats.
    let semilla = 12345;
    const azar = (n: number) => {
      semilla = (semilla * 1103515245 + 12345) % 2147483648;
      return semilla % n;
    };
    const opciones: Respuesta0312[] = ['cumple', 'no_cumple', 'no_aplica'];
    for (let vuelta = 0; vuelta < 300; vuelta++) {
      const lista = ([7, 21, 60] as const)[azar(3)];
      const dadas = TODOS.map((codigo) => ({
        codigo,
        respuesta: opciones[azar(3)],
        justificacion: azar(2) === 0 ? 'Justificada.' : null,
      }));
      const r = calificar({ lista, respuestas: dadas });
      const centesimas = r.items.reduce((s, i) => s + Math.round(i.puntos * 100), 0);
      expect(r.puntaje).toBe(centesimas / 100);
      expect(r.puntaje).toBeGreaterThanOrEqual(r.pisoLista);
      expect(r.puntaje).toBeLessThanOrEqual(100);
      expect(Math.round(r.puntaje * 100) % 25).toBe(0);
      if (lista === 60) expect(r.porcentajeLista).toBe(r.puntaje);
      expect(r.clasificacion).toBe(clasificar(r.puntaje));
    }
  });

  it('gives the floor of each list', () => {
    expect([pisoLista(7), pisoLista(21), pisoLista(60)]).toEqual([87.5, 62.25, 0]);
  });
});

describe('clasificar (art. 28)', () => {
  it.each([
    [0, 'Crítico'],
    [59.75, 'Crítico'],
    [60, 'Moderadamente aceptable'],
    [72.5, 'Moderadamente aceptable'],
    [85, 'Moderadamente aceptable'],
    [85.25, 'Aceptable'],
    [100, 'Aceptable'],
  ] as const)('%d -> %s', (puntaje, clasificacion) => {
    expect(clasificar(puntaje)).toBe(clasificacion);
  });

  it('carries the action of the table and the legal basis of every band', () => {
    expect(VALORACIONES_0312['Crítico'].accion).toContain('de inmediato');
    expect(VALORACIONES_0312['Crítico'].accion).toContain('tres (3) meses');
    expect(VALORACIONES_0312['Moderadamente aceptable'].accion).toContain('seis (6) meses');
    expect(VALORACIONES_0312['Aceptable'].accion).toContain('Plan Anual de Trabajo');
    for (const v of Object.values(VALORACIONES_0312)) expect(v.baseLegal).toMatch(/0312 de 2019.*art\. 28/);
    for (const r of Object.values(REGLAS_0312)) expect(r.baseLegal).toMatch(/art/);
  });
});

describe('plazosPorClasificacion (arts. 26, 28)', () => {
  it('gives the plan at once, the ARL report in 3 months and the July report for crítico', () => {
    expect(plazosPorClasificacion('Crítico', '2026-12-15')).toEqual({
      planInmediato: '2026-12-15',
      reporteArl: '2027-03-15',
      avancesJulio: '2027-07-31',
      inicioPlanAnual: '2027-01-01',
    });
  });

  it('gives the ARL report in 6 months for moderadamente aceptable, clamped to the month end', () => {
    expect(plazosPorClasificacion('Moderadamente aceptable', '2026-08-31')).toEqual({
      planInmediato: null,
      reporteArl: '2027-02-28',
      avancesJulio: '2027-07-31',
      inicioPlanAnual: '2027-01-01',
    });
    // An evaluation before July reports that same July; in July, the next one.
    expect(plazosPorClasificacion('Moderadamente aceptable', '2026-03-10').avancesJulio).toBe('2026-07-31');
    expect(plazosPorClasificacion('Moderadamente aceptable', '2026-07-01').avancesJulio).toBe('2027-07-31');
  });

  it('gives only the next annual plan for aceptable', () => {
    expect(plazosPorClasificacion('Aceptable', '2026-12-01')).toEqual({
      planInmediato: null,
      reporteArl: null,
      avancesJulio: null,
      inicioPlanAnual: '2027-01-01',
    });
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => plazosPorClasificacion('Crítico', '2026-02-30')).toThrow(RangeError);
  });
});

describe('validarPlan and accionesVencidas (art. 28)', () => {
  const completa = (
    codigo: string,
    plazo = '2027-03-31',
    estado: AccionPlan0312['estado'] = 'pendiente',
  ) => ({
    codigo,
    actividad: 'Conformar la brigada y capacitarla',
    responsable: 'Coordinadora SST',
    plazo,
    recursos: '$2.000.000 y 16 horas',
    estado,
  });

  it('asks for a complete action for every item not met', () => {
    const errores = validarPlan(
      ['5.1.2', '2.5.1', '3.1.1', '4.2.6'],
      [
        completa('5.1.2'),
        {
          codigo: '2.5.1',
          actividad: 'Archivo',
          responsable: ' ',
          plazo: '',
          recursos: null,
          estado: 'pendiente',
        },
        { ...completa('3.1.1'), plazo: '2027-02-30' },
        completa('9.9.9'),
        completa('1.1.1'), // an action for an item that is met is allowed
      ],
    );
    expect(errores.map((e) => [e.codigo, e.regla])).toEqual([
      ['9.9.9', 'codigo.desconocido'],
      ['2.5.1', 'plan'],
      ['3.1.1', 'plan'],
      ['4.2.6', 'plan'],
    ]);
    expect(errores[1].mensaje).toBe(
      'Ítem 2.5.1: a la acción del plan de mejoramiento le falta el responsable, el plazo y los recursos.',
    );
    expect(errores[2].mensaje).toContain('el plazo');
    expect(errores[3].mensaje).toBe(
      'Ítem 4.2.6: no se cumple y no tiene una acción en el plan de mejoramiento.',
    );
  });

  it('accepts an item with one complete action among incomplete ones', () => {
    expect(validarPlan(['5.1.2'], [{ codigo: '5.1.2', estado: 'pendiente' }, completa('5.1.2')])).toEqual([]);
  });

  it('lists the actions not done whose deadline is before today', () => {
    const plan = [
      completa('5.1.2', '2027-03-30'),
      completa('2.5.1', '2027-03-31'), // due today: not overdue yet
      completa('3.1.1', '2027-01-15', 'cumplida'),
      completa('3.1.2', '2027-01-15', 'en_curso'),
      { codigo: '4.2.6', estado: 'pendiente' as const }, // no deadline
    ];
    expect(accionesVencidas(plan, '2027-03-31').map((a) => a.codigo)).toEqual(['5.1.2', '3.1.2']);
    expect(accionesVencidas(plan, '2027-01-15')).toEqual([]);
  });
});
