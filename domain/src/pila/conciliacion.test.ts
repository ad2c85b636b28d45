import { describe, expect, it } from 'vitest';
import { nitCheckDigit } from '../rules/nit';
import { CLASES_RIESGO, claseRiesgo, tarifaEnClase } from './clases-riesgo';
import { conciliarPila, ibcMinimo } from './conciliacion';
import { PILA_REGLAS } from './reglas';
import type {
  PilaArchivo,
  PilaContexto,
  PilaCotizante,
  PilaEncabezado,
  PilaHallazgo,
  PilaLinea,
  PilaTrabajador,
} from './tipos';

/** The PILA reconciliation (docs/decisions/128): one mutation per check, against the valid case. */

const NIT = '900123456';
const DV = nitCheckDigit(NIT);
const SMMLV_2025 = 1_423_500;

function encabezado(e: Partial<PilaEncabezado> = {}): PilaEncabezado {
  return {
    razonSocial: 'CONSTRUCTORA EJEMPLO SAS',
    tipoDocumento: 'NI',
    numeroDocumento: NIT,
    dv: DV,
    tipoPlanilla: 'E',
    planillaAsociada: null,
    fechaPagoAsociada: null,
    codigoArl: '14-23',
    periodo: '2025-04',
    periodoSalud: '2025-05',
    numeroPlanilla: null,
    fechaPago: null,
    totalCotizantes: 1,
    valorNomina: SMMLV_2025,
    tipoAportante: '01',
    codigoOperador: null,
    ...e,
  };
}

/** A full month of a dependant on class V at the initial rate, 1 SMMLV. */
function linea(l: Partial<PilaLinea> = {}): PilaLinea {
  return {
    linea: 2,
    tipoDocumento: 'CC',
    numeroDocumento: '1012345678',
    tipoCotizante: '01',
    primerApellido: 'PEREZ',
    segundoApellido: 'GOMEZ',
    primerNombre: 'ANA',
    segundoNombre: 'MARIA',
    ing: '',
    ret: '',
    correccion: '',
    sln: '',
    ige: '',
    lma: '',
    vac: '',
    irl: 0,
    codigoAfp: '230301',
    codigoEps: 'EPS037',
    codigoCcf: 'CCF22',
    diasPension: 30,
    diasSalud: 30,
    diasArl: 30,
    diasCcf: 30,
    salarioBasico: SMMLV_2025,
    ibcPension: SMMLV_2025,
    ibcSalud: SMMLV_2025,
    ibcArl: SMMLV_2025,
    ibcCcf: SMMLV_2025,
    tarifaArl: 0.0696,
    cotizacionArl: 99_100,
    codigoArl: '14-23',
    claseRiesgo: 5,
    fechaIngreso: null,
    fechaRetiro: null,
    actividadArl: '5411101',
    ...l,
  };
}

function cotizante(lineas: PilaLinea[]): PilaCotizante {
  const l = lineas[0];
  return {
    tipoDocumento: l.tipoDocumento,
    numeroDocumento: l.numeroDocumento,
    nombre: [l.primerNombre, l.segundoNombre, l.primerApellido, l.segundoApellido].filter(Boolean).join(' '),
    lineas,
  };
}

function archivo(
  cotizantes: PilaCotizante[],
  e: Partial<PilaEncabezado> = {},
  hallazgos: PilaHallazgo[] = [],
): PilaArchivo {
  return {
    encabezado: encabezado(e),
    cotizantes,
    hallazgos,
    lineas: 1 + cotizantes.reduce((s, c) => s + c.lineas.length, 0),
  };
}

function trabajador(t: Partial<PilaTrabajador> = {}): PilaTrabajador {
  return {
    empleadoId: 1,
    tipodocumento: 'CC',
    numerodocumento: '1012345678',
    nombre: 'Ana María Pérez Gómez',
    fechaIngreso: '2024-02-01',
    fechaRetiro: null,
    diasEnObra: 22,
    eps: null,
    arl: null,
    ...t,
  };
}

function contexto(c: Partial<PilaContexto> = {}): PilaContexto {
  return {
    nit: NIT,
    dv: DV,
    razonSocial: 'Constructora Ejemplo S.A.S.',
    ano: 2025,
    mes: 4,
    claseRiesgo: 5,
    esperados: [trabajador()],
    registrados: [],
    smmlv: { valor: SMMLV_2025, norma: 'Decreto 1572 de 2024' },
    ...c,
  };
}

