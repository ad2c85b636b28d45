import { MSG } from '../messages';

/**
 * The Spanish strings of the identity-document rule (rules/documento-identidad.ts). Each refusal
 * starts with MSG.invalidDocumentNumber, the message of the specification, and then says what the
 * number of that kind of document looks like.
 */
export const DOCUMENTO_MSG = {
  soloDigitos: (documento: string, min: number, max: number) =>
    `${MSG.invalidDocumentNumber} El número de ${documento} lleva solo dígitos, de ${min} a ${max}; revise que no tenga letras ni otros signos.`,
  alfanumerico: (documento: string, min: number, max: number) =>
    `${MSG.invalidDocumentNumber} El número de ${documento} lleva letras y dígitos, de ${min} a ${max} caracteres, sin otros signos.`,
  alfanumericoGuion: (documento: string, min: number, max: number) =>
    `${MSG.invalidDocumentNumber} El número de ${documento} lleva letras, dígitos o guiones, de ${min} a ${max} caracteres.`,
};
