/**
 * The PILA flat-file parser (docs/decisions/127): reads an Archivo tipo 2 (docs/pila-layout.md) and
 * checks every line against the layout of ./layout.ts. Pure TypeScript, no Node-only API: it runs in
 * the server and in the browser.
 *
 * - Encoding: valid UTF-8 is read as UTF-8, anything else as ISO-8859-1 (what implementers write).
 * - Lines: CRLF or LF; one trailing empty line (a terminated last record) allowed.
 * - Errors (the file cannot be reconciled): wrong length, record type, non-digits in a numeric
 *   field, invalid date, period or rate, a value outside the anexo's list, an empty obligatory field,
 *   a check digit (H7) that is not the DIAN one of H6 (rules/nit.ts).
 * - Warnings: fields and values the layout marks [?], the total of cotizantes (H19), the sequence
 *   (D2), a novedad ING/RET without its date.
 * - Persons: lines grouped by (D3, D4) in file order, lines marked 'A' in D22 (as paid, in a
 *   correction) left out.
 */
import { esFechaIso } from '../calendario';
import { nitCheckDigit } from '../rules/nit';
import { PILA_ARCHIVO_MSG as M } from './messages-archivo';
import {
  CAMPOS_DETALLE,
  CAMPOS_ENCABEZADO,
  DOCUMENTO_SOLO_DIGITOS,
  LONGITUD_DETALLE,
  LONGITUD_ENCABEZADO,
  type PilaCampo,
} from './layout';
import type { PilaArchivo, PilaCotizante, PilaEncabezado, PilaHallazgo, PilaLinea } from './tipos';

const PERIODO = /^(\d{4})-(\d{2})$/;
const TARIFA = /^\d\.\d+$/;
const ALFANUMERICO = /^[A-Z0-9]+$/;