const reglas = (r: { hallazgos: PilaHallazgo[] }) => r.hallazgos.map((h) => h.regla);
const valido = () => archivo([cotizante([linea()])]);

describe('conciliarPila: the valid case', () => {
  it('reconciles a planilla with every expected worker paid as the portal knows them', () => {
    const r = conciliarPila(valido(), contexto());
    expect(r.hallazgos).toEqual([]);
    expect(r.veredicto).toBe('Conciliada');
    expect(r).toMatchObject({
      ano: 2025,
      mes: 4,
      esperados: 1,
      encontrados: 1,
      faltantes: [],
      sobrantes: [],
    });
    expect(r.pagados).toEqual(['CC:1012345678']);
    expect(r.rechazada).toBeUndefined();
    // NIT ending in 56: 9th business day of May 2025 (1 May is a holiday), deadlines.md worked example.
    expect(r.fechaLimite).toBe('2025-05-14');
    expect(r.fuenteFechaLimite).toContain('Decreto 1990 de 2016');
  });

  it('joins a document typed with spaces or lower case', () => {
    const r = conciliarPila(
      valido(),
      contexto({ esperados: [trabajador({ tipodocumento: 'cc', numerodocumento: ' 1012345678 ' })] }),
    );
    expect(r.encontrados).toBe(1);
    expect(r.veredicto).toBe('Conciliada');
  });
});

describe('conciliarPila: the aportante', () => {
  it("refuses another company's planilla (NIT, header field 6)", () => {
    const otro = '800987654';
    const r = conciliarPila(
      archivo([cotizante([linea()])], { numeroDocumento: otro, dv: nitCheckDigit(otro) }),
      contexto(),
    );
    expect(reglas(r)).toEqual(['aportante.nit']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', linea: 1, campo: 6 });
    expect(r.hallazgos[0].mensaje).toContain('800987654');
    expect(r.rechazada).toBe(true);
    expect(r.veredicto).toBe('Con errores');
    expect(r.pagados).toEqual([]);
    expect(r.encontrados).toBe(0);
  });

  it('refuses the right NIT with a wrong check digit (field 7)', () => {
    const r = conciliarPila(archivo([cotizante([linea()])], { dv: (DV + 1) % 10 }), contexto());
    expect(reglas(r)).toEqual(['aportante.dv']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 7 });
    expect(r.rechazada).toBe(true);
  });

  it('refuses a file without a valid header', () => {
    const sinEncabezado: PilaArchivo = { ...valido(), encabezado: null };
    const r = conciliarPila(sinEncabezado, contexto());
    expect(reglas(r)).toEqual(['aportante.nit']);
    expect(r.rechazada).toBe(true);
    expect(r.veredicto).toBe('Con errores');
  });
});

describe('conciliarPila: the period', () => {
  it('refuses a planilla of another month with that error, naming both periods, and pays nobody', () => {
    const r = conciliarPila(
      archivo([cotizante([linea()])], { periodo: '2025-03', periodoSalud: '2025-04' }),
      contexto(),
    );
    expect(reglas(r)).toEqual(['periodo']);
    expect(r.hallazgos[0].mensaje).toContain('Marzo 2025');
    expect(r.hallazgos[0].mensaje).toContain('Abril 2025');
    expect(r.pagados).toEqual([]);
    expect(r.veredicto).toBe('Con errores');
    expect(r.rechazada).toBe(true);
  });
});

