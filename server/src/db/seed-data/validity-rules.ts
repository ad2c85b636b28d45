import type { ReglaVigenciaInput } from '@proveedores/domain/rules/validity';

/**
 * The validity rule of each requirement of the default catalogue (catalogo-requisitos.csv), with
 * its legal basis, decision 105 (each choice explained there). Not wired into the seed yet: the
 * compliance engine loads it together with the catalogue. `nota` says why, for the reviewers and the
 * administrator who may edit the rule.
 *
 * Where the law fixes no period, the CSV's vigencia_dias is kept as dias_desde_expedicion (common
 * contracting practice, editable) and the basis says so.
 */
export type ReglaCatalogo = { modulo: string; regla: ReglaVigenciaInput; nota: string };

const sinVencimiento = (baseLegal: string): ReglaVigenciaInput => ({ tipo: 'sin_vencimiento', baseLegal });
const dias = (n: number, baseLegal: string): ReglaVigenciaInput => ({
  tipo: 'dias_desde_expedicion',
  dias: n,
  baseLegal,
});
const mesCertificado = (baseLegal: string): ReglaVigenciaInput => ({ tipo: 'mes_certificado', baseLegal });
const PILA = 'Decreto 780 de 2016 art. 3.2.2.1 (Decreto 1990 de 2016): plazos de pago de la PILA';
const DEL_PERIODO = 'Documento del período: el lapso mensual es la obligación, no vence por sí mismo.';
const DE_CIERRE = 'Documento de cierre del contrato: se entrega una vez.';

