import { PILA_MSG as M } from './messages';
import { formatLapso } from '../dates';
import { diasDelMes, fechaIso, mesSiguiente } from '../calendario';
import { diaHabilPila, FUENTE_PLAZOS_PILA, plazoPila, PLAZOS_PILA_DESDE } from '../rules/pila-deadlines';
import { codigoAdministradora, buscarAdministradora, normalizarCodigo } from './administradoras';
import { claseRiesgo, tarifaEnClase } from './clases-riesgo';
import { PILA_REGLAS, type PilaReglaId } from './reglas';
import type {
  PilaArchivo,
  PilaConciliacion,
  PilaContexto,
  PilaCotizante,
  PilaHallazgo,
  PilaLinea,
  PilaPersona,
  PilaTrabajador,
} from './tipos';

/**
 * The reconciliation of a month's PILA planilla with the contract's workers (docs/decisions/128): pure,
 * no I/O. The server gathers the context (the contractor's NIT, the period, the contract's risk class,
 * the workers expected in the period with their dates, gate days and administradoras, the SMMLV of the
 * year); the parser (docs/decisions/127) gives the file. Every finding names the rule of PILA_REGLAS
 * that produced it, with its legal basis there.
 *
 * A planilla of another aportante (NIT or check digit), of another period, or without a header, is
 * refused (`rechazada`): only that finding and the parser's are answered, no worker checks, and it
 * pays nobody (`pagados` empty).
 */

/** Tipo de cotizante 40 (beneficiario UPC adicional) is not a worker; 51 is the part-time worker. */
const NO_TRABAJADOR = '40';
const TIEMPO_PARCIAL = '51';
/** Tipo de cotizante 18: public servants without an IBC ceiling (docs/pila-layout.md, cotizante types). */
const SIN_TOPE_IBC = '18';
/** The IBC ceiling in SMMLV (Ley 100 de 1993 art. 18 as amended by Ley 797 de 2003 art. 5). */
export const IBC_MAXIMO_SMMLV = 25;

/** IBC field, its name in messages, the IBC and the days of each subsystem the IBC checks read. */
const SUBSISTEMAS_IBC: ReadonlyArray<[number, string, (l: PilaLinea) => number, (l: PilaLinea) => number]> = [
  [42, M.pilaIbcPension, (l) => l.ibcPension, (l) => l.diasPension],
  [43, M.pilaIbcSalud, (l) => l.ibcSalud, (l) => l.diasSalud],
  [44, M.pilaIbcArl, (l) => l.ibcArl, (l) => l.diasArl],
];

/** A line that carries a novelty that explains fewer than 30 days: ING, RET, SLN, IGE, LMA, VAC-LR, IRL. */
const conNovedadDeDias = (l: PilaLinea) =>
  l.ing !== '' || l.ret !== '' || l.sln !== '' || l.ige !== '' || l.lma !== '' || l.vac !== '' || l.irl > 0;
/** Planillas that are late by definition (M mora) or correct a paid one (N): no deadline check. */
const SIN_PLAZO = new Set(['M', 'N']);

const clave = (tipo: string, numero: string) => `${tipo.trim().toUpperCase()}:${numero.trim().toUpperCase()}`;
const digitos = (s: string) => s.replace(/\D/g, '');
const periodoIso = (ano: number, mes: number) => `${ano}-${String(mes).padStart(2, '0')}`;

function leerPeriodo(p: string | null | undefined): { ano: number; mes: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(p ?? '');
  if (!m) return null;
  const mes = Number(m[2]);
  return mes >= 1 && mes <= 12 ? { ano: Number(m[1]), mes } : null;
}

function hallazgo(
  regla: PilaReglaId,
  mensaje: string,
  extra: {
    persona?: { tipodocumento: string; numerodocumento: string };
    linea?: number;
    campo?: number;
  } = {},
): PilaHallazgo {
  const h: PilaHallazgo = { severidad: PILA_REGLAS[regla].severidad, mensaje, regla };
  if (extra.persona) {
    h.tipodocumento = extra.persona.tipodocumento;
    h.numerodocumento = extra.persona.numerodocumento;
  }
  if (extra.linea !== undefined) h.linea = extra.linea;
  if (extra.campo !== undefined) h.campo = extra.campo;
  return h;
}

