import { describe, expect, it } from 'vitest';
import {
  aptitudDeSlots,
  autorizacionEnVigor,
  cuentaParaAptitud,
  ultimoDiaApto,
  type SlotAptitud,
} from './aptitud';

/** The pure fitness rule (docs/decisions/121). */

const ALTURAS = { alturas: true, espacios_confinados: false, flota: false };
const LLANO = { alturas: false, espacios_confinados: false, flota: false };

let id = 0;
const slot = (s: Partial<SlotAptitud> & Pick<SlotAptitud, 'codigo' | 'nombreCorto'>): SlotAptitud => ({
  modulo: s.codigo.startsWith('P') ? 'sg-personal' : 'sg-sst',
  requisitoId: ++id,
  opcional: false,
  aplicaSi: null,
  empleadoId: s.codigo.startsWith('P') ? 7 : null,
  contratoId: s.codigo.startsWith('P') ? 3 : null,
  ultima: { estado: 1, vigencia: null },
  ...s,
});

const CONCEPTO = { codigo: 'P09', nombreCorto: 'Concepto médico ocupacional de ingreso' };
const ALTURAS_CERT = {
  codigo: 'P10',
  nombreCorto: 'Certificado de trabajo en alturas',
  opcional: true,
  aplicaSi: 'alturas',
};
const POLITICA = { codigo: 'E06', nombreCorto: 'Política de SST' };

