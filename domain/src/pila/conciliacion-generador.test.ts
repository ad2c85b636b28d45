import { describe, expect, it } from 'vitest';
import { nitCheckDigit } from '../rules/nit';
import { conciliarPila } from './conciliacion';
import {
  conArlDistinta,
  conClaseBaja,
  conClaseTarifaInconsistente,
  conCotizanteExtra,
  conDvErrado,
  conIngresoTardio,
  conMenosDiasArl,
  conNitDistinto,
  conPeriodoDistinto,
  modeloPila,
  pagadaATiempo,
  pagadaTarde,
  serializarPila,
  sinCotizante,
  sinRetiro,
  type PilaModelo,
  type PilaPersonaGen,
} from './generador';
import { parsePila } from './parser';
import { PILA_REGLAS } from './reglas';
import type { PilaConciliacion, PilaContexto, PilaTrabajador } from './tipos';

/**
 * The reconciliation through the real file: parse(serialize(mutation of a generated planilla))
 * (docs/decisions/127 generator and parser, 128 reconciliation), one mutation per check of the
 * recipe's list.
 */

const MODELO = modeloPila({
  periodo: '2025-04',
  n: 10,
  seed: 42,
  mezcla: { completo: 0.4, ingreso: 0.2, retiro: 0.2, incapacidad: 0.2 },
});

/** The portal's view of a generated person: entered long before unless the planilla says otherwise. */
const trabajador = (p: PilaPersonaGen, i: number, t: Partial<PilaTrabajador> = {}): PilaTrabajador => ({
  empleadoId: i + 1,
  tipodocumento: p.tipoDocumento,
  numerodocumento: p.numeroDocumento,
  nombre: [p.primerNombre, p.primerApellido].join(' '),
  fechaIngreso: p.ingreso ?? '2024-01-15',
  fechaRetiro: p.retiro,
  diasEnObra: null,
  eps: null,
  arl: null,
  ...t,
});

function contexto(ajustes: Record<string, Partial<PilaTrabajador>> = {}): PilaContexto {
  return {
    nit: MODELO.aportante.nit,
    dv: nitCheckDigit(MODELO.aportante.nit),
    razonSocial: MODELO.aportante.razonSocial,
    ano: 2025,
    mes: 4,
    claseRiesgo: 5,
    esperados: MODELO.personas.map((p, i) => trabajador(p, i, ajustes[p.numeroDocumento])),
    registrados: [],
    smmlv: { valor: MODELO.smmlv, norma: 'Decreto 1572 de 2024' },
  };
}

const conciliar = (m: PilaModelo, ctx = contexto()) => conciliarPila(parsePila(serializarPila(m)), ctx);
/** The reconciliation's own findings (the parser's have their own rule ids). */
const propias = (r: PilaConciliacion) =>
  r.hallazgos.filter((h) => h.regla in PILA_REGLAS).map((h) => h.regla);

const conIngreso = MODELO.personas.find((p) => p.ingreso)!;
const conRetiro = MODELO.personas.find((p) => p.retiro)!;
const completo = MODELO.personas.find((p) => !p.ingreso && !p.retiro && !p.novedad)!;

describe('conciliarPila over generated files', () => {
  it('the generated month has every scenario', () => {
    expect([conIngreso, conRetiro, completo].every(Boolean)).toBe(true);
    expect(MODELO.personas.some((p) => p.novedad)).toBe(true);
  });

  it('reconciles the valid planilla, split lines and novedades included', () => {
    const r = conciliar(MODELO);
    expect(r.hallazgos).toEqual([]);
    expect(r.veredicto).toBe('Conciliada');
    expect(r.encontrados).toBe(10);
    expect(r.pagados).toHaveLength(10);
  });

  it.each([
    ['another NIT', conNitDistinto(MODELO, '800987654'), 'aportante.nit'],
    ['a wrong check digit', conDvErrado(MODELO), 'aportante.dv'],
    ['another period', conPeriodoDistinto(MODELO, '2025-03'), 'periodo'],
    ['a missing worker', sinCotizante(MODELO, completo.numeroDocumento), 'trabajador.faltante'],
    ['an extra cotizante', conCotizanteExtra(MODELO), 'trabajador.sobrante'],
    ['a late ING', conIngresoTardio(MODELO, conIngreso.numeroDocumento), 'novedad.ingresoFecha'],
    ['a missing RET', sinRetiro(MODELO, conRetiro.numeroDocumento), 'novedad.retiroFalta'],
    ['a low class', conClaseBaja(MODELO, completo.numeroDocumento), 'arl.clase'],
    [
      'class V at the class I rate',
      conClaseTarifaInconsistente(MODELO, completo.numeroDocumento),
      'arl.tarifa',
    ],
    ['a late payment', pagadaTarde(MODELO), 'pago.oportuno'],
  ] as const)('%s: %s', (_, modelo, regla) => {
    const r = conciliar(modelo);
    expect(propias(r)).toEqual([regla]);
    expect(r.veredicto).toBe(PILA_REGLAS[regla].severidad === 'error' ? 'Con errores' : 'Con advertencias');
  });

  it('refuses the planilla of another NIT', () => {
    expect(conciliar(conNitDistinto(MODELO, '800987654')).rechazada).toBe(true);
  });

  it('ARL days fewer than the days on site', () => {
    const doc = completo.numeroDocumento;
    const modelo = conMenosDiasArl(MODELO, doc, 20);
    expect(propias(conciliar(modelo, contexto({ [doc]: { diasEnObra: 20 } })))).toEqual([]);
    expect(propias(conciliar(modelo, contexto({ [doc]: { diasEnObra: 22 } })))).toEqual(['arl.dias']);
  });

  it('an ARL other than the registered one', () => {
    const doc = completo.numeroDocumento;
    const ctx = contexto({ [doc]: { arl: 'Positiva' } });
    expect(propias(conciliar(MODELO, ctx))).toEqual([]);
    expect(propias(conciliar(conArlDistinta(MODELO, doc, '14-28'), ctx))).toEqual(['administradora.arl']);
  });

  it('paid on the deadline is on time', () => {
    const r = conciliar(pagadaATiempo(MODELO));
    expect(r.hallazgos).toEqual([]);
    expect(r.fechaPago).toBe('2025-05-14');
    expect(r.fechaLimite).toBe('2025-05-14');
    expect(r.numeroPlanilla).not.toBeNull();
  });
});
