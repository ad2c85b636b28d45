import { describe, expect, it } from 'vitest';
import '../zod-setup';
import { AUTOEVALUACION_MSG } from './messages';
import {
  ADVERTENCIA_LEGAL_0312,
  autoevaluacionFirmaBody,
  autoevaluacionParams,
  autoevaluacionPutBody,
  autoevaluacionStaffFila,
} from './api';

/** The API's schemas (docs/decisions/133): strict bodies, Spanish messages naming the item. */

const mensajes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('autoevaluacionPutBody', () => {
  const body = {
    trabajadores: 12,
    claseRiesgo: 2,
    items: [
      { codigo: '1.1.1', respuesta: 'cumple' },
      { codigo: '5.1.2', respuesta: 'no_aplica', justificacion: '  Oficina sin brigada propia.  ' },
    ],
    plan: [{ codigo: '2.5.1', actividad: 'Archivo', responsable: '', plazo: '', recursos: null }],
  };

  it('accepts a draft and fills the action state', () => {
    const r = autoevaluacionPutBody.parse(body);
    expect(r.items[1].justificacion).toBe('Oficina sin brigada propia.');
    expect(r.plan?.[0].estado).toBe('pendiente');
  });

  it('refuses an unknown item code with a Spanish message naming it', () => {
    const r = autoevaluacionPutBody.safeParse({ ...body, items: [{ codigo: '8.1.1', respuesta: 'cumple' }] });
    expect(r.success).toBe(false);
    expect(mensajes(r)).toEqual([
      'Ítem 8.1.1: no existe en la Tabla de Valores de la Resolución 0312 de 2019.',
    ]);
    const enPlan = autoevaluacionPutBody.safeParse({
      ...body,
      plan: [{ codigo: '0.0.0', estado: 'pendiente' }],
    });
    expect(mensajes(enPlan)).toEqual([
      'Ítem 0.0.0: no existe en la Tabla de Valores de la Resolución 0312 de 2019.',
    ]);
  });

  it('refuses a repeated code, an unknown field, a bad answer and a bad deadline', () => {
    const r = autoevaluacionPutBody.safeParse({
      ...body,
      items: [...body.items, { codigo: '1.1.1', respuesta: 'cumple' }],
    });
    expect(mensajes(r)).toEqual(['Ítem 1.1.1: está respondido más de una vez.']);
    expect(autoevaluacionPutBody.safeParse({ ...body, puntaje: 100 }).success).toBe(false);
    expect(
      mensajes(
        autoevaluacionPutBody.safeParse({ ...body, items: [{ codigo: '1.1.1', respuesta: 'parcial' }] }),
      ),
    ).toEqual(['La respuesta debe ser cumple, no cumple o no aplica.']);
    expect(
      mensajes(
        autoevaluacionPutBody.safeParse({ ...body, plan: [{ codigo: '2.5.1', plazo: '31/03/2027' }] }),
      ),
    ).toEqual(['El plazo debe ser una fecha válida (aaaa-mm-dd).']);
  });

  it('refuses a risk class outside I-V and a worker count below 1', () => {
    expect(mensajes(autoevaluacionPutBody.safeParse({ ...body, claseRiesgo: 6 }))).toEqual([
      'Indique la clase de riesgo de la empresa (I a V).',
    ]);
    expect(mensajes(autoevaluacionPutBody.safeParse({ ...body, trabajadores: 0 }))).toEqual([
      'Indique el número de trabajadores de la empresa (un número entero desde 1).',
    ]);
  });

  it('reads the year from the path', () => {
    expect(autoevaluacionParams.parse({ ano: '2026' })).toEqual({ ano: 2026 });
    expect(autoevaluacionParams.safeParse({ ano: '26' }).success).toBe(false);
  });
});

describe('autoevaluacionFirmaBody', () => {
  it('takes only the acceptance of the declaration; the signers are never written in the body (decision 163)', () => {
    expect(autoevaluacionFirmaBody.safeParse({ acepto: true }).success).toBe(true);
    expect(mensajes(autoevaluacionFirmaBody.safeParse({ acepto: false }))).toEqual([
      'Debe aceptar la declaración para firmar la autoevaluación.',
    ]);
    const conFirmante = autoevaluacionFirmaBody.safeParse({
      representante: { nombre: 'Ana María Pérez', documento: '1012345678' },
      acepto: true,
    });
    expect(conFirmante.success).toBe(false);
    expect(mensajes(conFirmante)).toEqual([AUTOEVALUACION_MSG.autoevaluacionFirmantesNoSeEscriben]);
  });

  it('carries the legal warning with the articles of Ley 599 de 2000', () => {
    expect(ADVERTENCIA_LEGAL_0312).toMatch(/Ley 599 de 2000.*287, 288, 291 y 294/);
    expect(ADVERTENCIA_LEGAL_0312).toContain('documento público');
  });
});

describe('autoevaluacionStaffFila', () => {
  it('describes one company of the staff list', () => {
    const fila = {
      empresaid: 3,
      nit: '900123456-8',
      razonSocial: 'Montajes del Norte S.A.S.',
      ano: 2026,
      trabajadores: 12,
      claseRiesgo: 2,
      lista: 21,
      puntaje: 78,
      porcentajeLista: 41.72,
      clasificacion: 'Moderadamente aceptable',
      completa: true,
      firmada: false,
      firmadaAt: null,
      actualizadaAt: '2026-12-10T15:00:00.000Z',
      noCumplidos: 13,
      accionesPlan: 13,
      accionesVencidas: 2,
      reporteArl: '2027-06-10',
    };
    expect(autoevaluacionStaffFila.parse(fila)).toEqual(fila);
    expect(autoevaluacionStaffFila.safeParse({ ...fila, lista: 30 }).success).toBe(false);
  });
});
