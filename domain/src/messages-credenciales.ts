/**
 * The Spanish strings of site access (credenciales), apart from messages.ts so that the parts of this work
 * can be written side by side (decision 121); MSG spreads them, so every screen uses MSG.
 */
export const CREDENCIALES_MSG = {} as const;
