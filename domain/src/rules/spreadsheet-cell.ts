/**
 * Spreadsheet formula injection (docs/decisions/161): a text cell of an export that starts with one
 * of these characters may be run as a formula by Excel, LibreOffice or Google Sheets when the file
 * is opened (`=HYPERLINK(...)`, `-2+3+cmd|' /C calc'!A0`). OWASP's 'CSV Injection' guidance: prefix
 * such a cell with a single quote, so it is read as text. Every export of the portal (CSV, Excel,
 * made in the browser or on the server) writes its text cells through this one function.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** True when a spreadsheet could take this text as the start of a formula. */
export function isFormulaLike(text: string): boolean {
  return text.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(text[0]);
}

/**
 * The text as an export writes it: unchanged, or with a leading apostrophe when it starts with a
 * formula trigger. A text cell '-5' is prefixed too (it is text, not the number); numbers an export
 * writes as numeric cells never pass through here and stay numbers.
 */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/**
 * One value of a typed export row (exceljs): strings are neutralized; numbers, dates, booleans and
 * empty cells are written as they are.
 */
export function neutralizeCellValue<T>(value: T): T | string {
  return typeof value === 'string' ? neutralizeFormula(value) : value;
}