/** Decodes the bytes: UTF-8 when they are valid UTF-8, else ISO-8859-1. A BOM is dropped. */
export function decodificarPila(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The lines of a text, CRLF or LF, without the empty line after a final terminator. */
export function lineasDe(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The whole file: bytes (detected encoding) or an already decoded string. */
export function parsePila(input: Uint8Array | string): PilaArchivo {
  const text = typeof input === 'string' ? input : decodificarPila(input);
  return parsePilaLineas(lineasDe(text));
}

const esDigitos = (s: string) => {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};

const esPeriodo = (v: string) => {
  const m = PERIODO.exec(v);
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
};

/** A finding on a field: a warning when the layout marks the field [?] (docs/pila-layout.md). */
function enCampo(hallazgos: PilaHallazgo[], c: PilaCampo, linea: number, mensaje: string) {
  hallazgos.push({
    severidad: c.confianza === '?' ? 'advertencia' : 'error',
    mensaje,
    linea,
    campo: c.n,
    regla: 'archivo.campo',
  });
}

/** Detail fields whose value the parser reads (lineaDe, revisarDetalle); the others are only checked. */
const LEIDOS_DETALLE = new Set([
  ...[2, 3, 4, 5, 11, 12, 13, 14, 15, 16, 22, 24, 25, 26, 27, 30, 31, 33, 35, 36, 37, 38, 39, 40],
  ...[42, 43, 44, 45, 61, 63, 77, 78, 80, 81, 98],
]);
const LEE_ENCABEZADO = CAMPOS_ENCABEZADO.map(() => true);
const LEE_DETALLE = CAMPOS_DETALLE.map((c) => LEIDOS_DETALLE.has(c.n));

/**
 * Checks one record against its fields; returns the trimmed values by field number (index n - 1),
 * '' for the fields not in `lee`. A numeric or blank field that is not read is checked in place,
 * without a substring: this runs 98 times a line (docs/decisions/127, the bench's 10,000 cotizantes).
 */
function revisarCampos(
  line: string,
  linea: number,
  campos: readonly PilaCampo[],
  lee: readonly boolean[],
  hallazgos: PilaHallazgo[],
  out: string[] = new Array<string>(campos.length),
): string[] {
  for (let i = 0; i < campos.length; i++) {
    const c = campos[i];
    let a = c.inicio - 1;
    let b = c.fin;
    while (a < b && line.charCodeAt(a) === 32) a++;
    while (b > a && line.charCodeAt(b - 1) === 32) b--;
    if (a === b) {
      out[i] = '';
      if (c.obligatorio) enCampo(hallazgos, c, linea, M.pilaCampoVacio(linea, c.n, c.nombre));
      continue;
    }
    if (!lee[i] && !c.valores && c.tipo === 'A') {
      out[i] = '';
      continue;
    }
    if (
      !lee[i] &&
      !c.valores &&
      ((c.tipo === 'N' && digitosEn(line, a, b)) || (c.tipo === 'T' && tarifaEn(line, a, b)))
    ) {
      out[i] = '';
      continue;
    }
    const v = line.slice(a, b);
    out[i] = lee[i] ? v : '';
    // One finding per field: the type first, then the list of values.
    if (c.tipo === 'N' && !esDigitos(v))
      enCampo(hallazgos, c, linea, M.pilaCampoNumerico(linea, c.n, c.nombre, v));
    else if (c.tipo === 'F' && !esFechaIso(v))
      enCampo(hallazgos, c, linea, M.pilaCampoFecha(linea, c.n, c.nombre, v));
    else if (c.tipo === 'P' && !esPeriodo(v))
      enCampo(hallazgos, c, linea, M.pilaCampoPeriodo(linea, c.n, c.nombre, v));
    else if (c.tipo === 'T' && (!TARIFA.test(v) || Number(v) > 1))
      enCampo(hallazgos, c, linea, M.pilaCampoTarifa(linea, c.n, c.nombre, v));
    else if (c.valores && !c.valores.includes(v)) {
      if (c.valoresDudosos?.includes(v))
        hallazgos.push({
          severidad: 'advertencia',
          mensaje: M.pilaCampoValorDudoso(linea, c.n, c.nombre, v),
          linea,
          campo: c.n,
          regla: 'archivo.valorDudoso',
        });
      else enCampo(hallazgos, c, linea, M.pilaCampoValor(linea, c.n, c.nombre, v, c.valores));
    }
  }
  return out;
}

/** A rate written d.ddd… and at most 1, checked in place (the same rule as TARIFA and Number(v) <= 1). */
function tarifaEn(s: string, a: number, b: number): boolean {
  if (b - a < 3 || s.charCodeAt(a + 1) !== 46 || !digitosEn(s, a, a + 1) || !digitosEn(s, a + 2, b))
    return false;
  const entero = s.charCodeAt(a) - 48;
  if (entero > 1) return false;
  for (let i = a + 2; entero === 1 && i < b; i++) if (s.charCodeAt(i) !== 48) return false;
  return true;
}

function digitosEn(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const num = (v: string) => (v === '' || !esDigitos(v) ? 0 : Number(v));
const orNull = (v: string) => (v === '' ? null : v);
const fechaONull = (v: string) => (esFechaIso(v) ? v : null);

function encabezadoDe(v: string[]): PilaEncabezado {
  return {
    razonSocial: v[3],
    tipoDocumento: v[4],
    numeroDocumento: v[5],
    dv: esDigitos(v[6]) ? Number(v[6]) : null,
    tipoPlanilla: v[7],
    planillaAsociada: orNull(v[8]),
    fechaPagoAsociada: fechaONull(v[9]),
    codigoArl: v[13],
    periodo: v[14],
    periodoSalud: v[15],
    numeroPlanilla: orNull(v[16]),
    fechaPago: fechaONull(v[17]),
    totalCotizantes: num(v[18]),
    valorNomina: num(v[19]),
    tipoAportante: v[20],
    codigoOperador: orNull(v[21]),
  };
}

function lineaDe(linea: number, v: string[]): PilaLinea {
  const clase = v[77];
  return {
    linea,
    tipoDocumento: v[2],
    numeroDocumento: v[3],
    tipoCotizante: v[4],
    primerApellido: v[10],
    segundoApellido: v[11],
    primerNombre: v[12],
    segundoNombre: v[13],
    ing: v[14],
    ret: v[15],
    correccion: v[21],
    sln: v[23],
    ige: v[24],
    lma: v[25],
    vac: v[26],
    irl: num(v[29]),
    codigoAfp: orNull(v[30]),
    codigoEps: orNull(v[32]),
    codigoCcf: orNull(v[34]),
    diasPension: num(v[35]),
    diasSalud: num(v[36]),
    diasArl: num(v[37]),
    diasCcf: num(v[38]),
    salarioBasico: num(v[39]),
    ibcPension: num(v[41]),
    ibcSalud: num(v[42]),
    ibcArl: num(v[43]),
    ibcCcf: num(v[44]),
    tarifaArl: TARIFA.test(v[60]) ? Number(v[60]) : 0,
    cotizacionArl: num(v[62]),
    codigoArl: orNull(v[76]),
    claseRiesgo: clase >= '1' && clase <= '5' && clase.length === 1 ? Number(clase) : null,
    fechaIngreso: fechaONull(v[79]),
    fechaRetiro: fechaONull(v[80]),
    actividadArl: orNull(v[97]),
  };
}

const nombreDe = (l: PilaLinea) =>
  [l.primerNombre, l.segundoNombre, l.primerApellido, l.segundoApellido]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');

/**
 * The incremental parser: `linea(text)` for each line in order (without its terminator), then
 * `fin()`. Holds only the parsed records, never the text.
 */
export class LectorPila {
  private n = 0;
  private encabezado: PilaEncabezado | null = null;
  private sinEncabezado = false;
  private readonly hallazgos: PilaHallazgo[] = [];
  private readonly porPersona = new Map<string, PilaCotizante>();
  private readonly contados = new Set<string>();
  private secuencia = 0;
  /** The values of the current detail line (reused: lineaDe copies what it keeps). */
  private readonly valores = new Array<string>(CAMPOS_DETALLE.length);

  linea(line: string): void {
    const linea = ++this.n;
    if (this.sinEncabezado) return;
    if (linea === 1) {
      if (!line.startsWith('01')) {
        this.sinEncabezado = true;
        this.hallazgos.push({
          severidad: 'error',
          mensaje: M.pilaSinEncabezado(line.slice(0, 2)),
          linea,
          regla: 'archivo.encabezado',
        });
        return;
      }
      if (line.length !== LONGITUD_ENCABEZADO) {
        this.sinEncabezado = true;
        this.hallazgos.push({
          severidad: 'error',
          mensaje: M.pilaLongitud(linea, line.length, 1, LONGITUD_ENCABEZADO),
          linea,
          regla: 'archivo.longitud',
        });
        return;
      }
      const v = revisarCampos(line, linea, CAMPOS_ENCABEZADO, LEE_ENCABEZADO, this.hallazgos);
      this.encabezado = encabezadoDe(v);
      if (esDigitos(v[5]) && esDigitos(v[6]) && Number(v[6]) !== nitCheckDigit(v[5]))
        this.hallazgos.push({
          severidad: 'error',
          mensaje: M.pilaDigitoVerificacion(v[6], v[5], nitCheckDigit(v[5])),
          linea,
          campo: 7,
          regla: 'archivo.dv',
        });
      return;
    }
    const tipo = line.slice(0, 2);
    if (tipo !== '02' && line.trim() !== '') {
      this.hallazgos.push({
        severidad: 'error',
        mensaje: M.pilaTipoRegistro(linea, tipo),
        linea,
        campo: 1,
        regla: 'archivo.tipoRegistro',
      });
      return;
    }
    if (line.length !== LONGITUD_DETALLE) {
      this.hallazgos.push({
        severidad: 'error',
        mensaje: M.pilaLongitud(linea, line.length, 2, LONGITUD_DETALLE),
        linea,
        regla: 'archivo.longitud',
      });
      return;
    }
    const v = revisarCampos(line, linea, CAMPOS_DETALLE, LEE_DETALLE, this.hallazgos, this.valores);
    this.revisarDetalle(linea, v);
    const l = lineaDe(linea, v);
    const clave = `${l.tipoDocumento}:${l.numeroDocumento}`;
    if (l.tipoCotizante !== '40') this.contados.add(clave);
    if (l.correccion === 'A') return;
    const persona = this.porPersona.get(clave);
    if (persona) persona.lineas.push(l);
    else
      this.porPersona.set(clave, {
        tipoDocumento: l.tipoDocumento,
        numeroDocumento: l.numeroDocumento,
        nombre: nombreDe(l),
        lineas: [l],
      });
  }

  private readonly aviso = (
    mensaje: string,
    campo: number,
    regla: string,
    severidad: 'error' | 'advertencia',
    linea = this.n,
  ) => this.hallazgos.push({ severidad, mensaje, linea, campo, regla });

  /** Checks across fields of one detail line. */
  private revisarDetalle(linea: number, v: string[]) {
    const aviso = this.aviso;
    this.secuencia++;
    if (esDigitos(v[1]) && Number(v[1]) !== this.secuencia)
      aviso(M.pilaSecuencia(linea, v[1], this.secuencia), 2, 'archivo.secuencia', 'advertencia');
    // Field 4: digits only for CC, TI, SC, RC; A-Z and 0-9 for the others (docs/pila-layout.md §4).
    const doc = v[3];
    if (doc !== '') {
      if ((DOCUMENTO_SOLO_DIGITOS as readonly string[]).includes(v[2])) {
        if (!esDigitos(doc)) aviso(M.pilaDocumentoDigitos(linea, v[2], doc), 4, 'archivo.documento', 'error');
      } else if (!ALFANUMERICO.test(doc))
        aviso(M.pilaDocumentoAlfanumerico(linea, doc), 4, 'archivo.documento', 'error');
    }
    // A novedad mark without its date: flagged, not refused (obligation [?], docs/pila-layout.md §4).
    if (v[14] !== '' && v[79] === '')
      aviso(
        M.pilaNovedadSinFecha(linea, 80, 'fecha de ingreso', 'ING', 15),
        80,
        'archivo.novedadSinFecha',
        'advertencia',
      );
    if (v[15] !== '' && v[80] === '')
      aviso(
        M.pilaNovedadSinFecha(linea, 81, 'fecha de retiro', 'RET', 16),
        81,
        'archivo.novedadSinFecha',
        'advertencia',
      );
  }

  fin(): PilaArchivo {
    if (this.n === 0)
      return {
        encabezado: null,
        cotizantes: [],
        hallazgos: [{ severidad: 'error', mensaje: M.pilaArchivoVacio, regla: 'archivo.vacio' }],
        lineas: 0,
      };
    const hallazgos = this.hallazgos;
    const e = this.encabezado;
    if (e && e.totalCotizantes !== this.contados.size)
      hallazgos.push({
        severidad: 'advertencia',
        mensaje: M.pilaTotalCotizantes(e.totalCotizantes, this.contados.size),
        linea: 1,
        campo: 19,
        regla: 'archivo.totalCotizantes',
      });
    return {
      encabezado: e,
      cotizantes: this.sinEncabezado ? [] : [...this.porPersona.values()],
      hallazgos: [...hallazgos].sort(
        (a, b) => (a.linea ?? 0) - (b.linea ?? 0) || (a.campo ?? 0) - (b.campo ?? 0),
      ),
      lineas: this.n,
    };
  }
}

/** The streaming form over lines (each without its terminator; a trailing empty one is ignored). */
export function parsePilaLineas(lines: Iterable<string>): PilaArchivo {
  const lector = new LectorPila();
  let vacias = 0;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    // Hold empty lines back: only a run of them at the very end is ignored.
    if (line === '') {
      vacias++;
      continue;
    }
    for (; vacias > 0; vacias--) lector.linea('');
    lector.linea(line);
  }
  return lector.fin();
}

/**
 * The streaming form over bytes (a file read in chunks): `agregar(chunk)` as they arrive, then
 * `fin()`. UTF-8 until a byte sequence is not valid UTF-8, ISO-8859-1 from there on (a Latin-1 file
 * is ASCII until its first accented letter, so the lines before read the same either way).
 */
export class LectorPilaBytes {
  private readonly lector = new LectorPila();
  private utf8: TextDecoder | null = new TextDecoder('utf-8', { fatal: true });
  private readonly latin1 = new TextDecoder('latin1');
  private resto = '';
  private vacias = 0;
  private primero = true;

  agregar(chunk: Uint8Array): void {
    this.texto(this.decodificar(chunk, true));
  }

  fin(): PilaArchivo {
    this.texto(this.decodificar(new Uint8Array(0), false));
    if (this.resto !== '') this.linea(this.resto);
    this.resto = '';
    return this.lector.fin();
  }

  private pendiente = new Uint8Array(0);

  private decodificar(chunk: Uint8Array, stream: boolean): string {
    if (this.utf8) {
      // Keep the bytes of an incomplete UTF-8 sequence at the end for the next chunk, so that a
      // failure always means invalid bytes, and can be re-read as Latin-1 in full.
      const bytes = this.pendiente.length ? concat(this.pendiente, chunk) : chunk;
      const corte = stream ? finUtf8Completo(bytes) : bytes.length;
      try {
        const s = this.utf8.decode(bytes.subarray(0, corte));
        this.pendiente = bytes.slice(corte);
        return s;
      } catch {
        this.utf8 = null;
        this.pendiente = new Uint8Array(0);
        return this.latin1.decode(bytes);
      }
    }
    return this.latin1.decode(chunk);
  }

  private texto(s: string) {
    if (s === '') return;
    if (this.primero) {
      this.primero = false;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const partes = (this.resto + s).split('\n');
    this.resto = partes.pop() ?? '';
    for (const p of partes) this.linea(p);
  }

  private linea(raw: string) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') {
      this.vacias++;
      return;
    }
    for (; this.vacias > 0; this.vacias--) this.lector.linea('');
    this.lector.linea(line);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Length of the prefix of `b` that ends on a UTF-8 sequence boundary (at most 3 bytes held back). */
function finUtf8Completo(b: Uint8Array): number {
  for (let i = b.length - 1, k = 1; i >= 0 && k <= 4; i--, k++) {
    const c = b[i];
    if ((c & 0xc0) === 0x80) continue; // continuation byte
    const necesita = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return k >= necesita ? b.length : i;
  }
  return b.length;
}
