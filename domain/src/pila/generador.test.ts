import { describe, expect, it } from 'vitest';
import {
  comoIndependiente,
  conArlDistinta,
  conClaseBaja,
  conClaseTarifaInconsistente,
  conCorrecciones,
  conCotizanteExtra,
  conDvErrado,
  conIngresoTardio,
  conMenosDiasArl,
  conNitDistinto,
  conPeriodoDistinto,
  conTotalCotizantes,
  generarPila,
  modeloPila,
  pagadaATiempo,
  pagadaTarde,
  plazoDelModelo,
  serializarPila,
  sinCotizante,
  sinRetiro,
  type PilaModelo,
  type PilaPersonaGen,
} from './generador';
import { MUESTRA_ENTRADA, MUESTRA_PAGADA } from './muestras';
import { parsePila } from './parser';
import type { PilaArchivo } from './tipos';

const muestra = (nombre: 'entrada' | 'pagada') => (nombre === 'entrada' ? MUESTRA_ENTRADA : MUESTRA_PAGADA);

/** The four persons of the reference sample (the recipe's worked example, docs/pila-layout.md). */
const DEL_EJEMPLO: Array<Partial<PilaPersonaGen> & { numeroDocumento: string }> = [
  {
    numeroDocumento: '1012345678',
    primerApellido: 'PEREZ',
    segundoApellido: 'GOMEZ',
    primerNombre: 'JUAN',
    segundoNombre: 'CARLOS',
    salario: 1_423_500,
  },
  {
    numeroDocumento: '1023456789',
    primerApellido: 'RODRIGUEZ',
    segundoApellido: 'DIAZ',
    primerNombre: 'MARIA',
    segundoNombre: '',
    salario: 2_000_000,
    ingreso: '2025-04-16',
  },
  {
    numeroDocumento: '79876543',
    primerApellido: 'LOPEZ',
    segundoApellido: '',
    primerNombre: 'PEDRO',
    segundoNombre: 'ANTONIO',
    salario: 1_800_000,
    ingreso: '2020-01-01',
    retiro: '2025-04-10',
  },
  {
    numeroDocumento: '52345678',
    primerApellido: 'MARTINEZ',
    segundoApellido: 'RUIZ',
    primerNombre: 'ANA',
    segundoNombre: '',
    salario: 1_600_000,
    novedad: { tipo: 'IGE' as const, dias: 5, desde: '2025-04-07' },
  },
].map((p) => ({ departamento: '11', municipio: '001', afp: '230301', eps: 'EPS037', ccf: 'CCF22', ...p }));

const ejemplo = () => modeloPila({ periodo: '2025-04', personas: DEL_EJEMPLO });
const leer = (m: PilaModelo) => parsePila(serializarPila(m));
const errores = (r: PilaArchivo) => r.hallazgos.filter((h) => h.severidad === 'error');
const persona = (r: PilaArchivo, doc: string) => r.cotizantes.find((c) => c.numeroDocumento === doc);