/** Minimum IBC for `dias` of a month: SMMLV × días / 30 up to the next peso (Decreto 1990 de 2016). */
export function ibcMinimo(smmlv: number, dias: number): number {
  // Integers only: valor × días is exact, and the ceiling of a division by 30 never meets a binary fraction.
  return Math.floor((Math.round(smmlv) * dias + 29) / 30);
}

/**
 * The payment deadline of a planilla: the business day of its payment month for the NIT (Decreto 1990
 * de 2016). The payment month is the month after the period (dependants pay month M in M+1: header
 * field 16 of a planilla E says so, and one that says otherwise is a finding, 'periodo.salud', never a
 * later deadline). Null before the table's start.
 */
export function plazoDePlanilla(nit: string, periodo: { ano: number; mes: number }): string | null {
  const pago = mesSiguiente(periodo);
  if (pago.ano * 12 + pago.mes < PLAZOS_PILA_DESDE.ano * 12 + PLAZOS_PILA_DESDE.mes) return null;
  if (digitos(nit) === '') return null;
  return plazoPila(nit, pago);
}

export function conciliarPila(archivo: PilaArchivo, ctx: PilaContexto): PilaConciliacion {
  const hallazgos: PilaHallazgo[] = [...archivo.hallazgos];
  const enc = archivo.encabezado;
  const respuesta: PilaConciliacion = {
    veredicto: 'Conciliada',
    ano: ctx.ano,
    mes: ctx.mes,
    esperados: ctx.esperados.length,
    encontrados: 0,
    faltantes: [],
    sobrantes: [],
    hallazgos,
    numeroPlanilla: enc?.numeroPlanilla ?? null,
    fechaPago: enc?.fechaPago ?? null,
    fechaLimite: null,
    pagados: [],
  };
  const cerrar = (): PilaConciliacion => {
    // Errors first, then by line; findings of the whole file (no line) before the lines.
    const orden = hallazgos.map((h, i) => ({ h, i }));
    orden.sort(
      (x, y) =>
        (x.h.severidad === 'error' ? 0 : 1) - (y.h.severidad === 'error' ? 0 : 1) ||
        (x.h.linea ?? 0) - (y.h.linea ?? 0) ||
        x.i - y.i,
    );
    respuesta.hallazgos = orden.map((o) => o.h);
    respuesta.veredicto = hallazgos.some((h) => h.severidad === 'error')
      ? 'Con errores'
      : hallazgos.length > 0
        ? 'Con advertencias'
        : 'Conciliada';
    return respuesta;
  };

  // ---- The aportante: the planilla must be the contractor's, or it is refused. ----
  if (!enc) {
    hallazgos.push(hallazgo('aportante.nit', M.pilaConciliacionSinEncabezado));
    respuesta.rechazada = true;
    return cerrar();
  }
  if (digitos(enc.numeroDocumento) !== digitos(ctx.nit)) {
    hallazgos.push(
      hallazgo('aportante.nit', M.pilaNitAportante(enc.numeroDocumento.trim(), ctx.nit), {
        linea: 1,
        campo: 6,
      }),
    );
    respuesta.rechazada = true;
    return cerrar();
  }
  if (enc.dv !== ctx.dv) {
    hallazgos.push(
      hallazgo('aportante.dv', M.pilaDvAportante(enc.dv, ctx.nit, ctx.dv), { linea: 1, campo: 7 }),
    );
    respuesta.rechazada = true;
    return cerrar();
  }

  // ---- The period: another month's planilla pays nobody this month and is refused, so it is
  // never stored as this month's reconciliation (docs/decisions/128). ----
  if (enc.periodo !== periodoIso(ctx.ano, ctx.mes)) {
    const leido = leerPeriodo(enc.periodo);
    hallazgos.push(
      hallazgo(
        'periodo',
        M.pilaPeriodo(leido ? formatLapso(leido.ano, leido.mes) : enc.periodo, formatLapso(ctx.ano, ctx.mes)),
        { linea: 1, campo: 15 },
      ),
    );
    respuesta.rechazada = true;
    return cerrar();
  }

  // ---- Planilla E: the health period (H16) is the month after the period (H15). ----
  const periodo = { ano: ctx.ano, mes: ctx.mes };
  const saludEsperado = mesSiguiente(periodo);
  if (enc.tipoPlanilla === 'E' && enc.periodoSalud !== periodoIso(saludEsperado.ano, saludEsperado.mes)) {
    const leido = leerPeriodo(enc.periodoSalud);
    hallazgos.push(
      hallazgo(
        'periodo.salud',
        M.pilaPeriodoSalud(
          leido ? formatLapso(leido.ano, leido.mes) : `'${enc.periodoSalud}'`,
          formatLapso(saludEsperado.ano, saludEsperado.mes),
          formatLapso(ctx.ano, ctx.mes),
        ),
        { linea: 1, campo: 16 },
      ),
    );
  }

  // ---- Payment deadline (the paid variant carries H18; the uploaded one does not). ----
  const fechaLimite = plazoDePlanilla(ctx.nit, periodo);
  respuesta.fechaLimite = fechaLimite;
  if (fechaLimite) respuesta.fuenteFechaLimite = FUENTE_PLAZOS_PILA;
  if (fechaLimite && enc.fechaPago && !SIN_PLAZO.has(enc.tipoPlanilla) && enc.fechaPago > fechaLimite) {
    hallazgos.push(
      hallazgo('pago.oportuno', M.pilaPagoTardio(enc.fechaPago, fechaLimite, diaHabilPila(ctx.nit)), {
        linea: 1,
        campo: 18,
      }),
    );
  }

  // ---- Workers: expected ones present, unknown ones reported, each known one checked. ----
  const cotizantes = new Map<string, PilaCotizante>();
  for (const c of archivo.cotizantes) {
    if (c.lineas.length > 0) cotizantes.set(clave(c.tipoDocumento, c.numeroDocumento), c);
  }
  const conocidos = new Map<string, PilaTrabajador>();
  for (const t of ctx.registrados) conocidos.set(clave(t.tipodocumento, t.numerodocumento), t);
  for (const t of ctx.esperados) conocidos.set(clave(t.tipodocumento, t.numerodocumento), t);

  for (const t of ctx.esperados) {
    const k = clave(t.tipodocumento, t.numerodocumento);
    const persona: PilaPersona = {
      tipodocumento: t.tipodocumento,
      numerodocumento: t.numerodocumento,
      nombre: t.nombre,
    };
    if (cotizantes.has(k)) {
      respuesta.encontrados++;
      respuesta.pagados.push(k);
    } else {
      respuesta.faltantes.push(persona);
      hallazgos.push(
        hallazgo(
          'trabajador.faltante',
          M.pilaFaltante(M.pilaPersona(t.nombre, t.tipodocumento, t.numerodocumento)),
          {
            persona,
          },
        ),
      );
    }
  }

  const verificar: Array<[PilaCotizante, PilaTrabajador]> = [];
  for (const [k, c] of cotizantes) {
    const t = conocidos.get(k);
    if (t) {
      verificar.push([c, t]);
      continue;
    }
    if (c.lineas.every((l) => l.tipoCotizante === NO_TRABAJADOR)) continue;
    const persona = { tipodocumento: c.tipoDocumento, numerodocumento: c.numeroDocumento, nombre: c.nombre };
    respuesta.sobrantes.push(persona);
    hallazgos.push(
      hallazgo(
        'trabajador.sobrante',
        M.pilaSobrante(c.lineas[0].linea, M.pilaPersona(c.nombre, c.tipoDocumento, c.numeroDocumento)),
        { persona, linea: c.lineas[0].linea },
      ),
    );
  }

  const smmlv = ctx.smmlv ?? null;
  if (!smmlv && verificar.length > 0) hallazgos.push(hallazgo('ibc.sinSmmlv', M.pilaSinSmmlv(ctx.ano)));
  const limites = {
    inicio: fechaIso(ctx.ano, ctx.mes, 1),
    fin: fechaIso(ctx.ano, ctx.mes, diasDelMes(ctx.ano, ctx.mes)),
  };
  for (const [c, t] of verificar) verificarTrabajador(c, t, ctx, smmlv, limites, hallazgos);

  return cerrar();
}