describe('aptitudDeSlots', () => {
  it('apto when every counted item is approved and valid; vence the day after the earliest end', () => {
    const r = aptitudDeSlots({
      slots: [
        slot({ ...CONCEPTO, ultima: { estado: 1, vigencia: '2026-05-31' } }),
        slot({ ...POLITICA, ultima: { estado: 1, vigencia: '2026-04-30' } }),
        slot({ codigo: 'P01', nombreCorto: 'Documento de identidad' }),
      ],
      banderas: LLANO,
      fecha: '2026-04-30',
    });
    expect(r).toEqual({
      apto: true,
      motivos: [],
      items: [],
      renovaciones: [],
      vence: '2026-05-01',
      autorizacion: null,
    });
  });

  it('an approval in force whose renewal awaits review keeps the worker apto and is named (decision 170)', () => {
    const r = aptitudDeSlots({
      slots: [
        slot({ ...POLITICA, ultima: { estado: 1, vigencia: null }, renovacion: true }),
        slot({ ...CONCEPTO, ultima: { estado: 1, vigencia: '2026-05-31' }, renovacion: true }),
        slot({ codigo: 'P01', nombreCorto: 'Documento de identidad', ultima: { estado: 0, vigencia: null } }),
      ],
      banderas: LLANO,
      fecha: '2026-04-30',
    });
    expect(r.apto).toBe(false);
    expect(r.motivos).toEqual(['Documento de identidad pendiente por aprobar']);
    // The worker's item first, then the company's, as the reasons.
    expect(r.renovaciones).toEqual([
      'Concepto médico ocupacional de ingreso: Vigente hasta 31/05/2026 · Renovación pendiente por aprobar',
      'Política de SST: Renovación pendiente por aprobar',
    ]);
  });

  it('apto with nothing that ends: vence null', () => {
    expect(
      aptitudDeSlots({ slots: [slot(CONCEPTO)], banderas: LLANO, fecha: '2026-04-30' }).vence,
    ).toBeNull();
  });

  it('names each reason, the worker’s items first, then the company’s, by code', () => {
    const r = aptitudDeSlots({
      slots: [
        slot({ ...POLITICA, ultima: { estado: -1, vigencia: null } }),
        slot({ ...ALTURAS_CERT, ultima: { estado: 1, vigencia: '2026-03-12' } }),
        slot({ ...CONCEPTO, ultima: { estado: 0, vigencia: null } }),
        slot({
          codigo: 'P11',
          nombreCorto: 'Reentrenamiento en alturas por vinculación al proyecto',
          opcional: true,
          aplicaSi: 'alturas',
          ultima: null,
        }),
      ],
      banderas: ALTURAS,
      fecha: '2026-03-13',
    });
    expect(r.apto).toBe(false);
    expect(r.vence).toBeNull();
    expect(r.motivos).toEqual([
      'Concepto médico ocupacional de ingreso pendiente por aprobar',
      'Certificado de trabajo en alturas vencido el 12/03/2026',
      'Reentrenamiento en alturas por vinculación al proyecto no cargado',
      'Política de SST rechazada',
    ]);
    expect(r.items.map((i) => [i.codigo, i.codEstado, i.empleadoId])).toEqual([
      ['P09', 0, 7],
      ['P10', 9, 7],
      ['P11', -2, 7],
      ['E06', -1, null],
    ]);
    expect(r.items.map((i) => i.motivo)).toEqual(r.motivos);
  });

  it('an item expires the day after its last valid day', () => {
    const s = [slot({ ...CONCEPTO, ultima: { estado: 1, vigencia: '2028-02-29' } })];
    expect(aptitudDeSlots({ slots: s, banderas: LLANO, fecha: '2028-02-29' })).toMatchObject({
      apto: true,
      vence: '2028-03-01',
    });
    expect(aptitudDeSlots({ slots: s, banderas: LLANO, fecha: '2028-03-01' })).toMatchObject({
      apto: false,
      motivos: ['Concepto médico ocupacional de ingreso vencido el 29/02/2028'],
    });
  });

  it('counts a conditional item only when it applies to the contract; never payment or monthly items', () => {
    const faltan = [
      slot({ ...ALTURAS_CERT, ultima: null }),
      slot({ codigo: 'R01', nombreCorto: 'Póliza', modulo: 'g-retenido', ultima: null }),
      slot({ codigo: 'M01', nombreCorto: 'Planilla del mes', modulo: 'g-riesgo', ultima: null }),
      slot({ codigo: 'P15', nombreCorto: 'Opcional', opcional: true, ultima: null }),
    ];
    expect(aptitudDeSlots({ slots: faltan, banderas: LLANO, fecha: '2026-01-10' }).apto).toBe(true);
    expect(aptitudDeSlots({ slots: faltan, banderas: ALTURAS, fecha: '2026-01-10' }).motivos).toEqual([
      'Certificado de trabajo en alturas no cargado',
    ]);
    expect(cuentaParaAptitud({ modulo: 'sg-sst', opcional: true, aplicaSi: 'flota' }, ALTURAS)).toBe(false);
    expect(cuentaParaAptitud({ modulo: 'g-retenido', opcional: false, aplicaSi: null }, ALTURAS)).toBe(false);
  });

  it('an authorization in force makes the worker apto, keeps the reasons, and ends the day after hasta', () => {
    const aut = {
      id: 5,
      motivo: 'Examen programado',
      desde: '2026-03-10',
      hasta: '2026-03-14',
      revocada: false,
      otorgadaPor: 'Revisor',
    };
    const slots = [slot({ ...CONCEPTO, ultima: { estado: -1, vigencia: null } })];
    const r = aptitudDeSlots({ slots, banderas: LLANO, fecha: '2026-03-12', autorizaciones: [aut] });
    expect(r).toMatchObject({
      apto: true,
      motivos: ['Concepto médico ocupacional de ingreso rechazado'],
      vence: '2026-03-15',
      autorizacion: { id: 5, hasta: '2026-03-14', motivo: 'Examen programado', otorgadaPor: 'Revisor' },
    });
    for (const fecha of ['2026-03-09', '2026-03-15'])
      expect(aptitudDeSlots({ slots, banderas: LLANO, fecha, autorizaciones: [aut] })).toMatchObject({
        apto: false,
        autorizacion: null,
        vence: null,
      });
    expect(
      aptitudDeSlots({
        slots,
        banderas: LLANO,
        fecha: '2026-03-12',
        autorizaciones: [{ ...aut, revocada: true }],
      }).apto,
    ).toBe(false);
  });

  it('apto by documents ending while an authorization covers: stops the day after the authorization', () => {
    const aut = {
      id: 1,
      motivo: 'x',
      desde: '2026-03-10',
      hasta: '2026-03-14',
      revocada: false,
      otorgadaPor: 'R',
    };
    const slots = [slot({ ...CONCEPTO, ultima: { estado: 1, vigencia: '2026-03-11' } })];
    expect(aptitudDeSlots({ slots, banderas: LLANO, fecha: '2026-03-10', autorizaciones: [aut] }).vence).toBe(
      '2026-03-15',
    );
    const largo = [slot({ ...CONCEPTO, ultima: { estado: 1, vigencia: '2026-04-30' } })];
    expect(
      aptitudDeSlots({ slots: largo, banderas: LLANO, fecha: '2026-03-10', autorizaciones: [aut] }).vence,
    ).toBe('2026-05-01');
  });

  it('picks the authorization in force that lasts longest', () => {
    const a = {
      id: 1,
      motivo: 'a',
      desde: '2026-03-01',
      hasta: '2026-03-05',
      revocada: false,
      otorgadaPor: 'R',
    };
    const b = { ...a, id: 2, hasta: '2026-03-07' };
    expect(autorizacionEnVigor([a, b], '2026-03-04')?.id).toBe(2);
    expect(autorizacionEnVigor([a, { ...b, revocada: true }], '2026-03-04')?.id).toBe(1);
    expect(autorizacionEnVigor([a], '2026-03-06')).toBeNull();
  });
});

describe('ultimoDiaApto', () => {
  it("'Vence' is the last day a worker is apto: the day before the first day that is not", () => {
    expect(ultimoDiaApto('2026-12-01')).toBe('2026-11-30');
    expect(ultimoDiaApto('2027-01-01')).toBe('2026-12-31');
    expect(ultimoDiaApto('2028-03-01')).toBe('2028-02-29');
    expect(ultimoDiaApto(null)).toBeNull();
  });
});
