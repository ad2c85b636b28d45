/** DIAN check digit (dígito de verificación) of a NIT, modulo 11 with the official weights. */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(nit: string): number {
  const digits = nit.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * WEIGHTS[i];
  }
  const rest = sum % 11;
  return rest > 1 ? 11 - rest : rest;
}

/** Accepts '900123456' or '900123456-8' (then the digit must match). */
export function isValidNit(value: string): boolean {
  const m = /^(\d{6,15})(?:-(\d))?$/.exec(value.trim());
  if (!m) return false;
  return m[2] === undefined || Number(m[2]) === nitCheckDigit(m[1]);
}
