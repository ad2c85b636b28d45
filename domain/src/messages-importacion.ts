/**
 * The Spanish strings of the roster import from an Excel template (docs/decisions/137).
 */
export const IMPORTACION_MSG = {
};
