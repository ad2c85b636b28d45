/**
 * The Spanish strings of photos taken on the site turned into one PDF (docs/decisions/140).
 */
export const FOTOS_MSG = {
};