/** The checks of one worker the portal knows, over the person's lines of the planilla. */
function verificarTrabajador(
  c: PilaCotizante,
  t: PilaTrabajador,
  ctx: PilaContexto,
  smmlv: { valor: number; norma: string } | null,
  periodo: { inicio: string; fin: string },
  hallazgos: PilaHallazgo[],
): void {
  const quien = { tipodocumento: t.tipodocumento, numerodocumento: t.numerodocumento };
  const persona = M.pilaPersona(t.nombre, t.tipodocumento, t.numerodocumento);
  const lineas = c.lineas;
  const primera = lineas[0].linea;
  const enPeriodo = (f: string | null): f is string => f !== null && f >= periodo.inicio && f <= periodo.fin;
  const push = (regla: PilaReglaId, mensaje: string, linea: number, campo?: number) =>
    hallazgos.push(hallazgo(regla, mensaje, { persona: quien, linea, campo }));

  // Entry (ING, D15 / D80) against the portal's entry date.
  const ing = lineas.find((l) => l.ing !== '');
  if (ing) {
    if (ing.fechaIngreso && t.fechaIngreso && ing.fechaIngreso !== t.fechaIngreso) {
      push(
        'novedad.ingresoFecha',
        M.pilaIngresoFecha(ing.linea, persona, ing.fechaIngreso, t.fechaIngreso),
        ing.linea,
        80,
      );
    }
  } else if (enPeriodo(t.fechaIngreso)) {
    push('novedad.ingresoFalta', M.pilaIngresoFalta(primera, persona, t.fechaIngreso), primera, 15);
  }

  // Exit (RET, D16 / D81) against the portal's exit date.
  const ret = lineas.find((l) => l.ret !== '');
  if (ret) {
    if (t.fechaRetiro === null || t.fechaRetiro > periodo.fin) {
      push('novedad.retiroActivo', M.pilaRetiroActivo(ret.linea, persona, ret.fechaRetiro), ret.linea, 16);
    } else if (ret.fechaRetiro && ret.fechaRetiro !== t.fechaRetiro) {
      push(
        'novedad.retiroFecha',
        M.pilaRetiroFecha(ret.linea, persona, ret.fechaRetiro, t.fechaRetiro),
        ret.linea,
        81,
      );
    }
  } else if (enPeriodo(t.fechaRetiro)) {
    push('novedad.retiroFalta', M.pilaRetiroFalta(primera, persona, t.fechaRetiro), primera, 16);
  }

  // ARL days cover the days on site (PILA months have 30 days: a 31st day on site asks no more).
  if (t.diasEnObra !== null) {
    const dias = lineas.reduce((s, l) => s + l.diasArl, 0);
    const enObra = Math.min(t.diasEnObra, 30);
    if (dias < enObra) push('arl.dias', M.pilaDiasArl(primera, persona, dias, enObra), primera, 38);
  }

  // ARL class at least the contract's; the rate inside the declared class's range.
  const baja = lineas.find((l) => l.claseRiesgo !== null && l.claseRiesgo < ctx.claseRiesgo);
  if (baja)
    push('arl.clase', M.pilaClase(baja.linea, persona, baja.claseRiesgo!, ctx.claseRiesgo), baja.linea, 78);
  const fueraDeRango = lineas.find((l) => {
    const cl = claseRiesgo(l.claseRiesgo);
    // Lines without ARL days (IGE, LMA, VAC-LR, IRL) carry rate 0: nothing to judge.
    return cl !== null && (l.diasArl > 0 || l.tarifaArl > 0) && !tarifaEnClase(cl, l.tarifaArl);
  });
  if (fueraDeRango) {
    const cl = claseRiesgo(fueraDeRango.claseRiesgo)!;
    push(
      'arl.tarifa',
      M.pilaTarifa(fueraDeRango.linea, persona, fueraDeRango.tarifaArl, cl.clase, cl.minima, cl.maxima),
      fueraDeRango.linea,
      61,
    );
  }

  // Without a novelty, a month is 30 days of health (part-time workers contribute by weeks).
  const diasSalud = lineas.reduce((s, l) => s + l.diasSalud, 0);
  // An entry or exit in the month the file does not report has its own finding above.
  if (
    diasSalud < 30 &&
    !enPeriodo(t.fechaIngreso) &&
    !enPeriodo(t.fechaRetiro) &&
    !lineas.some((l) => l.tipoCotizante === TIEMPO_PARCIAL || conNovedadDeDias(l))
  )
    push('dias.sinNovedad', M.pilaDiasSinNovedad(primera, persona, diasSalud), primera, 37);

  // IBC at most 25 SMMLV in each subsystem (public servants without a ceiling excepted).
  if (smmlv && !lineas.every((l) => l.tipoCotizante === SIN_TOPE_IBC)) {
    const maximo = Math.round(smmlv.valor) * IBC_MAXIMO_SMMLV;
    for (const [campo, nombre, ibcDe] of SUBSISTEMAS_IBC) {
      const ibc = lineas.reduce((s, l) => s + ibcDe(l), 0);
      if (ibc > maximo)
        push(
          'ibc.maximo',
          M.pilaIbcMaximo(primera, campo, nombre, persona, ibc, maximo, ctx.ano),
          primera,
          campo,
        );
    }
  }

  // IBC at least the SMMLV prorated by the days of each subsystem (part-time workers excepted).
  if (smmlv && !lineas.every((l) => l.tipoCotizante === TIEMPO_PARCIAL)) {
    for (const [campo, nombre, ibcDe, diasDe] of SUBSISTEMAS_IBC) {
      const dias = lineas.reduce((s, l) => s + diasDe(l), 0);
      const ibc = lineas.reduce((s, l) => s + ibcDe(l), 0);
      if (dias <= 0) continue;
      const minimo = ibcMinimo(smmlv.valor, Math.min(dias, 30));
      if (ibc < minimo) {
        push(
          'ibc.minimo',
          M.pilaIbc(primera, campo, nombre, persona, ibc, minimo, Math.min(dias, 30), ctx.ano),
          primera,
          campo,
        );
      }
    }
  }

  // Administradoras registered for the worker (a name as typed or a code); unregistered: nothing.
  const administradoras: Array<['EPS' | 'ARL', PilaReglaId, number, (l: PilaLinea) => string | null]> = [
    ['EPS', 'administradora.eps', 33, (l) => l.codigoEps],
    ['ARL', 'administradora.arl', 77, (l) => l.codigoArl],
  ];
  for (const [tipo, regla, campo, codigoDe] of administradoras) {
    const registrada = tipo === 'EPS' ? t.eps : t.arl;
    const codigo = codigoAdministradora(tipo, registrada);
    if (!codigo || !registrada) continue;
    const otra = lineas.find((l) => {
      const c = codigoDe(l);
      return c !== null && c.trim() !== '' && normalizarCodigo(c) !== codigo;
    });
    if (!otra) continue;
    const nombre = buscarAdministradora(tipo, registrada)?.nombre ?? registrada;
    const mensaje = (tipo === 'EPS' ? M.pilaEps : M.pilaArl)(
      otra.linea,
      persona,
      normalizarCodigo(codigoDe(otra)!),
      nombre,
      codigo,
    );
    push(regla, mensaje, otra.linea, campo);
  }
}