describe('conciliarPila: who is in the planilla', () => {
  it('reports an expected worker missing from the planilla as an error and in faltantes', () => {
    const otro = trabajador({ empleadoId: 2, numerodocumento: '79111222', nombre: 'Luis Rojas' });
    const r = conciliarPila(valido(), contexto({ esperados: [trabajador(), otro] }));
    expect(reglas(r)).toEqual(['trabajador.faltante']);
    expect(r.hallazgos[0]).toMatchObject({
      severidad: 'error',
      tipodocumento: 'CC',
      numerodocumento: '79111222',
    });
    expect(r.hallazgos[0].mensaje).toContain('Luis Rojas (CC 79111222)');
    expect(r.faltantes).toEqual([{ tipodocumento: 'CC', numerodocumento: '79111222', nombre: 'Luis Rojas' }]);
    expect(r).toMatchObject({ esperados: 2, encontrados: 1, pagados: ['CC:1012345678'] });
  });

  it('warns of a cotizante not registered on the contract, and lists them in sobrantes', () => {
    const extra = linea({
      linea: 3,
      numeroDocumento: '52333444',
      primerNombre: 'LUZ',
      segundoNombre: '',
      primerApellido: 'DIAZ',
      segundoApellido: '',
    });
    const r = conciliarPila(archivo([cotizante([linea()]), cotizante([extra])]), contexto());
    expect(reglas(r)).toEqual(['trabajador.sobrante']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'advertencia', linea: 3, numerodocumento: '52333444' });
    expect(r.sobrantes).toEqual([{ tipodocumento: 'CC', numerodocumento: '52333444', nombre: 'LUZ DIAZ' }]);
    expect(r.veredicto).toBe('Con advertencias');
  });

  it('does not call sobrante a worker registered on the contract but not expected this month, nor a tipo 40 beneficiary', () => {
    const registrado = linea({ linea: 3, numeroDocumento: '52333444' });
    const upc = linea({ linea: 4, numeroDocumento: '1099888777', tipoCotizante: '40' });
    const r = conciliarPila(
      archivo([cotizante([linea()]), cotizante([registrado]), cotizante([upc])]),
      contexto({ registrados: [trabajador({ empleadoId: 3, numerodocumento: '52333444' })] }),
    );
    expect(r.hallazgos).toEqual([]);
    expect(r.sobrantes).toEqual([]);
    expect(r.pagados).toEqual(['CC:1012345678']);
  });
});

describe('conciliarPila: entries and exits (ING / RET)', () => {
  it('flags an ING dated other than the entry the portal records', () => {
    const ctx = contexto({ esperados: [trabajador({ fechaIngreso: '2025-04-07', diasEnObra: 15 })] });
    const bien = archivo([
      cotizante([
        linea({
          ing: 'X',
          fechaIngreso: '2025-04-07',
          diasArl: 24,
          diasPension: 24,
          diasSalud: 24,
          diasCcf: 24,
          ibcPension: 1_138_800,
          ibcSalud: 1_138_800,
          ibcArl: 1_138_800,
        }),
      ]),
    ]);
    expect(conciliarPila(bien, ctx).hallazgos).toEqual([]);
    const tarde = archivo([
      cotizante([
        linea({
          ing: 'X',
          fechaIngreso: '2025-04-08',
          diasArl: 23,
          diasPension: 23,
          diasSalud: 23,
          diasCcf: 23,
          ibcPension: 1_091_350,
          ibcSalud: 1_091_350,
          ibcArl: 1_091_350,
        }),
      ]),
    ]);
    const r = conciliarPila(tarde, ctx);
    expect(reglas(r)).toEqual(['novedad.ingresoFecha']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 80, linea: 2 });
    expect(r.hallazgos[0].mensaje).toContain('08/04/2025');
    expect(r.hallazgos[0].mensaje).toContain('07/04/2025');
  });

  it('flags an entry inside the period without ING, and not one before it', () => {
    const r = conciliarPila(valido(), contexto({ esperados: [trabajador({ fechaIngreso: '2025-04-01' })] }));
    expect(reglas(r)).toEqual(['novedad.ingresoFalta']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 15 });
    expect(
      conciliarPila(valido(), contexto({ esperados: [trabajador({ fechaIngreso: '2025-03-31' })] }))
        .hallazgos,
    ).toEqual([]);
  });

  it('warns when a worker who left in the period has no RET', () => {
    const ctx = contexto({ esperados: [trabajador({ fechaRetiro: '2025-04-20', diasEnObra: 14 })] });
    const r = conciliarPila(valido(), ctx);
    expect(reglas(r)).toEqual(['novedad.retiroFalta']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'advertencia', campo: 16 });
    expect(r.veredicto).toBe('Con advertencias');
    const conRet = archivo([
      cotizante([
        linea({
          ret: 'X',
          fechaRetiro: '2025-04-20',
          diasArl: 20,
          diasPension: 20,
          diasSalud: 20,
          diasCcf: 20,
          ibcPension: 949_000,
          ibcSalud: 949_000,
          ibcArl: 949_000,
        }),
      ]),
    ]);
    expect(conciliarPila(conRet, ctx).hallazgos).toEqual([]);
  });

  it('flags a RET for a worker the portal shows active, and a RET dated otherwise', () => {
    const conRet = archivo([
      cotizante([
        linea({
          ret: 'X',
          fechaRetiro: '2025-04-20',
          diasArl: 20,
          diasPension: 20,
          diasSalud: 20,
          diasCcf: 20,
          ibcPension: 949_000,
          ibcSalud: 949_000,
          ibcArl: 949_000,
        }),
      ]),
    ]);
    const activo = conciliarPila(conRet, contexto({ esperados: [trabajador({ diasEnObra: 14 })] }));
    expect(reglas(activo)).toEqual(['novedad.retiroActivo']);
    expect(activo.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 16 });
    // An exit the portal dates after the period: the worker was active all month there.
    const despues = conciliarPila(
      conRet,
      contexto({ esperados: [trabajador({ fechaRetiro: '2025-05-10', diasEnObra: 14 })] }),
    );
    expect(reglas(despues)).toEqual(['novedad.retiroActivo']);
    const otraFecha = conciliarPila(
      conRet,
      contexto({ esperados: [trabajador({ fechaRetiro: '2025-04-25', diasEnObra: 14 })] }),
    );
    expect(reglas(otraFecha)).toEqual(['novedad.retiroFecha']);
    expect(otraFecha.hallazgos[0].mensaje).toContain('25/04/2025');
  });
});

