import { describe, expect, it } from 'vitest';
import { aLatin1, aUtf8, conLongitud, conSaltos, generarPila } from './generador';
import { MUESTRA_ENTRADA, MUESTRA_PAGADA } from './muestras';
import { LectorPilaBytes, parsePila, parsePilaLineas } from './parser';
import type { PilaArchivo } from './tipos';

const muestra = (nombre: 'entrada' | 'pagada') =>
  aLatin1(nombre === 'entrada' ? MUESTRA_ENTRADA : MUESTRA_PAGADA);
const errores = (r: PilaArchivo) => r.hallazgos.filter((h) => h.severidad === 'error');
const advertencias = (r: PilaArchivo) => r.hallazgos.filter((h) => h.severidad === 'advertencia');

/** Replaces positions inicio..fin (1-based, included) of line `linea` of a CRLF text. */
function ponerEn(texto: string, linea: number, inicio: number, valor: string): string {
  const ls = texto.split('\r\n');
  const l = ls[linea - 1];
  ls[linea - 1] = l.slice(0, inicio - 1) + valor + l.slice(inicio - 1 + valor.length);
  return ls.join('\r\n');
}

describe('the two sample files of the reference data', () => {
  it('parse with no finding, and line 1 reads as the recipe decodes it', () => {
    const r = parsePila(muestra('entrada'));
    expect(r.hallazgos).toEqual([]);
    expect(r.lineas).toBe(6);
    expect(r.encabezado).toMatchObject({
      razonSocial: 'CONSTRUCTORA EJEMPLO SAS',
      tipoDocumento: 'NI',
      numeroDocumento: '900123456',
      dv: 8,
      tipoPlanilla: 'E',
      codigoArl: '14-23',
      periodo: '2025-04',
      periodoSalud: '2025-05',
      numeroPlanilla: null,
      fechaPago: null,
      totalCotizantes: 4,
      valorNomina: 4_623_501,
      tipoAportante: '01',
      codigoOperador: null,
    });
    expect(r.cotizantes.map((c) => [c.nombre, c.lineas.length])).toEqual([
      ['JUAN CARLOS PEREZ GOMEZ', 1],
      ['MARIA RODRIGUEZ DIAZ', 1],
      ['PEDRO ANTONIO LOPEZ', 1],
      ['ANA MARTINEZ RUIZ', 2],
    ]);
    expect(r.cotizantes[0].lineas[0]).toMatchObject({
      linea: 2,
      tipoDocumento: 'CC',
      numeroDocumento: '1012345678',
      tipoCotizante: '01',
      diasPension: 30,
      diasSalud: 30,
      diasArl: 30,
      diasCcf: 30,
      salarioBasico: 1_423_500,
      ibcPension: 1_423_500,
      ibcSalud: 1_423_500,
      ibcArl: 1_423_500,
      ibcCcf: 1_423_500,
      tarifaArl: 0.0696,
      cotizacionArl: 99_100,
      codigoArl: '14-23',
      claseRiesgo: 5,
      actividadArl: '5411101',
    });
    const [maria, pedro, ana] = r.cotizantes.slice(1);
    expect(maria.lineas[0]).toMatchObject({ ing: 'X', fechaIngreso: '2025-04-16', diasArl: 15 });
    expect(pedro.lineas[0]).toMatchObject({ ret: 'X', fechaRetiro: '2025-04-10', diasArl: 10 });
    expect(ana.lineas.map((l) => [l.ige, l.diasPension, l.diasArl, l.tarifaArl])).toEqual([
      ['', 25, 25, 0.0696],
      ['X', 5, 0, 0],
    ]);
  });

  it('the paid variant carries the planilla number, the payment date and the operator', () => {
    const r = parsePila(muestra('pagada'));
    expect(r.hallazgos).toEqual([]);
    expect(r.encabezado).toMatchObject({
      numeroPlanilla: '9000012345',
      fechaPago: '2025-05-06',
      codigoOperador: '88',
    });
  });
});