describe('the recipe', () => {
  it('reproduces the reference sample byte for byte, and its paid variant', () => {
    expect(serializarPila(ejemplo())).toBe(muestra('entrada'));
    const m = ejemplo();
    expect(
      serializarPila({ ...m, pagada: { planilla: '9000012345', fechaPago: '2025-05-06', operador: '88' } }),
    ).toBe(muestra('pagada'));
  });

  it('the money of line 1 as the recipe decodes it (rounded up to the next 100)', () => {
    const l = serializarPila(ejemplo()).split('\r\n')[1];
    expect(l.slice(237, 253)).toBe('0.16000000227800');
    expect(l.slice(307, 323)).toBe('0.04000000057000');
    expect(l.slice(380, 407)).toBe('0.0696000000000001000099100');
  });

  it('explicit persons who entered after the period or left before it are not in the file', () => {
    const r = parsePila(
      generarPila({
        periodo: '2025-04',
        personas: [
          { numeroDocumento: '11111111', ingreso: '2025-05-02' },
          { numeroDocumento: '22222222', retiro: '2025-03-31' },
          { numeroDocumento: '33333333', ingreso: '2025-04-30', retiro: null },
          { numeroDocumento: '44444444', ingreso: '2024-01-10', retiro: '2025-04-01' },
        ],
      }),
    );
    expect(r.hallazgos).toEqual([]);
    expect(r.cotizantes.map((c) => [c.numeroDocumento, c.lineas[0].diasArl])).toEqual([
      ['33333333', 1],
      ['44444444', 1],
    ]);
  });

  it('is deterministic by seed', () => {
    const a = generarPila({ periodo: '2025-04', n: 50, seed: 5 });
    expect(generarPila({ periodo: '2025-04', n: 50, seed: 5 })).toBe(a);
    expect(generarPila({ periodo: '2025-04', n: 50, seed: 6 })).not.toBe(a);
  });

  it('property: generate then parse gives back the persons, their dates and their days', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const periodo = `202${seed % 6}-${String((seed % 12) + 1).padStart(2, '0')}`;
      const m = modeloPila({
        periodo,
        n: 1 + (seed % 17),
        seed,
        mezcla: { completo: 1, ingreso: 1, retiro: 1, incapacidad: 1 },
      });
      const r = leer(m);
      expect(r.hallazgos, `seed ${seed}`).toEqual([]);
      expect(r.cotizantes.map((c) => c.numeroDocumento)).toEqual(m.personas.map((p) => p.numeroDocumento));
      const lineas = r.cotizantes.flatMap((c) => c.lineas);
      expect(r.encabezado?.valorNomina).toBe(lineas.reduce((sum, l) => sum + l.ibcCcf, 0));
      expect(r.encabezado?.totalCotizantes).toBe(m.personas.length);
      for (const p of m.personas) {
        const c = persona(r, p.numeroDocumento)!;
        const desde = p.ingreso ? Number(p.ingreso.slice(8)) : 1;
        const hasta = p.retiro ? Math.min(30, Number(p.retiro.slice(8))) : 30;
        const suma = (k: 'diasPension' | 'diasSalud' | 'diasCcf' | 'diasArl') =>
          c.lineas.reduce((s, l) => s + l[k], 0);
        expect(suma('diasPension')).toBe(hasta - desde + 1);
        expect(suma('diasSalud')).toBe(hasta - desde + 1);
        expect(suma('diasArl')).toBe(hasta - desde + 1 - (p.novedad?.dias ?? 0));
        expect(c.lineas[0].fechaIngreso).toBe(p.ingreso);
        expect(c.lineas[0].fechaRetiro).toBe(p.retiro);
        expect(c.lineas).toHaveLength(p.novedad ? 2 : 1);
      }
    }
  });
});