describe('conciliarPila: ARL days, class and rate', () => {
  it('flags fewer ARL days (summed over the lines) than days on site', () => {
    const partido = [
      linea({
        diasPension: 20,
        diasSalud: 20,
        diasArl: 20,
        diasCcf: 20,
        ibcPension: 949_000,
        ibcSalud: 949_000,
        ibcArl: 949_000,
      }),
      linea({
        linea: 3,
        ige: 'X',
        diasPension: 10,
        diasSalud: 10,
        diasArl: 0,
        diasCcf: 10,
        ibcPension: 474_500,
        ibcSalud: 474_500,
        ibcArl: 0,
        tarifaArl: 0,
      }),
    ];
    const a = archivo([cotizante(partido)]);
    expect(conciliarPila(a, contexto({ esperados: [trabajador({ diasEnObra: 20 })] })).hallazgos).toEqual([]);
    const r = conciliarPila(a, contexto({ esperados: [trabajador({ diasEnObra: 22 })] }));
    expect(reglas(r)).toEqual(['arl.dias']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 38 });
    expect(r.hallazgos[0].mensaje).toContain('20 días cotizados');
    expect(r.hallazgos[0].mensaje).toContain('22 días con ingreso');
  });

  it('asks no more than 30 days (the PILA month) and nothing without gate records', () => {
    expect(
      conciliarPila(valido(), contexto({ esperados: [trabajador({ diasEnObra: 31 })] })).hallazgos,
    ).toEqual([]);
    const pocos = archivo([cotizante([linea({ diasArl: 10 })])]);
    expect(
      reglas(conciliarPila(pocos, contexto({ esperados: [trabajador({ diasEnObra: null })] }))),
    ).not.toContain('arl.dias');
  });

  it('flags a class below the contract’s', () => {
    const baja = archivo([
      cotizante([linea({ claseRiesgo: 3, tarifaArl: 0.02436, actividadArl: '3432101' })]),
    ]);
    const r = conciliarPila(baja, contexto());
    expect(reglas(r)).toEqual(['arl.clase']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 78 });
    expect(r.hallazgos[0].mensaje).toContain('clase III');
    expect(r.hallazgos[0].mensaje).toContain('clase V');
    expect(conciliarPila(baja, contexto({ claseRiesgo: 3 })).hallazgos).toEqual([]);
  });

  it('flags a rate outside the declared class’s range (class V at the class I rate)', () => {
    const r = conciliarPila(archivo([cotizante([linea({ tarifaArl: 0.00522 })])]), contexto());
    expect(reglas(r)).toEqual(['arl.tarifa']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 61 });
    expect(r.hallazgos[0].mensaje).toContain('0,522 %');
    expect(r.hallazgos[0].mensaje).toContain('3,219 % a 8,700 %');
    // The range ends are inside.
    expect(conciliarPila(archivo([cotizante([linea({ tarifaArl: 0.087 })])]), contexto()).hallazgos).toEqual(
      [],
    );
    expect(
      conciliarPila(archivo([cotizante([linea({ tarifaArl: 0.03219 })])]), contexto()).hallazgos,
    ).toEqual([]);
  });

  it('holds every class’s initial rate inside its range, and not the next class’s maximum', () => {
    for (const c of CLASES_RIESGO) {
      expect(tarifaEnClase(c, c.inicial)).toBe(true);
      const siguiente = claseRiesgo(c.clase + 1);
      if (siguiente) expect(tarifaEnClase(c, siguiente.maxima)).toBe(false);
    }
  });
});