describe('lines and fields against the layout', () => {
  const base = generarPila({ periodo: '2025-04', n: 6, seed: 3 });

  it('a detail line of 692 or 694 characters is an error naming the line', () => {
    for (const largo of [692, 694]) {
      const r = parsePila(conLongitud(base, 4, largo));
      expect(errores(r)).toEqual([
        {
          severidad: 'error',
          mensaje: `Línea 4: tiene ${largo} caracteres; un registro tipo 2 tiene 693`,
          linea: 4,
          regla: 'archivo.longitud',
        },
      ]);
    }
  });

  it('a header of the wrong length is an error and nothing else is read', () => {
    const r = parsePila(conLongitud(base, 1, 358));
    expect(r.hallazgos.map((h) => [h.regla, h.linea])).toEqual([['archivo.longitud', 1]]);
    expect(r.hallazgos[0].mensaje).toBe('Línea 1: tiene 358 caracteres; un registro tipo 1 tiene 359');
    expect(r.cotizantes).toEqual([]);
  });

  it('an empty file, or one that does not start with a header, gives one clear error', () => {
    for (const vacio of ['', '\r\n', new Uint8Array(0)]) {
      const r = parsePila(vacio);
      expect(r.hallazgos).toHaveLength(1);
      expect(r.hallazgos[0]).toMatchObject({ severidad: 'error', regla: 'archivo.vacio' });
      expect(r.hallazgos[0].mensaje).toMatch(/vacío/);
    }
    const sinEncabezado = parsePila(base.split('\r\n').slice(1).join('\r\n'));
    expect(sinEncabezado.hallazgos).toHaveLength(1);
    expect(sinEncabezado.hallazgos[0]).toMatchObject({
      severidad: 'error',
      linea: 1,
      regla: 'archivo.encabezado',
    });
    expect(sinEncabezado.hallazgos[0].mensaje).toMatch(/^Línea 1: no es el encabezado/);
    expect(sinEncabezado.encabezado).toBeNull();
  });

  it('a record of another type after the header, and an empty line in the middle, are errors', () => {
    const r = parsePila(ponerEn(base, 3, 1, '03'));
    expect(errores(r).map((h) => [h.regla, h.linea, h.campo])).toEqual([['archivo.tipoRegistro', 3, 1]]);
    const ls = base.split('\r\n');
    ls.splice(3, 0, '');
    const vacia = parsePila(ls.join('\r\n'));
    expect(errores(vacia).map((h) => h.mensaje)).toEqual([
      'Línea 4: tiene 0 caracteres; un registro tipo 2 tiene 693',
    ]);
  });

  it('field errors name the line, the field number and its name', () => {
    const casos: Array<[number, number, string, number, string]> = [
      [2, 26, 'A1', 5, 'Línea 2, campo 5 (tipo de cotizante): solo admite dígitos; tiene «A1».'],
      [3, 26, '99', 5, 'Línea 3, campo 5 (tipo de cotizante): «99» no es un valor del anexo técnico'],
      [2, 184, '3X', 36, 'Línea 2, campo 36 (días cotizados a pensión): solo admite dígitos; tiene «3X».'],
      [
        2,
        137,
        'Z',
        15,
        'Línea 2, campo 15 (ING (ingreso)): «Z» no es un valor del anexo técnico (en blanco, X, R, C).',
      ],
      [
        2,
        381,
        '0,0696000',
        61,
        'Línea 2, campo 61 (tarifa de aportes a riesgos laborales): «0,0696000» no es una tarifa',
      ],
      [
        2,
        585,
        '2025-02-30',
        87,
        'Línea 2, campo 87 (fecha de inicio LMA): «2025-02-30» no es una fecha válida AAAA-MM-DD.',
      ],
      [
        1,
        305,
        '2025-13',
        15,
        'Línea 1, campo 15 (período de pago de sistemas diferentes a salud): «2025-13» no es un período válido AAAA-MM.',
      ],
      [
        2,
        238,
        '1.50000',
        46,
        'Línea 2, campo 46 (tarifa de aportes a pensiones): «1.50000» no es una tarifa',
      ],
      [
        2,
        245,
        '00022780O',
        47,
        'Línea 2, campo 47 (cotización obligatoria a pensiones): solo admite dígitos; tiene «00022780O».',
      ],
      [2, 37, ' '.repeat(20), 11, 'Línea 2, campo 11 (primer apellido): es obligatorio y está vacío.'],
      [
        2,
        10,
        '12A4567         ',
        4,
        'Línea 2, campo 4 (número de identificación del cotizante): para el tipo CC solo admite dígitos',
      ],
    ];
    for (const [linea, pos, valor, campo, mensaje] of casos) {
      const r = parsePila(ponerEn(base, linea, pos, valor));
      const e = errores(r);
      expect(e, mensaje).toHaveLength(1);
      expect(e[0]).toMatchObject({ linea, campo });
      expect(e[0].mensaje.startsWith(mensaje), e[0].mensaje).toBe(true);
    }
  });

  it('fields and values the layout marks [?] are warned about, never refused', () => {
    // RC (registro civil) appears only in the older text; CT (D62) codes' meaning is unconfirmed.
    const rc = parsePila(ponerEn(base, 2, 8, 'RC'));
    expect(errores(rc)).toEqual([]);
    expect(advertencias(rc).map((h) => [h.regla, h.linea, h.campo])).toEqual([['archivo.valorDudoso', 2, 3]]);
    const ct = parsePila(ponerEn(base, 2, 390, 'ABC000001'));
    expect(errores(ct)).toEqual([]);
    expect(advertencias(ct).map((h) => [h.regla, h.linea, h.campo])).toEqual([['archivo.campo', 2, 62]]);
    // An ING mark without its date (D80 obligatorio in the older text, opcional in v29).
    const ing = parsePila(ponerEn(base, 2, 137, 'X'));
    expect(errores(ing)).toEqual([]);
    expect(advertencias(ing)).toEqual([
      expect.objectContaining({ regla: 'archivo.novedadSinFecha', linea: 2, campo: 80 }),
    ]);
  });

  it('a sequence out of order is a warning on field 2', () => {
    const r = parsePila(ponerEn(base, 3, 3, '00009'));
    expect(r.hallazgos).toEqual([
      expect.objectContaining({ severidad: 'advertencia', regla: 'archivo.secuencia', linea: 3, campo: 2 }),
    ]);
  });
});

