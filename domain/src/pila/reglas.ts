import type { Severidad } from './tipos';
import { FUENTE_CLASES_RIESGO } from './clases-riesgo';
import { FUENTE_PLAZOS_PILA } from '../rules/pila-deadlines';

/**
 * The checks of the PILA reconciliation as data (docs/decisions/128): what each one verifies, its
 * legal basis, how serious a finding is, and where its numbers come from. Every finding of
 * conciliarPila carries the id of the rule that produced it (PilaHallazgo.regla).
 *
 * Why the contracting company checks at all: it is jointly liable for its contractors' unpaid wages
 * and social security (Código Sustantivo del Trabajo art. 34) and must verify the contractors'
 * payment of social security during the contract (Decreto 1072 de 2015 art. 2.2.4.6.28). The file's
 * fields are those of Anexo Técnico 2 de la Resolución 2388 de 2016 (docs/decisions/127).
 *
 * Errors are what the reviewer must not accept: the wrong planilla, a worker without contributions,
 * days on site without ARL cover, a class or rate the law or the contract does not allow, an IBC below
 * the legal floor, a late payment. Warnings are what may be right and a person should look at: a
 * cotizante the portal does not know, an administradora other than the one registered.
 */

export type PilaRegla = {
  id: string;
  descripcion: string;
  baseLegal: string;
  severidad: Severidad;
  /** Where the rule's numbers come from (tables, rates, deadlines), when it has any. */
  fuente?: string;
};

const ANEXO = 'Resolución 2388 de 2016 (MinSalud), Anexo Técnico 2';