describe('conciliarPila: IBC against the SMMLV', () => {
  it('rounds the prorated minimum up to the next peso (Decreto 1990 de 2016)', () => {
    expect(ibcMinimo(1_750_905, 7)).toBe(408_545); // 408,544.5
    expect(ibcMinimo(1_423_500, 7)).toBe(332_150); // exact
    expect(ibcMinimo(1_423_500, 30)).toBe(1_423_500);
  });

  it('flags an IBC below the SMMLV prorated by days, per subsystem', () => {
    const ctx = contexto({
      ano: 2026,
      mes: 1,
      smmlv: { valor: 1_750_905, norma: 'Decreto 1469 de 2025' },
      esperados: [trabajador({ fechaIngreso: '2026-01-24', diasEnObra: 7 })],
    });
    const siete = (ibc: number) =>
      archivo(
        [
          cotizante([
            linea({
              ing: 'X',
              fechaIngreso: '2026-01-24',
              diasPension: 7,
              diasSalud: 7,
              diasArl: 7,
              diasCcf: 7,
              ibcPension: ibc,
              ibcSalud: 408_545,
              ibcArl: 408_545,
            }),
          ]),
        ],
        { periodo: '2026-01', periodoSalud: '2026-02' },
      );
    expect(conciliarPila(siete(408_545), ctx).hallazgos).toEqual([]);
    const r = conciliarPila(siete(408_544), ctx);
    expect(reglas(r)).toEqual(['ibc.minimo']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', campo: 42 });
    expect(r.hallazgos[0].mensaje).toContain('$408.544');
    expect(r.hallazgos[0].mensaje).toContain('$408.545');
  });

  it('warns once when no SMMLV is registered for the year, and spares part-time workers', () => {
    const r = conciliarPila(valido(), contexto({ smmlv: null }));
    expect(reglas(r)).toEqual(['ibc.sinSmmlv']);
    expect(r.hallazgos[0].mensaje).toContain('2025');
    expect(r.veredicto).toBe('Con advertencias');
    const parcial = archivo([
      cotizante([linea({ tipoCotizante: '51', ibcPension: 400_000, ibcSalud: 400_000, ibcArl: 400_000 })]),
    ]);
    expect(conciliarPila(parcial, contexto()).hallazgos).toEqual([]);
    const bajo = archivo([cotizante([linea({ ibcPension: 400_000 })])]);
    expect(reglas(conciliarPila(bajo, contexto()))).toEqual(['ibc.minimo']);
  });
});

describe('conciliarPila: IBC ceiling and days without a novelty', () => {
  it('flags an IBC over 25 SMMLV per subsystem, not one at it, nor a public servant without a ceiling (tipo 18)', () => {
    const tope = SMMLV_2025 * 25;
    const en = archivo([cotizante([linea({ ibcPension: tope, ibcSalud: tope, ibcArl: tope })])]);
    expect(conciliarPila(en, contexto()).hallazgos).toEqual([]);
    const sobre = archivo([cotizante([linea({ ibcPension: tope + 1, ibcSalud: tope, ibcArl: tope + 1 })])]);
    const r = conciliarPila(sobre, contexto());
    expect(reglas(r)).toEqual(['ibc.maximo', 'ibc.maximo']);
    expect(r.hallazgos.map((h) => h.campo)).toEqual([42, 44]);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', linea: 2 });
    expect(r.hallazgos[0].mensaje).toContain('$35.587.501');
    expect(r.hallazgos[0].mensaje).toContain('$35.587.500');
    const servidor = archivo([
      cotizante([linea({ tipoCotizante: '18', ibcPension: tope * 2, ibcSalud: tope * 2, ibcArl: tope * 2 })]),
    ]);
    expect(conciliarPila(servidor, contexto()).hallazgos).toEqual([]);
  });

  it('warns of fewer than 30 health days with no novelty, and not with one, nor for part-time work', () => {
    const dias = (d: number, l: Partial<PilaLinea> = {}) =>
      archivo([
        cotizante([
          linea({ diasPension: d, diasSalud: d, diasArl: d, diasCcf: d, ibcPension: SMMLV_2025, ...l }),
        ]),
      ]);
    const ctx = contexto({ esperados: [trabajador({ diasEnObra: null })] });
    const r = conciliarPila(dias(20), ctx);
    expect(reglas(r)).toEqual(['dias.sinNovedad']);
    expect(r.hallazgos[0]).toMatchObject({ severidad: 'advertencia', linea: 2, campo: 37 });
    expect(r.hallazgos[0].mensaje).toContain('20 días');
    for (const novedad of [{ ige: 'X' }, { sln: 'X' }, { vac: 'X' }, { lma: 'X' }, { irl: 10 }])
      expect(reglas(conciliarPila(dias(20, novedad), ctx))).toEqual([]);
    expect(reglas(conciliarPila(dias(21, { tipoCotizante: '51' }), ctx))).toEqual([]);
    // An entry in the month without ING has its own finding; no second one about the days.
    const entro = contexto({ esperados: [trabajador({ diasEnObra: null, fechaIngreso: '2025-04-11' })] });
    expect(reglas(conciliarPila(dias(20), entro))).toEqual(['novedad.ingresoFalta']);
  });
});

describe('conciliarPila: administradoras', () => {
  it('warns when the EPS or ARL differs from the one registered (name as typed), nothing when unregistered', () => {
    expect(
      conciliarPila(valido(), contexto({ esperados: [trabajador({ eps: 'Nueva EPS', arl: 'Positiva' })] }))
        .hallazgos,
    ).toEqual([]);
    const r = conciliarPila(
      valido(),
      contexto({ esperados: [trabajador({ eps: 'SURA EPS', arl: 'ARL Sura' })] }),
    );
    expect(reglas(r)).toEqual(['administradora.eps', 'administradora.arl']);
    expect(r.hallazgos.map((h) => h.campo)).toEqual([33, 77]);
    expect(r.hallazgos.every((h) => h.severidad === 'advertencia')).toBe(true);
    expect(r.hallazgos[0].mensaje).toContain('EPS037');
    expect(r.hallazgos[0].mensaje).toContain('EPS010');
    expect(r.hallazgos[1].mensaje).toContain('14-28');
    // A name that matches no administradora, or two, says nothing.
    expect(
      conciliarPila(
        valido(),
        contexto({ esperados: [trabajador({ eps: 'Mi EPS de barrio', arl: 'Comfenalco' })] }),
      ).hallazgos,
    ).toEqual([]);
  });
});

describe('conciliarPila: payment deadline', () => {
  it('flags a payment after the deadline of the month after the period, not one on it', () => {
    const enPlazo = conciliarPila(
      archivo([cotizante([linea()])], { numeroPlanilla: '8000123456', fechaPago: '2025-05-14' }),
      contexto(),
    );
    expect(enPlazo.hallazgos).toEqual([]);
    expect(enPlazo).toMatchObject({
      numeroPlanilla: '8000123456',
      fechaPago: '2025-05-14',
      fechaLimite: '2025-05-14',
    });
    const tarde = conciliarPila(
      archivo([cotizante([linea()])], { numeroPlanilla: '8000123456', fechaPago: '2025-05-15' }),
      contexto(),
    );
    expect(reglas(tarde)).toEqual(['pago.oportuno']);
    expect(tarde.hallazgos[0]).toMatchObject({ severidad: 'error', linea: 1, campo: 18 });
    expect(tarde.hallazgos[0].mensaje).toContain('15/05/2025');
    expect(tarde.hallazgos[0].mensaje).toContain('14/05/2025');
    expect(tarde.hallazgos[0].mensaje).toContain('9.º');
  });

  it('catches an edited health period (header field 16) in a planilla E, and keeps the deadline of the month after', () => {
    // April 2025 paid on 15 July: two months late. Field 16 edited to July would have moved the
    // deadline to July's 9th business day and hidden it.
    const editada = conciliarPila(
      archivo([cotizante([linea()])], { periodoSalud: '2025-07', fechaPago: '2025-07-10' }),
      contexto(),
    );
    expect(reglas(editada)).toEqual(['periodo.salud', 'pago.oportuno']);
    expect(editada.hallazgos[0]).toMatchObject({ severidad: 'error', linea: 1, campo: 16 });
    expect(editada.hallazgos[0].mensaje).toContain('Julio 2025');
    expect(editada.hallazgos[0].mensaje).toContain('Mayo 2025');
    expect(editada.fechaLimite).toBe('2025-05-14');
    expect(editada.veredicto).toBe('Con errores');
    // Field 16 equal to field 15 (a common slip) is the same finding; unreadable text is quoted.
    const igual = conciliarPila(archivo([cotizante([linea()])], { periodoSalud: '2025-04' }), contexto());
    expect(reglas(igual)).toEqual(['periodo.salud']);
    const ilegible = conciliarPila(archivo([cotizante([linea()])], { periodoSalud: '2025-5' }), contexto());
    expect(ilegible.hallazgos[0].mensaje).toContain("'2025-5'");
    // Other planilla types are not held to it (an independent's health period is its own month).
    const y = archivo([cotizante([linea()])], { tipoPlanilla: 'Y', periodoSalud: '2025-04' });
    expect(conciliarPila(y, contexto()).hallazgos).toEqual([]);
  });

  it('counts Holy Thursday and Good Friday out of the business days (April 2025)', () => {
    // NIT ending in 99: 16th business day. April 2025 without holidays would give the 22nd; 17 and
    // 18 April (Jueves y Viernes Santo) push it to the 24th.
    const nit = '900123499';
    const dv = nitCheckDigit(nit);
    const a = (fechaPago: string) =>
      archivo([cotizante([linea()])], {
        numeroDocumento: nit,
        dv,
        periodo: '2025-03',
        periodoSalud: '2025-04',
        fechaPago,
      });
    const ctx = contexto({ nit, dv, mes: 3 });
    const r = conciliarPila(a('2025-04-24'), ctx);
    expect(r.fechaLimite).toBe('2025-04-24');
    expect(r.hallazgos).toEqual([]);
    expect(reglas(conciliarPila(a('2025-04-25'), ctx))).toEqual(['pago.oportuno']);
  });

  it('does not judge the uploaded variant (no payment date) nor a planilla M (mora)', () => {
    expect(conciliarPila(valido(), contexto()).hallazgos).toEqual([]);
    const mora = archivo([cotizante([linea()])], { tipoPlanilla: 'M', fechaPago: '2025-07-01' });
    expect(conciliarPila(mora, contexto()).hallazgos).toEqual([]);
  });
});

describe('conciliarPila: veredicto and order', () => {
  it('says Con errores for a parse error, errors first then by line', () => {
    const parseo: PilaHallazgo = {
      severidad: 'error',
      mensaje: 'Línea 7: tiene 692 caracteres',
      linea: 7,
      regla: 'archivo.longitud',
    };
    const aviso: PilaHallazgo = {
      severidad: 'advertencia',
      mensaje: 'dudoso',
      linea: 6,
      regla: 'archivo.valor',
    };
    const sola = conciliarPila(archivo([cotizante([linea()])], {}, [parseo]), contexto());
    expect(sola.veredicto).toBe('Con errores');
    const extra = linea({ linea: 4, numeroDocumento: '52333444' });
    const r = conciliarPila(
      archivo([cotizante([linea({ linea: 5, claseRiesgo: 4, tarifaArl: 0.0435 })]), cotizante([extra])], {}, [
        aviso,
        parseo,
      ]),
      contexto(),
    );
    // The parser's findings come first in the list given; the answer orders them by line.
    expect(r.hallazgos.map((h) => [h.severidad, h.linea])).toEqual([
      ['error', 5],
      ['error', 7],
      ['advertencia', 4],
      ['advertencia', 6],
    ]);
    expect(r.veredicto).toBe('Con errores');
  });
});

describe('PILA_REGLAS', () => {
  it('gives every rule its id, a description and a legal basis', () => {
    for (const [id, r] of Object.entries(PILA_REGLAS)) {
      expect(r.id).toBe(id);
      expect(r.descripcion.length).toBeGreaterThan(20);
      expect(r.baseLegal).toMatch(/(Ley|Decreto|Resolución|Código)/);
      expect(['error', 'advertencia']).toContain(r.severidad);
    }
  });
});