describe('encodings, terminators and streaming give the same result', () => {
  const texto = generarPila({
    periodo: '2025-04',
    n: 4,
    seed: 9,
    personas: [
      { numeroDocumento: '80123456', primerApellido: 'NUÑEZ', primerNombre: 'ÁNGEL', segundoNombre: 'JOSÉ' },
    ],
  });
  const esperado = parsePila(texto);

  it('the Latin-1 names read back', () => {
    expect(esperado.hallazgos).toEqual([]);
    expect(esperado.cotizantes[0].nombre).toMatch(/^ÁNGEL JOSÉ NUÑEZ/);
  });

  it('ISO-8859-1 and UTF-8 bytes, CRLF and LF', () => {
    for (const salto of ['\r\n', '\n'] as const) {
      const t = conSaltos(texto, salto);
      expect(parsePila(aLatin1(t))).toEqual(esperado);
      expect(parsePila(aUtf8(t))).toEqual(esperado);
      expect(parsePila(t)).toEqual(esperado);
    }
    // Without the final terminator too.
    expect(parsePila(texto.slice(0, -2))).toEqual(esperado);
  });

  it('lines one by one, and bytes in chunks of any size (a UTF-8 Ñ split across two)', () => {
    expect(parsePilaLineas(texto.split('\r\n'))).toEqual(esperado);
    for (const bytes of [aLatin1(texto), aUtf8(texto)])
      for (const size of [1, 7, 693, 4096]) {
        const lector = new LectorPilaBytes();
        for (let i = 0; i < bytes.length; i += size) lector.agregar(bytes.subarray(i, i + size));
        expect(lector.fin(), `chunks of ${size}`).toEqual(esperado);
      }
  });
});
