/**
 * Synthetic PILA files for tests and the bench (docs/decisions/127): the recipe of the portal's
 * reference data, copied into docs/pila-layout.md "Synthetic files (recipe)", as code.
 * The money is structurally valid and internally consistent (IBC rounded up to the peso, each
 * contribution up to the next multiple of 100, Decreto 1990 de 2016), NOT a legal liquidation.
 *
 * `modeloPila(opts)` draws the aportante and the persons deterministically from `seed` (or takes
 * explicit persons, to mirror a contract's workers); the mutations are pure functions on that model
 * (`conNitDistinto`, `sinCotizante`, ...) or on the text (`conLongitud`, `conSaltos`, `aLatin1`);
 * `serializarPila(modelo)` writes the 359/693-character records. `generarPila(opts)` does all three.
 */
import { nitCheckDigit } from '../rules/nit';
import { diasDelMes, esDiaHabil, fechaIso, sumarDias } from '../calendario';
import { plazoPilaDelPeriodo } from '../rules/pila-deadlines';
import { CAMPOS_DETALLE, CAMPOS_ENCABEZADO, type PilaCampo } from './layout';

export type PilaNovedadGen = { tipo: 'IGE' | 'VAC' | 'SLN'; dias: number; desde?: string };

export type PilaRiesgoGen = { clase: number; tarifa: string; actividad: string };

/** Risk of the recipe's three tasks (docs/pila-layout.md; arl-clases initial rates). */
export const RIESGOS = {
  obra: { clase: 5, tarifa: '0.0696000', actividad: '5411101' },
  electrica: { clase: 3, tarifa: '0.0243600', actividad: '3432101' },
  oficina: { clase: 1, tarifa: '0.0052200', actividad: '1711001' },
} as const satisfies Record<string, PilaRiesgoGen>;

/** One person of the planilla. Dates outside the period carry no novedad. */
export type PilaPersonaGen = {
  tipoDocumento: string;
  numeroDocumento: string;
  primerApellido: string;
  segundoApellido: string;
  primerNombre: string;
  segundoNombre: string;
  /** '01' dependiente, '59' independiente con contrato > 1 mes. */
  tipoCotizante: string;
  /** Salary (tipo 01) or monthly contract value (tipo 59), whole pesos. */
  salario: number;
  /** Entry / exit 'YYYY-MM-DD' (ING / RET when inside the period; out of the file when outside it). */
  ingreso: string | null;
  retiro: string | null;
  /** A second line for an incapacity, vacations or a suspension of `dias` days. */
  novedad: PilaNovedadGen | null;
  /** ARL days of the main line when they differ from the others (a mutation). */
  diasArl?: number;
  riesgo: PilaRiesgoGen;
  /** Field 77 when not the header's ARL (own ARL of an independent, or a mutation). */
  codigoArl?: string;
  departamento: string;
  municipio: string;
  afp: string;
  eps: string;
  ccf: string;
  /** In a planilla N: the line as paid (salary `salarioPagado`, marked A) and the corrected one (C). */
  correccion?: { salarioPagado: number };
};

export type PilaAportanteGen = { razonSocial: string; nit: string; arl: string };

export type PilaPagoGen = { planilla: string; fechaPago: string; operador: string };

export type PilaModelo = {
  aportante: PilaAportanteGen;
  /** Check digit written in H7 when not the DIAN one (a mutation). */
  dv?: number;
  /** H19 when it is not the count of distinct persons (a mutation). */
  totalCotizantes?: number;
  /** 'YYYY-MM': the month of the persons' days. */
  periodo: string;
  /** H15 when it is not `periodo` (a mutation). */
  periodoEncabezado?: string;
  smmlv: number;
  tipoPlanilla: string;
  tipoAportante: string;
  planillaAsociada?: { numero: string; fecha: string };
  pagada?: PilaPagoGen;
  personas: PilaPersonaGen[];
  saltoDeLinea: '\r\n' | '\n';
};

/** Share of each scenario among the drawn persons (weights, need not add up to 1). */
export type PilaMezcla = { completo: number; ingreso: number; retiro: number; incapacidad: number };

