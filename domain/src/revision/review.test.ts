import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { approveBody, fechasConfirmadas, fechasFaltantes, finDeRevision, problemasFechas } from './review';
import { reglaVigencia } from '../rules/validity';
import { sumarDias, sumarMeses } from '../calendario';

/** Decision 113: the approve body's confirmed dates and the validity the rule gives with them. */
describe('approveBody document dates', () => {
  it('every field optional; {} and the old {vigenciaHasta} still parse', () => {
    expect(approveBody.parse({})).toEqual({});
    expect(approveBody.parse({ vigenciaHasta: '2027-01-31' })).toEqual({ vigenciaHasta: '2027-01-31' });
    expect(approveBody.parse({ fechaExpedicion: '2026-11-03', proximoExamen: null })).toEqual({
      fechaExpedicion: '2026-11-03',
      proximoExamen: null,
    });
  });

  it('refuses dates that do not exist, absurd ones, an end before the issue and unknown fields', () => {
    for (const body of [
      { fechaExpedicion: '2026-02-30' },
      { fechaExpedicion: '03/11/2026' },
      { fechaVencimiento: '1949-12-31' },
      { proximoExamen: '2100-01-01' },
      { fechaExpedicion: '2026-11-03', fechaVencimiento: '2026-11-02' },
      { fechaExpedicion: '2026-11-03', otra: 1 },
    ])
      expect(approveBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    const r = approveBody.safeParse({ fechaExpedicion: '2026-11-03', proximoExamen: '2026-01-01' });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['proximoExamen'],
      message: MSG.reviewDateBeforeIssue('Próximo examen'),
    });
  });

  it('an issue date after today is a problem only when today is known', () => {
    expect(problemasFechas({ expedicion: '2026-11-21' }, '2026-11-20')).toEqual([
      { campo: 'expedicion', mensaje: MSG.reviewIssueDateFuture },
    ]);
    expect(problemasFechas({ expedicion: '2026-11-21' }, null)).toEqual([]);
    expect(problemasFechas({ expedicion: '2026-11-20' }, '2026-11-20')).toEqual([]);
  });

  it('absent keeps the stored date, null clears it', () => {
    const guardadas = { expedicion: '2026-10-01', vencimiento: '2026-12-31', proximoExamen: null };
    expect(fechasConfirmadas({ fechaExpedicion: '2026-11-03', fechaVencimiento: null }, guardadas)).toEqual({
      expedicion: '2026-11-03',
      vencimiento: null,
      proximoExamen: null,
    });
    expect(fechasConfirmadas(undefined, guardadas)).toEqual(guardadas);
  });
});

describe('finDeRevision / fechasFaltantes', () => {
  const nada = { expedicion: null, vencimiento: null, proximoExamen: null };
  const regla = (r: unknown) => reglaVigencia.parse(r);
  const dias = regla({ tipo: 'dias_desde_expedicion', dias: 30, baseLegal: 'Norma de prueba' });
  const poliza = regla({ tipo: 'fecha_del_documento', baseLegal: 'Norma de prueba' });
  const concepto = regla({ tipo: 'segun_concepto', baseLegal: 'Norma de prueba' });
  const nunca = regla({ tipo: 'sin_vencimiento', baseLegal: 'Norma de prueba' });

  it('derives the end from the confirmed dates; never from the approval day', () => {
    expect(finDeRevision(dias, { ...nada, expedicion: '2026-11-03' }, null, '900123456')).toBe(
      sumarDias('2026-11-03', 30),
    );
    expect(finDeRevision(dias, nada, null, '900123456')).toBeNull();
    expect(fechasFaltantes(dias, nada, null, '900123456')).toEqual(['expedicion']);
    expect(fechasFaltantes(poliza, nada, null, '900123456')).toEqual(['vencimiento']);
    expect(fechasFaltantes(poliza, { ...nada, vencimiento: '2027-01-31' }, null, '900123456')).toEqual([]);
    expect(
      finDeRevision(concepto, { ...nada, expedicion: '2026-06-15', proximoExamen: '2031-01-01' }, null, '1'),
    ).toBe(sumarMeses('2026-06-15', 36));
    expect(fechasFaltantes(concepto, nada, null, '1')).toEqual(['expedicion', 'proximoExamen']);
    expect(fechasFaltantes(nunca, nada, null, '1')).toEqual([]);
    expect(finDeRevision(nunca, nada, null, '1')).toBeNull();
  });
});
