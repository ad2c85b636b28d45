/**
 * The Spanish strings of the PILA reconciliation (docs/decisions/127 parser, 128 reconciliation; the
 * parser's are in messages-pila-archivo.ts), apart from messages.ts so that the parts can be written side by side; MSG spreads them, so every
 * screen uses MSG. Parser messages name the line and the field ('Línea 7, campo 5 (...)').
 */
export const PILA_MSG = {} as const;
