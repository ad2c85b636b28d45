/**
 * Captcha names both sides share, without zod (the login route does not load it, decision 073).
 * Recovery lookups and requests carry an ALTCHA solution in this header (docs/decisions/078): the
 * specification's GET has no body and its path stays as it is.
 */
export const CAPTCHA_HEADER = 'x-captcha';

/**
 * The harder challenge asked of an account under attack (docs/decisions/076): the sign-in answers
 * 400 with detail {captcha: 'reforzado'}; the client gets GET /api/login/captcha?nivel=reforzado.
 */
export const REINFORCED_CAPTCHA = 'reforzado';
