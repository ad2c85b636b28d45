import { nombrePropio } from '@proveedores/domain';

/**
 * 'MARIA FERNANDA GOMEZ' -> 'Maria Fernanda Gomez' (the welcome line of the shell, worker names): the
 * one domain rule for every Spanish letter (domain/src/nombres.ts).
 */
export const toTitleCase = nombrePropio;
