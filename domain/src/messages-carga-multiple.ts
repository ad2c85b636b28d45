/**
 * The Spanish strings of one upload covering many workers (docs/decisions/139).
 */
export const CARGA_MULTIPLE_MSG = {
};