export const REGLAS_VIGENCIA: Readonly<Record<string, ReglaCatalogo>> = {
  // ---------- sg-sst: documents of the company ----------
  E01: {
    modulo: 'sg-sst',
    regla: dias(
      365,
      'Estatuto Tributario art. 555-2 (RUT); actualización anual por práctica de contratación',
    ),
    nota: 'El RUT no vence; se pide uno generado en el último año para que la actividad y las responsabilidades estén al día.',
  },
  E02: {
    modulo: 'sg-sst',
    regla: dias(
      30,
      'Código de Comercio art. 86 (certificados de la cámara de comercio); 30 días desde la expedición por práctica de contratación',
    ),
    nota: 'El certificado refleja el registro del día en que se expide; se acepta con hasta 30 días de expedido.',
  },
  E03: { modulo: 'sg-sst', regla: sinVencimiento('Documento de identidad'), nota: 'La cédula no vence.' },
  E04: {
    modulo: 'sg-sst',
    regla: mesCertificado(`Decreto 1295 de 1994; Decreto 1072 de 2015; ${PILA}`),
    nota: 'Certificado del mes vigente: vale por el mes que certifica y hasta el plazo PILA del mes siguiente según el NIT.',
  },
  E05: {
    modulo: 'sg-sst',
    regla: dias(
      365,
      'Resolución 0312 de 2019 arts. 27 y 28 (autoevaluación y plan de mejoramiento); la del año anterior, renovada cada año',
    ),
    nota: 'Se pide la autoevaluación del año anterior: vale un año desde su fecha.',
  },
  E06: {
    modulo: 'sg-sst',
    regla: dias(
      365,
      'Decreto 1072 de 2015 art. 2.2.4.6.6 num. 5 (la política se revisa como mínimo una vez al año)',
    ),
    nota: 'Política firmada y fechada; revisión anual.',
  },
  E07: {
    modulo: 'sg-sst',
    regla: {
      tipo: 'fecha_del_documento',
      baseLegal:
        'Resolución 0312 de 2019 estándares 1.1.1 y 1.2.3; licencia en SST con la vigencia que ella indica',
    },
    nota: 'La designación no vence, pero exige licencia en SST vigente: vale hasta la fecha de vencimiento de la licencia.',
  },
  E08: {
    modulo: 'sg-sst',
    regla: dias(365, 'Resolución 0312 de 2019 estándar 2.4.1 (plan anual de trabajo)'),
    nota: 'Plan del año.',
  },
  E09: {
    modulo: 'sg-sst',
    regla: dias(365, 'Decreto 1072 de 2015 art. 2.2.4.6.15 (actualización como mínimo anual)'),
    nota: 'La matriz de peligros se actualiza como mínimo una vez al año.',
  },
  E10: {
    modulo: 'sg-sst',
    regla: dias(365, 'Decreto 1072 de 2015 art. 2.2.4.6.11 (programa revisado como mínimo una vez al año)'),
    nota: 'Programa de capacitación del año.',
  },
  E11: {
    modulo: 'sg-sst',
    regla: dias(
      365,
      'Decreto 1072 de 2015 art. 2.2.4.6.25; actualización anual por práctica de contratación',
    ),
    nota: 'Plan de emergencias actualizado y socializado en el último año.',
  },
  E12: {
    modulo: 'sg-sst',
    regla: dias(
      730,
      'Resolución 2013 de 1986; Decreto 1295 de 1994 art. 63 (período de dos años del COPASST)',
    ),
    nota: 'El acta de conformación vale por el período de dos años del comité o del vigía.',
  },
  E13: {
    modulo: 'sg-sst',
    regla: dias(730, 'Resolución 3461 de 2025 (comité de convivencia: período de dos años)'),
    nota: 'El acta de conformación vale por el período de dos años del comité.',
  },
  E14: {
    modulo: 'sg-sst',
    regla: sinVencimiento('Código Sustantivo del Trabajo art. 349'),
    nota: 'Reglamento publicado; no vence.',
  },
  E16: {
    modulo: 'sg-sst',
    regla: dias(365, 'Resolución 0312 de 2019 art. 30 (indicadores del último año)'),
    nota: 'Indicadores del último año.',
  },
  E17: {
    modulo: 'sg-sst',
    regla: sinVencimiento('Resolución 0312 de 2019 estándares 4.2.3 y 4.2.6'),
    nota: 'Vale mientras no cambien los cargos ni los procedimientos.',
  },
  E18: {
    modulo: 'sg-sst',
    regla: sinVencimiento('Resolución 4272 de 2021'),
    nota: 'Programa vigente mientras no cambien las condiciones.',
  },
  E20: {
    modulo: 'sg-sst',
    regla: sinVencimiento('Resolución 0491 de 2020'),
    nota: 'Programa vigente mientras no cambien las condiciones.',
  },
  E21: {
    modulo: 'sg-sst',
    regla: sinVencimiento('Resolución 40595 de 2022'),
    nota: 'Plan vigente mientras no cambie la flota.',
  },
  E22: {
    modulo: 'sg-sst',
    regla: mesCertificado(`Ley 789 de 2002 art. 50; ${PILA}`),
    nota: 'Certificación del pago de aportes: vale por el mes que certifica y hasta el siguiente plazo PILA del NIT.',
  },
  // ---------- sg-personal: documents of each worker on a contract ----------
  P01: {
    modulo: 'sg-personal',
    regla: sinVencimiento('Documento de identidad'),
    nota: 'El documento de identidad no vence.',
  },
  P04: {
    modulo: 'sg-personal',
    regla: mesCertificado(`Ley 100 de 1993; ${PILA}`),
    nota: 'Certificado de afiliación expedido en el mes vigente.',
  },
  P05: {
    modulo: 'sg-personal',
    regla: mesCertificado(`Decreto 1295 de 1994; ${PILA}`),
    nota: 'Certificado de afiliación expedido en el mes vigente.',
  },
  P06: {
    modulo: 'sg-personal',
    regla: mesCertificado(`Ley 100 de 1993; ${PILA}`),
    nota: 'Certificado de afiliación expedido en el mes vigente.',
  },
  P07: {
    modulo: 'sg-personal',
    regla: mesCertificado(`Ley 21 de 1982; ${PILA}`),
    nota: 'Certificado de afiliación expedido en el mes vigente.',
  },
  P08: {
    modulo: 'sg-personal',
    regla: mesCertificado(PILA),
    nota: 'Planilla y comprobante del último período: el mes certificado es el mes de pago; vale hasta el plazo del mes siguiente.',
  },
  P09: {
    modulo: 'sg-personal',
    regla: {
      tipo: 'segun_concepto',
      mesesMaximos: 36,
      baseLegal: 'Resolución 1843 de 2025 (evaluaciones médicas ocupacionales periódicas; máximo tres años)',
    },
    nota: 'Hasta el próximo examen que indica el concepto, nunca más de tres años después del examen. Después de una incapacidad de 30 días o más se exige un examen nuevo.',
  },
  P10: {
    modulo: 'sg-personal',
    regla: {
      tipo: 'sin_vencimiento',
      vencimientoSiLoIndica: true,
      baseLegal:
        'Resolución 4272 de 2021 (el certificado del nivel no vence; el reentrenamiento es P11; un certificado de competencia laboral vale hasta la fecha que indica)',
    },
    nota: 'El certificado del curso (jefe de área 8 h, trabajador autorizado 32 h, coordinador 80 h) no vence por sí mismo; un certificado de competencia laboral que trae su fecha de vencimiento vale hasta ese día.',
  },
  P11: {
    modulo: 'sg-personal',
    regla: {
      tipo: 'por_proyecto',
      mesesSinCambio: 18,
      baseLegal:
        'Resolución 4272 de 2021 art. 27 num. 4 (reentrenamiento al vincularse a la empresa o proyecto; actualización a los 18 meses sin cambios)',
    },
    nota: 'Uno por cada proyecto al que se vincula el trabajador (el espacio es por contrato y trabajador), y otro a los 18 meses sin cambios.',
  },
  P12: {
    modulo: 'sg-personal',
    regla: dias(365, 'Resolución 0491 de 2020; reentrenamiento anual por práctica de contratación'),
    nota: 'Certificado del rol en espacios confinados del último año.',
  },
  P13: {
    modulo: 'sg-personal',
    regla: {
      tipo: 'por_proyecto',
      mesesSinCambio: 12,
      baseLegal:
        'Decreto 1072 de 2015 art. 2.2.4.6.28 num. 4 (inducción en los peligros de la zona de trabajo, antes de iniciar el contrato) y art. 2.2.4.6.11 (inducción y reinducción)',
    },
    nota: 'Una por cada proyecto (la zona de trabajo) al que se vincula el trabajador: la de otro proyecto no cuenta; reinducción a los 12 meses.',
  },
  P14: {
    modulo: 'sg-personal',
    regla: sinVencimiento('Resolución 0312 de 2019 estándar 4.2.6'),
    nota: 'Registro firmado de una entrega.',
  },
  P17: {
    modulo: 'sg-personal',
    regla: sinVencimiento('Ley 1581 de 2012'),
    nota: 'La autorización vale hasta que el titular la revoque.',
  },
  // ---------- g-riesgo: documents of each month of a contract ----------
  M01: { modulo: 'g-riesgo', regla: sinVencimiento('Decreto 1990 de 2016'), nota: DEL_PERIODO },
  M02: {
    modulo: 'g-riesgo',
    regla: sinVencimiento('Decreto 1072 de 2015 art. 2.2.4.6.28'),
    nota: DEL_PERIODO,
  },
  M03: {
    modulo: 'g-riesgo',
    regla: sinVencimiento('Código Sustantivo del Trabajo art. 34'),
    nota: DEL_PERIODO,
  },
  M04: { modulo: 'g-riesgo', regla: sinVencimiento('Resolución 0312 de 2019 art. 30'), nota: DEL_PERIODO },
  M05: {
    modulo: 'g-riesgo',
    regla: sinVencimiento(
      'Resolución 156 de 2005 art. 3, modificada por la Resolución 2851 de 2015; Resolución 1401 de 2007',
    ),
    nota: DEL_PERIODO,
  },
  M06: {
    modulo: 'g-riesgo',
    regla: sinVencimiento('Resolución 0312 de 2019 estándar 4.2.4'),
    nota: DEL_PERIODO,
  },
  M07: {
    modulo: 'g-riesgo',
    regla: sinVencimiento('Resolución 4272 de 2021; Resolución 0491 de 2020'),
    nota: DEL_PERIODO,
  },
  M08: {
    modulo: 'g-riesgo',
    regla: sinVencimiento('Resolución 0312 de 2019 estándar 1.2.1'),
    nota: DEL_PERIODO,
  },
  // ---------- g-retenido: closing documents of a contract ----------
  R01: {
    modulo: 'g-retenido',
    regla: sinVencimiento('Código Sustantivo del Trabajo art. 34'),
    nota: DE_CIERRE,
  },
  R02: { modulo: 'g-retenido', regla: sinVencimiento('Código Sustantivo del Trabajo'), nota: DE_CIERRE },
  R03: { modulo: 'g-retenido', regla: sinVencimiento('Decreto 1990 de 2016'), nota: DE_CIERRE },
  R04: { modulo: 'g-retenido', regla: sinVencimiento('Ley 789 de 2002 art. 50'), nota: DE_CIERRE },
  R05: {
    modulo: 'g-retenido',
    regla: sinVencimiento(
      'Código Sustantivo del Trabajo art. 57 num. 7; Resolución 1843 de 2025 (examen de egreso)',
    ),
    nota: DE_CIERRE,
  },
  R06: {
    modulo: 'g-retenido',
    regla: sinVencimiento('Decreto 1072 de 2015 art. 2.2.4.6.28'),
    nota: DE_CIERRE,
  },
  R07: { modulo: 'g-retenido', regla: sinVencimiento('Contrato (acta de liquidación)'), nota: DE_CIERRE },
  R09: {
    modulo: 'g-retenido',
    regla: {
      tipo: 'fecha_del_documento',
      baseLegal: 'Contrato (amparos post-contractuales de la póliza, con la vigencia que ella indica)',
    },
    nota: 'Las pólizas valen hasta el fin de vigencia que indican.',
  },
};
