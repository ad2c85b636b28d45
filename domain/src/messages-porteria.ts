/**
 * The Spanish strings of site access (porteria), apart from messages.ts so that the parts of this work
 * can be written side by side (decision 121); MSG spreads them, so every screen uses MSG.
 */
export const PORTERIA_MSG = {} as const;