export type PilaGenOpciones = {
  /** Persons drawn (besides the explicit ones). */
  n?: number;
  seed?: number;
  periodo: string;
  smmlv?: number;
  aportante?: Partial<PilaAportanteGen>;
  mezcla?: Partial<PilaMezcla>;
  /** Explicit persons (a contract's workers): anything left out is drawn from the seed. */
  personas?: Array<Partial<PilaPersonaGen> & { numeroDocumento: string }>;
  riesgo?: PilaRiesgoGen;
  pagada?: PilaPagoGen;
  saltoDeLinea?: '\r\n' | '\n';
};

export const APORTANTE_EJEMPLO: PilaAportanteGen = {
  razonSocial: 'CONSTRUCTORA EJEMPLO SAS',
  nit: '900123456',
  arl: '14-23',
};
/** SMMLV 2025 (Decreto 1572 de 2024), the recipe's default; a parameter. */
export const SMMLV_EJEMPLO = 1_423_500;

/** Small deterministic PRNG (mulberry32): the same seed gives the same file. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const APELLIDOS = [
  'PEREZ',
  'GOMEZ',
  'RODRIGUEZ',
  'DIAZ',
  'LOPEZ',
  'MARTINEZ',
  'RUIZ',
  'GARCIA',
  'HERNANDEZ',
  'TORRES',
  'RAMIREZ',
  'SANCHEZ',
  'CASTRO',
  'VARGAS',
  'MORENO',
  'ROJAS',
  'JIMENEZ',
  'MUNOZ',
  'ORTIZ',
  'SUAREZ',
];
const NOMBRES = [
  'JUAN',
  'MARIA',
  'PEDRO',
  'ANA',
  'CARLOS',
  'LUISA',
  'JORGE',
  'SANDRA',
  'ANDRES',
  'PAOLA',
  'JOSE',
  'DIANA',
  'LUIS',
  'CLAUDIA',
  'MIGUEL',
  'ANGELA',
  'OSCAR',
  'LUZ',
  'JAVIER',
  'MARTHA',
];
const UBICACIONES = [
  ['11', '001'],
  ['05', '001'],
  ['76', '001'],
  ['08', '001'],
] as const;
const AFP = ['230301', '230201', '231001', '25-14'];
const EPS = ['EPS037', 'EPS010', 'EPS005', 'EPS008', 'EPS002'];
const CCF = ['CCF22', 'CCF21'];

const partes = (periodo: string) => ({ ano: Number(periodo.slice(0, 4)), mes: Number(periodo.slice(5, 7)) });
const primerDia = (periodo: string) => `${periodo}-01`;
const ultimoDia = (periodo: string) => {
  const { ano, mes } = partes(periodo);
  return fechaIso(ano, mes, diasDelMes(ano, mes));
};
const mesSiguienteDe = (periodo: string) => {
  const { ano, mes } = partes(periodo);
  return mes === 12 ? `${ano + 1}-01` : `${ano}-${String(mes + 1).padStart(2, '0')}`;
};

/** The aportante and the persons of the file, before any mutation. */
export function modeloPila(opts: PilaGenOpciones): PilaModelo {
  const rnd = prng(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const smmlv = opts.smmlv ?? SMMLV_EJEMPLO;
  const riesgo = opts.riesgo ?? RIESGOS.obra;
  const { ano, mes } = partes(opts.periodo);
  const usados = new Set((opts.personas ?? []).map((p) => p.numeroDocumento));
  const documento = () => {
    for (;;) {
      const d = rnd() < 0.5 ? String(int(10_000_000, 99_999_999)) : String(int(1_000_000_000, 1_099_999_999));
      if (!usados.has(d)) {
        usados.add(d);
        return d;
      }
    }
  };
  const base = (p: Partial<PilaPersonaGen>): PilaPersonaGen => {
    const [dep, mun] = pick(UBICACIONES);
    return {
      tipoDocumento: 'CC',
      numeroDocumento: p.numeroDocumento ?? documento(),
      primerApellido: pick(APELLIDOS),
      segundoApellido: rnd() < 0.8 ? pick(APELLIDOS) : '',
      primerNombre: pick(NOMBRES),
      segundoNombre: rnd() < 0.5 ? pick(NOMBRES) : '',
      tipoCotizante: '01',
      salario: Math.round((smmlv * (1 + rnd() * 3)) / 1000) * 1000,
      ingreso: null,
      retiro: null,
      novedad: null,
      riesgo,
      departamento: dep,
      municipio: mun,
      afp: pick(AFP),
      eps: pick(EPS),
      ccf: pick(CCF),
      ...p,
    };
  };
  const pesos = { completo: 0.7, ingreso: 0.1, retiro: 0.1, incapacidad: 0.1, ...opts.mezcla };
  const total = pesos.completo + pesos.ingreso + pesos.retiro + pesos.incapacidad;
  const dias = diasDelMes(ano, mes);
  const personas: PilaPersonaGen[] = (opts.personas ?? []).map(base);
  for (let i = 0; i < (opts.n ?? (opts.personas ? 0 : 5)); i++) {
    const p = base({});
    let r = rnd() * total;
    if ((r -= pesos.completo) < 0) {
      // full month
    } else if ((r -= pesos.ingreso) < 0) p.ingreso = fechaIso(ano, mes, int(2, Math.min(dias, 28)));
    else if ((r -= pesos.retiro) < 0) p.retiro = fechaIso(ano, mes, int(1, 28));
    else p.novedad = { tipo: 'IGE', dias: int(2, 10) };
    personas.push(p);
  }
  return {
    aportante: { ...APORTANTE_EJEMPLO, ...opts.aportante },
    periodo: opts.periodo,
    smmlv,
    tipoPlanilla: 'E',
    tipoAportante: '01',
    pagada: opts.pagada,
    personas,
    saltoDeLinea: opts.saltoDeLinea ?? '\r\n',
  };
}

// ---- serialization ----

type Valores = Map<number, string | number>;

function registro(campos: readonly PilaCampo[], valores: Valores): string {
  let out = '';
  for (const c of campos) {
    const largo = c.fin - c.inicio + 1;
    const v = valores.get(c.n);
    let s: string;
    if (v === undefined || v === '')
      s = c.tipo === 'N' && c.obligatorio ? '0'.repeat(largo) : ' '.repeat(largo);
    else if (typeof v === 'number') s = String(v).padStart(largo, '0');
    else s = c.tipo === 'T' ? v.padEnd(largo, '0') : v.padEnd(largo, ' ');
    if (s.length !== largo) throw new Error(`campo ${c.n}: «${s}» no cabe en ${largo}`);
    out += s;
  }
  return out;
}

/** ceil(ibc × rate) to the next multiple of 100, in integers (rate as text with up to 7 decimals). */
function cotizacion(ibc: number, tarifa: string): number {
  const [ent, dec = ''] = tarifa.split('.');
  const milloDiez = Number(ent) * 1e7 + Number(dec.padEnd(7, '0').slice(0, 7));
  return Math.ceil((ibc * milloDiez) / 1e9) * 100;
}

const diaPila = (fecha: string) => Math.min(Number(fecha.slice(8, 10)), 30);

type LineaGen = { valores: Valores; ibcCcf: number };

function lineasDePersona(m: PilaModelo, p: PilaPersonaGen): LineaGen[] {
  const desde = primerDia(m.periodo);
  const hasta = ultimoDia(m.periodo);
  if ((p.ingreso && p.ingreso > hasta) || (p.retiro && p.retiro < desde)) return [];
  const ing = p.ingreso && p.ingreso >= desde ? p.ingreso : null;
  const ret = p.retiro && p.retiro <= hasta ? p.retiro : null;
  const d1 = ing ? diaPila(ing) : 1;
  const d2 = ret ? diaPila(ret) : 30;
  const totalDias = Math.max(0, d2 - d1 + 1);
  const k = p.novedad ? Math.min(p.novedad.dias, Math.max(0, totalDias - 1)) : 0;
  const independiente = p.tipoCotizante === '59';
  // Independents: the recipe's IBC, 40 % of the monthly contract value and at least 1 SMMLV.
  const baseMensual = independiente ? Math.max(Math.ceil(p.salario * 0.4), m.smmlv) : p.salario;
  const exonerado = !independiente && p.salario < 10 * m.smmlv;
  const linea = (
    dias: number,
    novedad: PilaNovedadGen | null,
    salario: number,
    correccion: string,
  ): LineaGen => {
    const v: Valores = new Map();
    const base = independiente ? baseMensual : salario;
    const ibc = Math.ceil((base * dias) / 30);
    const diasArl = novedad ? 0 : (p.diasArl ?? dias);
    const ibcArl = diasArl === 0 ? 0 : ibc;
    const ibcCcf = independiente ? 0 : ibc;
    const tarifaSalud = exonerado ? '0.04000' : '0.12500';
    const tarifaArl = novedad ? '0.0000000' : p.riesgo.tarifa;
    const tarifaCcf = independiente || novedad?.tipo === 'IGE' ? '0.00000' : '0.04000';
    const sena = exonerado || independiente ? '0.00000' : '0.02000';
    const icbf = exonerado || independiente ? '0.00000' : '0.03000';
    const pension = cotizacion(ibc, '0.16000');
    const pares: Array<[number, string | number]> = [
      [3, p.tipoDocumento],
      [4, p.numeroDocumento],
      [5, p.tipoCotizante],
      [6, '00'],
      [9, p.departamento],
      [10, p.municipio],
      [11, p.primerApellido.slice(0, 20)],
      [12, p.segundoApellido.slice(0, 30)],
      [13, p.primerNombre.slice(0, 20)],
      [14, p.segundoNombre.slice(0, 30)],
      [22, correccion],
      [30, 0],
      [31, p.afp],
      [33, p.eps],
      [35, independiente ? '' : p.ccf],
      [36, dias],
      [37, dias],
      [38, diasArl],
      [39, independiente ? 0 : dias],
      [40, independiente ? baseMensual : salario],
      [41, 'F'],
      [42, ibc],
      [43, ibc],
      [44, ibcArl],
      [45, ibcCcf],
      [46, '0.16000'],
      [47, pension],
      [48, 0],
      [49, 0],
      [50, pension],
      [51, 0],
      [52, 0],
      [53, 0],
      [54, tarifaSalud],
      [55, cotizacion(ibc, tarifaSalud)],
      [56, 0],
      [58, 0],
      [60, 0],
      [61, tarifaArl],
      [62, 1],
      [63, cotizacion(ibcArl, tarifaArl)],
      [64, tarifaCcf],
      [65, cotizacion(ibcCcf, tarifaCcf)],
      [66, sena],
      [67, cotizacion(ibc, sena)],
      [68, icbf],
      [69, cotizacion(ibc, icbf)],
      [70, '0.00000'],
      [71, 0],
      [72, '0.00000'],
      [73, 0],
      [76, exonerado ? 'S' : 'N'],
      [77, p.codigoArl ?? m.aportante.arl],
      [78, String(p.riesgo.clase)],
      [95, exonerado ? 0 : ibcCcf],
      [96, dias * 8],
      [98, p.riesgo.actividad],
    ];
    for (const [n, x] of pares) v.set(n, x);
    if (novedad) {
      const campo = { IGE: [25, 85], VAC: [27, 89], SLN: [24, 83] }[novedad.tipo];
      const inicio = novedad.desde ?? sumarDias(ret ?? hasta, -(novedad.dias - 1));
      v.set(campo[0], 'X');
      v.set(campo[1], inicio);
      v.set(campo[1] + 1, sumarDias(inicio, novedad.dias - 1));
    }
    return { valores: v, ibcCcf };
  };
  const marcarNovedades = (l: LineaGen) => {
    if (ing) {
      l.valores.set(15, 'X');
      l.valores.set(80, ing);
    }
    if (ret) {
      l.valores.set(16, 'X');
      l.valores.set(81, ret);
    }
    return l;
  };
  const lineas = (salario: number, correccion: string) => {
    const out = [marcarNovedades(linea(totalDias - k, null, salario, correccion))];
    if (k > 0 && p.novedad) out.push(linea(k, p.novedad, salario, correccion));
    return out;
  };
  return p.correccion
    ? [...lineas(p.correccion.salarioPagado, 'A'), ...lineas(p.salario, 'C')]
    : lineas(p.salario, '');
}

/** The file's text: header then detail lines, each record terminated. */
export function serializarPila(m: PilaModelo): string {
  const detalle: string[] = [];
  let nomina = 0;
  const distintos = new Set<string>();
  for (const p of m.personas) {
    const ls = lineasDePersona(m, p);
    if (ls.length > 0 && p.tipoCotizante !== '40') distintos.add(`${p.tipoDocumento}:${p.numeroDocumento}`);
    for (const l of ls) {
      l.valores.set(1, '02');
      l.valores.set(2, detalle.length + 1);
      nomina += l.ibcCcf;
      detalle.push(registro(CAMPOS_DETALLE, l.valores));
    }
  }
  const a = m.aportante;
  const h: Valores = new Map<number, string | number>([
    [1, '01'],
    [2, '1'],
    [3, '0001'],
    [4, a.razonSocial.toUpperCase().slice(0, 200)],
    [5, 'NI'],
    [6, a.nit],
    [7, m.dv ?? nitCheckDigit(a.nit)],
    [8, m.tipoPlanilla],
    [11, 'U'],
    [14, a.arl],
    [15, m.periodoEncabezado ?? m.periodo],
    [16, mesSiguienteDe(m.periodoEncabezado ?? m.periodo)],
    [19, m.totalCotizantes ?? distintos.size],
    [20, nomina],
    [21, m.tipoAportante],
  ]);
  if (m.planillaAsociada) {
    h.set(9, m.planillaAsociada.numero);
    h.set(10, m.planillaAsociada.fecha);
  }
  if (m.pagada) {
    h.set(17, m.pagada.planilla);
    h.set(18, m.pagada.fechaPago);
    h.set(22, m.pagada.operador);
  }
  // H9, H17 and H22 are blank when not filled (registro() blanks non-obligatory N fields).
  return [registro(CAMPOS_ENCABEZADO, h), ...detalle].map((l) => l + m.saltoDeLinea).join('');
}

/** The recipe end to end: draw, then write. */
export function generarPila(opts: PilaGenOpciones): string {
  return serializarPila(modeloPila(opts));
}

// ---- mutations of a valid file (the recipe's variants for the portal's checks) ----

const conPersona = (
  m: PilaModelo,
  doc: string | undefined,
  f: (p: PilaPersonaGen) => PilaPersonaGen,
): PilaModelo => {
  const objetivo = doc ?? m.personas[0]?.numeroDocumento;
  return { ...m, personas: m.personas.map((p) => (p.numeroDocumento === objetivo ? f(p) : p)) };
};

/** Another aportante's NIT (its own check digit, so only the NIT is wrong). */
export const conNitDistinto = (m: PilaModelo, nit: string): PilaModelo => ({
  ...m,
  aportante: { ...m.aportante, nit },
});
/** The right NIT with a wrong check digit in H7. */
export const conDvErrado = (m: PilaModelo): PilaModelo => ({
  ...m,
  dv: (nitCheckDigit(m.aportante.nit) + 1) % 10,
});
/** A worker's lines dropped (H19 and H20 follow). */
export const sinCotizante = (m: PilaModelo, doc: string): PilaModelo => ({
  ...m,
  personas: m.personas.filter((p) => p.numeroDocumento !== doc),
});
/** H19 that does not match the distinct persons. */
export const conTotalCotizantes = (m: PilaModelo, total: number): PilaModelo => ({
  ...m,
  totalCotizantes: total,
});
/** A person not registered on the contract (drawn from `seed` unless given). */
export function conCotizanteExtra(m: PilaModelo, persona?: Partial<PilaPersonaGen>, seed = 7): PilaModelo {
  const extra = modeloPila({
    periodo: m.periodo,
    smmlv: m.smmlv,
    seed,
    n: persona ? 0 : 1,
    personas: persona ? [{ numeroDocumento: '1099000001', ...persona }] : undefined,
    mezcla: { completo: 1, ingreso: 0, retiro: 0, incapacidad: 0 },
  }).personas;
  return { ...m, personas: [...m.personas, ...extra] };
}
/** ING `dias` days later than the person's entry (the first of the month when it had none). */
export const conIngresoTardio = (m: PilaModelo, doc: string, dias = 1): PilaModelo =>
  conPersona(m, doc, (p) => ({
    ...p,
    ingreso: sumarDias(
      p.ingreso && p.ingreso >= primerDia(m.periodo) ? p.ingreso : primerDia(m.periodo),
      dias,
    ),
  }));
/** RET left out for a person who left (full month paid). */
export const sinRetiro = (m: PilaModelo, doc: string): PilaModelo =>
  conPersona(m, doc, (p) => ({ ...p, retiro: null }));
/** Fewer ARL days (D38) than the other subsystems, with no novedad. */
export const conMenosDiasArl = (m: PilaModelo, doc: string, dias = 20): PilaModelo =>
  conPersona(m, doc, (p) => ({ ...p, diasArl: dias, novedad: null }));
/** Class III (electrical installations) for a worker of a class V task. */
export const conClaseBaja = (m: PilaModelo, doc: string): PilaModelo =>
  conPersona(m, doc, (p) => ({ ...p, riesgo: RIESGOS.electrica }));
/** Class V with the class I rate (D78 and D61 disagree). */
export const conClaseTarifaInconsistente = (m: PilaModelo, doc: string): PilaModelo =>
  conPersona(m, doc, (p) => ({ ...p, riesgo: { ...RIESGOS.obra, tarifa: RIESGOS.oficina.tarifa } }));
/** D77 differs from the header's ARL (H14). */
export const conArlDistinta = (m: PilaModelo, doc: string, arl = '14-28'): PilaModelo =>
  conPersona(m, doc, (p) => ({ ...p, codigoArl: arl }));
/** H15 (and H16) of another month; the persons' days stay those of `periodo`. */
export const conPeriodoDistinto = (m: PilaModelo, periodo: string): PilaModelo => ({
  ...m,
  periodoEncabezado: periodo,
});
/** The paid variant (H17, H18, H22). */
export const pagada = (m: PilaModelo, pago: Partial<PilaPagoGen> & { fechaPago: string }): PilaModelo => ({
  ...m,
  pagada: { planilla: '9000012345', operador: '88', ...pago },
});
/** The payment deadline of the period for the aportante's NIT (rules/pila-deadlines.ts). */
export const plazoDelModelo = (m: PilaModelo): string =>
  plazoPilaDelPeriodo(m.aportante.nit, partes(m.periodo));
/** Paid on the deadline. */
export const pagadaATiempo = (m: PilaModelo): PilaModelo => pagada(m, { fechaPago: plazoDelModelo(m) });
/** Paid one business day after the deadline. */
export function pagadaTarde(m: PilaModelo): PilaModelo {
  let d = sumarDias(plazoDelModelo(m), 1);
  while (!esDiaHabil(d)) d = sumarDias(d, 1);
  return pagada(m, { fechaPago: d });
}
/** A planilla N: for each given person (all by default) the line as paid (A) and the corrected one (C). */
export const conCorrecciones = (
  m: PilaModelo,
  asociada: { numero: string; fecha: string },
  docs?: string[],
): PilaModelo => ({
  ...m,
  tipoPlanilla: 'N',
  planillaAsociada: asociada,
  personas: m.personas.map((p) =>
    !docs || docs.includes(p.numeroDocumento)
      ? { ...p, correccion: { salarioPagado: Math.max(m.smmlv, p.salario - 100_000) } }
      : p,
  ),
});
/** Independent contractor(s): tipo 59 with their own ARL; the planilla is Y when all are. */
export function comoIndependiente(m: PilaModelo, doc?: string, arl = '14-8'): PilaModelo {
  const personas = m.personas.map((p) =>
    !doc || p.numeroDocumento === doc ? { ...p, tipoCotizante: '59', codigoArl: arl } : p,
  );
  return {
    ...m,
    personas,
    tipoPlanilla: personas.every((p) => p.tipoCotizante === '59') ? 'Y' : m.tipoPlanilla,
  };
}

// ---- text mutations ----

/** Line `linea` (1-based) cut or padded to `largo` characters (692 / 694 for a detail line). */
export function conLongitud(texto: string, linea: number, largo: number): string {
  const salto = texto.includes('\r\n') ? '\r\n' : '\n';
  const lineas = texto.split(salto);
  const l = lineas[linea - 1];
  lineas[linea - 1] = l.length >= largo ? l.slice(0, largo) : l.padEnd(largo, ' ');
  return lineas.join(salto);
}
/** The same file with LF or CRLF terminators. */
export const conSaltos = (texto: string, salto: '\r\n' | '\n'): string => texto.replace(/\r?\n/g, salto);
/** ISO-8859-1 bytes (every character must be Latin-1). */
export function aLatin1(texto: string): Uint8Array {
  const out = new Uint8Array(texto.length);
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    if (c > 0xff) throw new RangeError(`no es Latin-1: ${texto[i]}`);
    out[i] = c;
  }
  return out;
}
/** UTF-8 bytes. */
export const aUtf8 = (texto: string): Uint8Array => new TextEncoder().encode(texto);