describe('each mutation of the recipe (docs/pila-layout.md R8) gives its finding, or the value the reconciliation reads', () => {
  const ANA = '52345678';
  const MARIA = '1023456789';
  const PEDRO = '79876543';

  it('wrong NIT: a valid header with the other NIT and its own check digit', () => {
    const r = leer(conNitDistinto(ejemplo(), '860011153'));
    expect(r.hallazgos).toEqual([]);
    expect(r.encabezado).toMatchObject({ numeroDocumento: '860011153', dv: 6 });
  });

  it('wrong check digit: an error on line 1, field 7', () => {
    const r = leer(conDvErrado(ejemplo()));
    expect(r.hallazgos).toEqual([
      {
        severidad: 'error',
        mensaje:
          'Línea 1, campo 7 (dígito de verificación): es 9, y el dígito de verificación del NIT 900123456 es 8.',
        linea: 1,
        campo: 7,
        regla: 'archivo.dv',
      },
    ]);
  });

  it('H19 not the distinct persons: a warning on line 1, field 19', () => {
    const r = leer(conTotalCotizantes(ejemplo(), 5));
    expect(r.hallazgos).toEqual([
      expect.objectContaining({
        severidad: 'advertencia',
        linea: 1,
        campo: 19,
        regla: 'archivo.totalCotizantes',
      }),
    ]);
    expect(r.hallazgos[0].mensaje).toMatch(/dice 5, y el archivo tiene 4 cotizantes distintos/);
  });

  it('worker dropped (H19, H20 follow) and extra worker', () => {
    const sin = leer(sinCotizante(ejemplo(), ANA));
    expect(sin.hallazgos).toEqual([]);
    expect(persona(sin, ANA)).toBeUndefined();
    expect(sin.encabezado).toMatchObject({
      totalCotizantes: 3,
      valorNomina: 4_623_501 - 1_333_334 - 266_667,
    });
    const con = leer(conCotizanteExtra(ejemplo()));
    expect(con.hallazgos).toEqual([]);
    expect(con.cotizantes).toHaveLength(5);
  });

  it('ING one day later, RET missing, fewer ARL days', () => {
    const tarde = persona(leer(conIngresoTardio(ejemplo(), MARIA)), MARIA)!.lineas[0];
    expect(tarde).toMatchObject({ ing: 'X', fechaIngreso: '2025-04-17', diasArl: 14 });
    const sinRet = leer(sinRetiro(ejemplo(), PEDRO));
    expect(persona(sinRet, PEDRO)!.lineas[0]).toMatchObject({ ret: '', fechaRetiro: null, diasArl: 30 });
    const menos = leer(conMenosDiasArl(ejemplo(), '1012345678'));
    expect(errores(menos)).toEqual([]);
    expect(menos.cotizantes[0].lineas[0]).toMatchObject({ diasPension: 30, diasArl: 20, ing: '', ret: '' });
  });

  it('low class, class/rate mismatch, wrong ARL', () => {
    const baja = leer(conClaseBaja(ejemplo(), '1012345678')).cotizantes[0].lineas[0];
    expect(baja).toMatchObject({ claseRiesgo: 3, tarifaArl: 0.02436, actividadArl: '3432101' });
    const mal = leer(conClaseTarifaInconsistente(ejemplo(), '1012345678')).cotizantes[0].lineas[0];
    expect(mal).toMatchObject({ claseRiesgo: 5, tarifaArl: 0.00522 });
    const arl = leer(conArlDistinta(ejemplo(), '1012345678'));
    expect(arl.cotizantes[0].lineas[0].codigoArl).toBe('14-28');
    expect(arl.encabezado?.codigoArl).toBe('14-23');
  });

  it('paid on the deadline and one business day late', () => {
    const m = ejemplo();
    expect(plazoDelModelo(m)).toBe('2025-05-14');
    expect(leer(pagadaATiempo(m)).encabezado?.fechaPago).toBe('2025-05-14');
    expect(leer(pagadaTarde(m)).encabezado?.fechaPago).toBe('2025-05-15');
  });

  it('wrong period in the header', () => {
    const r = leer(conPeriodoDistinto(ejemplo(), '2025-03'));
    expect(r.hallazgos).toEqual([]);
    expect(r.encabezado).toMatchObject({ periodo: '2025-03', periodoSalud: '2025-04' });
  });

  it('corrections: planilla N, the lines marked A are left out of the persons', () => {
    const texto = serializarPila(
      conCorrecciones(ejemplo(), { numero: '8000000001', fecha: '2025-05-06' }, [ANA]),
    );
    const r = parsePila(texto);
    expect(r.hallazgos).toEqual([]);
    expect(r.encabezado).toMatchObject({
      tipoPlanilla: 'N',
      planillaAsociada: '8000000001',
      fechaPagoAsociada: '2025-05-06',
      totalCotizantes: 4,
    });
    expect(r.lineas).toBe(8);
    const ana = persona(r, ANA)!;
    expect(ana.lineas.map((l) => [l.linea, l.correccion, l.diasPension])).toEqual([
      [7, 'C', 25],
      [8, 'C', 5],
    ]);
  });

  it('independent contractor: tipo 59, own ARL, planilla Y, no CCF', () => {
    const r = leer(comoIndependiente(modeloPila({ periodo: '2025-04', n: 3, seed: 2 })));
    expect(r.hallazgos).toEqual([]);
    expect(r.encabezado?.tipoPlanilla).toBe('Y');
    for (const c of r.cotizantes)
      expect(c.lineas[0]).toMatchObject({
        tipoCotizante: '59',
        codigoArl: '14-8',
        codigoCcf: null,
        diasCcf: 0,
        ibcCcf: 0,
      });
  });
});