const reglas = {
  'aportante.nit': {
    descripcion:
      'El NIT del aportante (encabezado, campo 6) es el del contratista; si no, la planilla es de otra empresa y no se concilia.',
    baseLegal: `Código Sustantivo del Trabajo art. 34; Decreto 1072 de 2015 art. 2.2.4.6.28; ${ANEXO}, registro tipo 1 campo 6`,
    severidad: 'error',
  },
  'aportante.dv': {
    descripcion:
      'El dígito de verificación del aportante (encabezado, campo 7) es el del contratista; si no, la planilla no se concilia.',
    baseLegal: `${ANEXO}, registro tipo 1 campo 7 (dígito de verificación de la DIAN)`,
    severidad: 'error',
  },
  periodo: {
    descripcion:
      'El período de pago de la planilla (encabezado, campo 15: sistemas distintos de salud) es el mes que se carga.',
    baseLegal: `${ANEXO}, registro tipo 1 campo 15`,
    severidad: 'error',
  },
  'periodo.salud': {
    descripcion:
      'En la planilla E, el período de salud (encabezado, campo 16) es el mes siguiente al período de pago (campo 15): los dependientes pagan en el mes siguiente el mes trabajado. Un campo 16 distinto movería el plazo de pago; el plazo se calcula siempre con el mes siguiente al período.',
    baseLegal: `${ANEXO}, registro tipo 1 campos 15 y 16; Decreto 780 de 2016 art. 3.2.2.1 (Decreto 1990 de 2016: plazos de pago)`,
    severidad: 'error',
  },
  'trabajador.faltante': {
    descripcion:
      'Cada trabajador que el portal espera en el período (vinculado al contrato y activo en el mes, o registrado en portería) está en la planilla.',
    baseLegal:
      'Código Sustantivo del Trabajo art. 34; Decreto 1072 de 2015 art. 2.2.4.6.28; Ley 100 de 1993 art. 17 (cotización obligatoria durante la relación laboral)',
    severidad: 'error',
  },
  'trabajador.sobrante': {
    descripcion:
      'Un cotizante de la planilla que no está registrado en el contrato: puede trabajar en otra obra del contratista, o faltar su registro en el portal.',
    baseLegal: 'Decreto 1072 de 2015 art. 2.2.4.6.28 (verificación durante el contrato)',
    severidad: 'advertencia',
  },
  'novedad.ingresoFecha': {
    descripcion:
      'La novedad de ingreso (ING, campo 15) tiene la fecha de ingreso que registra el portal (campo 80).',
    baseLegal: `${ANEXO}, registro tipo 2 campos 15 y 80; Ley 100 de 1993 art. 17`,
    severidad: 'error',
  },
  'novedad.ingresoFalta': {
    descripcion: 'Un trabajador que ingresó en el período según el portal tiene la novedad de ingreso (ING).',
    baseLegal: `${ANEXO}, registro tipo 2 campos 15, 36 a 39 (menos de 30 días exigen novedad de ingreso o retiro)`,
    severidad: 'error',
  },
  'novedad.retiroFalta': {
    descripcion:
      'Un trabajador que se retiró en el período según el portal tiene la novedad de retiro (RET); sin ella la planilla lo da por activo todo el mes.',
    baseLegal: `${ANEXO}, registro tipo 2 campos 16 y 81`,
    severidad: 'advertencia',
  },
  'novedad.retiroFecha': {
    descripcion:
      'La novedad de retiro (RET, campo 16) tiene la fecha de retiro que registra el portal (campo 81).',
    baseLegal: `${ANEXO}, registro tipo 2 campos 16 y 81; Ley 100 de 1993 art. 17`,
    severidad: 'error',
  },
  'novedad.retiroActivo': {
    descripcion:
      'La planilla retira (RET) a un trabajador que el portal muestra activo en el contrato: después del retiro no tiene cobertura y el portal lo deja entrar a la obra.',
    baseLegal: `${ANEXO}, registro tipo 2 campo 16; Decreto-ley 1295 de 1994 art. 16 (cotización durante la relación laboral)`,
    severidad: 'error',
  },
  'arl.dias': {
    descripcion:
      'Los días cotizados a riesgos laborales (campo 38, sumados en las líneas del trabajador) cubren los días con ingreso en portería en el mes (hasta 30, el mes de la PILA).',
    baseLegal: 'Decreto-ley 1295 de 1994 art. 16; Decreto 1072 de 2015 art. 2.2.4.6.28',
    severidad: 'error',
  },
  'arl.clase': {
    descripcion:
      'La clase de riesgo de la planilla (campo 78) no es menor que la que exige la actividad del contrato (tabla del Decreto 768 de 2022).',
    baseLegal:
      'Decreto-ley 1295 de 1994 art. 26; Decreto 1072 de 2015 art. 2.2.4.3.9; Decreto 768 de 2022 (tabla de clasificación de actividades)',
    severidad: 'error',
    fuente:
      'La clase que exige cada actividad del portal (actividades.clase_riesgo), según el Decreto 768 de 2022',
  },
  'arl.tarifa': {
    descripcion:
      'La tarifa de riesgos laborales (campo 61) está entre la mínima y la máxima de la clase declarada (campo 78).',
    baseLegal: 'Decreto 1772 de 1994 art. 13; Decreto 1072 de 2015 art. 2.2.4.3.5',
    severidad: 'error',
    fuente: FUENTE_CLASES_RIESGO,
  },
  'ibc.minimo': {
    descripcion:
      'El IBC de pensión, salud y riesgos laborales (campos 42, 43 y 44, sumados por trabajador) no es menor que el salario mínimo proporcional a los días cotizados (valor × días / 30, aproximado al peso superior). No aplica al trabajador de tiempo parcial (tipo de cotizante 51).',
    baseLegal:
      'Ley 100 de 1993 art. 18 (el IBC no puede ser inferior a un salario mínimo legal mensual vigente); Decreto 1990 de 2016 (el IBC se aproxima al peso superior); Decreto 2616 de 2013 (tiempo parcial)',
    severidad: 'error',
    fuente: 'Salario mínimo de cada año con su decreto (tabla salarios_minimos del portal)',
  },
  'ibc.maximo': {
    descripcion:
      'El IBC de pensión, salud y riesgos laborales (campos 42, 43 y 44, sumados por trabajador) no pasa de 25 salarios mínimos legales mensuales. No aplica a los servidores públicos sin tope de IBC (tipo de cotizante 18).',
    baseLegal:
      'Ley 100 de 1993 art. 18, modificado por la Ley 797 de 2003 art. 5 (límite de la base de cotización: 25 salarios mínimos legales mensuales vigentes)',
    severidad: 'error',
    fuente: 'Salario mínimo de cada año con su decreto (tabla salarios_minimos del portal)',
  },
  'dias.sinNovedad': {
    descripcion:
      'Sin novedad de ingreso, retiro, licencia, incapacidad o vacaciones, un trabajador cotiza 30 días a salud en el mes (campo 37, sumado por trabajador). No aplica al trabajador de tiempo parcial (tipo de cotizante 51), que cotiza por semanas.',
    baseLegal: `${ANEXO}, registro tipo 2 campo 37 (días cotizados a salud: menos de 30 solo con una novedad)`,
    severidad: 'advertencia',
  },
  'ibc.sinSmmlv': {
    descripcion:
      'Sin salario mínimo registrado para el año del período no se puede verificar el IBC: un administrador debe registrarlo.',
    baseLegal: 'Ley 100 de 1993 art. 18',
    severidad: 'advertencia',
  },
  'administradora.eps': {
    descripcion:
      'La EPS de la planilla (campo 33) es la registrada para el trabajador en el portal (si la tiene registrada).',
    baseLegal: `${ANEXO}, registro tipo 2 campo 33`,
    severidad: 'advertencia',
  },
  'administradora.arl': {
    descripcion:
      'La ARL de la planilla (campo 77) es la registrada para el trabajador en el portal (si la tiene registrada).',
    baseLegal: `${ANEXO}, registro tipo 2 campo 77`,
    severidad: 'advertencia',
  },
  'pago.oportuno': {
    descripcion:
      'La fecha de pago de la planilla pagada (encabezado, campo 18) no es posterior al plazo: el día hábil del mes de pago (campo 16 para la planilla E; el mes siguiente al período en las demás) que corresponde a los dos últimos dígitos del NIT. Las planillas M (mora) y N (correcciones) no se juzgan.',
    baseLegal: FUENTE_PLAZOS_PILA,
    severidad: 'error',
    fuente:
      'domain/src/rules/pila-deadlines.ts (tabla de plazos) y domain/src/calendario.ts (festivos, Ley 51 de 1983)',
  },
} satisfies Record<string, Omit<PilaRegla, 'id'>>;

export type PilaReglaId = keyof typeof reglas;

/** Every rule with its id. */
export const PILA_REGLAS: { readonly [K in PilaReglaId]: PilaRegla } = Object.fromEntries(
  Object.entries(reglas).map(([id, r]) => [id, { id, ...r }]),
) as { [K in PilaReglaId]: PilaRegla };
