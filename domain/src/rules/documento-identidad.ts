import { DOCUMENTO_MSG } from '../evidencias/messages-documento';

/**
 * THE shape of an identity-document number, by kind of document: one rule for the worker form,
 * the roster import and the API (validateEmployee and the lookup's path schema, employees.ts).
 * The number is compared after normalizeDocumentNumber (dots and spaces dropped, upper case).
 * Each kind carries its issuer and the basis of its shape; the shapes are deliberately no tighter
 * than what the issuer hands out, so an old but real document is never refused.
 */

export type FormaDocumento = {
  /** How the messages name it ("la cédula de ciudadanía (CC)"). */
  nombre: string;
  /** The label of the select and of the template's list. */
  etiqueta: string;
  caracteres: 'digitos' | 'alfanumerico' | 'alfanumerico-guion';
  min: number;
  max: number;
  /** Who issues it and why the shape is this one. */
  base: string;
};

export const FORMAS_DOCUMENTO = {
  CC: {
    nombre: 'la cédula de ciudadanía (CC)',
    etiqueta: 'CC',
    caracteres: 'digitos',
    min: 3,
    max: 10,
    base:
      'Registraduría Nacional del Estado Civil: la cédula de ciudadanía es numérica; las expedidas ' +
      'desde el cupo NUIP tienen 10 dígitos y las antiguas conservan su número corto (desde 3).',
  },
  TI: {
    nombre: 'la tarjeta de identidad (TI)',
    etiqueta: 'TI - TARJETA DE IDENTIDAD',
    caracteres: 'digitos',
    min: 10,
    max: 11,
    base:
      'Registraduría Nacional del Estado Civil: la tarjeta de identidad (de 7 a 17 años) lleva el ' +
      'NUIP de 10 u 11 dígitos. Un trabajador desde los 15 años (MIN_WORKER_AGE) puede tenerla.',
  },
  CE: {
    nombre: 'la cédula de extranjería (CE)',
    etiqueta: 'CE - CÉDULA DE EXTRANJERÍA',
    caracteres: 'alfanumerico',
    min: 3,
    max: 12,
    base:
      'Migración Colombia (Decreto 1067 de 2015): la cédula de extranjería de residentes y titulares ' +
      'de visa de más de tres meses; números de hasta 12 caracteres, hoy de 6 a 7 dígitos.',
  },
  PA: {
    nombre: 'el pasaporte (PA)',
    etiqueta: 'PA - PASAPORTE',
    caracteres: 'alfanumerico',
    min: 3,
    max: 20,
    base:
      'Expedido por el país del titular (OACI Doc 9303): número alfanumérico; la zona de lectura ' +
      'mecánica tiene 9 posiciones y algunos países las extienden.',
  },
  PPPT: {
    nombre: 'el permiso por protección temporal (PPT)',
    // The original portal's own label, kept as it was written (docs/contract.md, Kept exactly as written).
    etiqueta: 'PPPT - PERMISO POR PROTECCION TEMPORAL',
    caracteres: 'digitos',
    min: 3,
    max: 10,
    base:
      'Migración Colombia (Decreto 216 de 2021, Resolución 971 de 2021): el Permiso por Protección ' +
      'Temporal lleva un número solo de dígitos. PPPT es el código de la especificación para el PPT.',
  },
  'VISA DE TRABAJO': {
    nombre: 'la visa de trabajo',
    etiqueta: 'VISA DE TRABAJO',
    caracteres: 'alfanumerico-guion',
    min: 3,
    max: 20,
    base:
      'Ministerio de Relaciones Exteriores (Decreto 1067 de 2015, Resolución 5477 de 2022): el ' +
      'número de la etiqueta de visa; se aceptan letras, dígitos y guiones como se transcriben.',
  },
} as const satisfies Record<string, FormaDocumento>;

export type TipoDocumentoIdentidad = keyof typeof FORMAS_DOCUMENTO;

const PATRON: Record<FormaDocumento['caracteres'], RegExp> = {
  digitos: /^\d+$/,
  alfanumerico: /^[A-Z0-9]+$/,
  'alfanumerico-guion': /^[A-Z0-9-]+$/,
};

/**
 * Null when `numero` (already normalized) has the shape of `tipo`'s numbers; otherwise the message
 * that says what it must look like. An unknown kind is left to the schema's own message.
 */
export function problemaDocumento(tipo: string, numero: string): string | null {
  const forma = (FORMAS_DOCUMENTO as Record<string, FormaDocumento>)[tipo];
  if (!forma) return null;
  if (numero.length >= forma.min && numero.length <= forma.max && PATRON[forma.caracteres].test(numero))
    return null;
  const msg =
    forma.caracteres === 'digitos'
      ? DOCUMENTO_MSG.soloDigitos
      : forma.caracteres === 'alfanumerico'
        ? DOCUMENTO_MSG.alfanumerico
        : DOCUMENTO_MSG.alfanumericoGuion;
  return msg(forma.nombre, forma.min, forma.max);
}
