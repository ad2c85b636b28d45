import { describe, expect, it } from 'vitest';
import { fechasEn, leerFechas, normalizar } from './parse-dates';

/** Dates read from certificate texts (decision 107). The texts are written as the documents print them. */

describe('date formats', () => {
  const one = (t: string) => fechasEn(normalizar(t)).map((f) => f.iso);

  it('Spanish long dates, day-first numbers and ISO', () => {
    expect(one('3 de noviembre de 2026')).toEqual(['2026-11-03']);
    expect(one('03 de Noviembre del 2026')).toEqual(['2026-11-03']);
    expect(one('3 noviembre 2026')).toEqual(['2026-11-03']);
    expect(one('Bogotá, noviembre 3 de 2026')).toEqual(['2026-11-03']);
    expect(one('03-nov-2026')).toEqual(['2026-11-03']);
    expect(one('3 SEPT. 2026')).toEqual(['2026-09-03']);
    expect(one('03/11/2026')).toEqual(['2026-11-03']);
    expect(one('3-11-2026')).toEqual(['2026-11-03']);
    expect(one('2026-11-03')).toEqual(['2026-11-03']);
    expect(one('2026/11/03')).toEqual(['2026-11-03']);
    expect(one('a los tres (3) días del mes de noviembre de 2026')).toEqual(['2026-11-03']);
    expect(one('a los 3 dias del mes de noviembre del año 2026')).toEqual(['2026-11-03']);
  });

  it('refuses days that do not exist and numbers that are not dates', () => {
    expect(one('29/02/2026')).toEqual([]);
    expect(one('29/02/2028')).toEqual(['2028-02-29']);
    expect(one('31 de abril de 2026')).toEqual([]);
    expect(one('11/13/2026')).toEqual([]);
    expect(one('NIT 900.123.456-8, póliza 12-34-5678, teléfono 601 3456789')).toEqual([]);
  });
});

describe('certificates', () => {
  it('ARL affiliation certificate: the issue date, not the affiliation or coverage dates', () => {
    const text = `POSITIVA COMPAÑÍA DE SEGUROS S.A.
      CERTIFICADO DE AFILIACIÓN
      Positiva Compañía de Seguros S.A. certifica que el trabajador identificado con cédula de
      ciudadanía No. 1.020.345.678 se encuentra afiliado al Sistema General de Riesgos Laborales.
      Empresa: CONSTRUCTORA ANDINA S.A.S.  NIT: 900123456
      Fecha de afiliación: 15/01/2024     Inicio de cobertura: 16/01/2024
      Clase de riesgo: V     Estado: ACTIVO
      Fecha de expedición: 3 de noviembre de 2026
      La presente certificación se expide a solicitud del interesado.`;
    expect(leerFechas(text)).toEqual({ expedicion: '2026-11-03', vencimiento: null, proximoExamen: null });
  });

  it('ARL certificate dated by the formula only', () => {
    const text = `LA ADMINISTRADORA DE RIESGOS LABORALES CERTIFICA que la empresa NIT 800987654 se encuentra
      afiliada desde el 01/02/2020 con cobertura vigente.
      Se expide en Cali a los cinco (5) días del mes de octubre de 2026.`;
    expect(leerFechas(text).expedicion).toBe('2026-10-05');
  });

  it('work-at-heights course certificate: issue date; the certificate states no end', () => {
    const text = `CENTRO DE ENTRENAMIENTO EN ALTURAS SEGURIDAD TOTAL
      Hace constar que JUAN PÉREZ GÓMEZ con C.C. 79.123.456 cursó y aprobó el programa
      TRABAJADOR AUTORIZADO EN ALTURAS con intensidad de 32 horas,
      realizado del 20/10/2026 al 24/10/2026, conforme a la Resolución 4272 de 2021.
      Certificado No. TA-2026-08831
      Expedido en Medellín el 24 de octubre de 2026`;
    expect(leerFechas(text)).toEqual({ expedicion: '2026-10-24', vencimiento: null, proximoExamen: null });
  });

  it('occupational medical concept: exam date and next exam', () => {
    const text = `IPS SALUD OCUPACIONAL DEL VALLE
      CERTIFICADO DE APTITUD MÉDICO OCUPACIONAL
      Tipo de evaluación: PERIÓDICA     Fecha del examen: 10/03/2026
      Cargo: Oficial de obra     Énfasis: trabajo en alturas
      Concepto: APTO CON RECOMENDACIONES
      Recomendaciones: uso de protección auditiva.
      Próximo examen periódico: 10/03/2027
      Firma médico especialista en SST, licencia 1234 de 2019`;
    expect(leerFechas(text)).toEqual({
      expedicion: '2026-03-10',
      vencimiento: null,
      proximoExamen: '2027-03-10',
    });
  });

  it('medical concept stating the next control as a lapse', () => {
    const text = `CONCEPTO MÉDICO OCUPACIONAL
      Fecha: 2026-03-10
      Concepto: APTO PARA TRABAJO EN ALTURAS
      Próximo control: en 12 meses`;
    expect(leerFechas(text)).toEqual({
      expedicion: '2026-03-10',
      vencimiento: null,
      proximoExamen: '2027-03-10',
    });
  });

  it('policy: vigencia desde ... hasta', () => {
    const text = `SEGUROS DEL ESTADO S.A.   PÓLIZA DE CUMPLIMIENTO No. 45-44-101012345
      Tomador: CONSTRUCTORA ANDINA S.A.S.   NIT 900.123.456-8
      Fecha de expedición: 15/01/2026
      Vigencia desde 15/01/2026 hasta 15/07/2027
      Amparo: Pago de salarios, prestaciones sociales e indemnizaciones laborales`;
    expect(leerFechas(text)).toEqual({
      expedicion: '2026-01-15',
      vencimiento: '2027-07-15',
      proximoExamen: null,
    });
  });

  it('table layout: labels in a row, values in the next row', () => {
    const text = `Número de póliza   Fecha de expedición   Fecha de vencimiento
      12-34-5678          15/01/2026            15/01/2027`;
    expect(leerFechas(text)).toEqual({
      expedicion: '2026-01-15',
      vencimiento: '2027-01-15',
      proximoExamen: null,
    });
  });

  it('licence: válido hasta', () => {
    const text = `LICENCIA EN SEGURIDAD Y SALUD EN EL TRABAJO
      Resolución No. 12345 del 2 de febrero de 2021 — Secretaría Distrital de Salud
      Válido hasta: 2 de febrero de 2031`;
    expect(leerFechas(text).vencimiento).toBe('2031-02-02');
  });

  it('tolerates OCR slips in accented labels', () => {
    expect(leerFechas('Fecha de expedici6n: 3 de noviembre de 2026').expedicion).toBe('2026-11-03');
  });

  // A test of mechanism, not of speed (the bench's document-dates rows measure that): on 2.4 million
  // characters a quadratic label/date matching would run for many minutes, past the test's timeout,
  // while a linear one reads it in well under a second.
  it('a hostile text of labels and dates (2.4 million characters) is read in linear time', () => {
    const hostile = 'Fecha: 01/01/2026 fecha de expedición fecha de vencimiento '.repeat(40_000);
    expect(hostile.length).toBeGreaterThan(2_000_000);
    expect(leerFechas(hostile).expedicion).toBe('2026-01-01');
  });

  it('a text without dates or labels gives nulls', () => {
    expect(leerFechas('Documento escaneado sin texto legible')).toEqual({
      expedicion: null,
      vencimiento: null,
      proximoExamen: null,
    });
    expect(leerFechas('')).toEqual({ expedicion: null, vencimiento: null, proximoExamen: null });
  });
});
