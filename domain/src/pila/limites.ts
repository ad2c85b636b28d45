/**
 * How large a PILA flat file the portal reads (docs/decisions/165). A planilla has one header line
 * and one line per cotizante and novedad period (decision 127): a contractor with a few hundred
 * workers, several lines each for incapacities or vacations, writes a few thousand. 20,000 lines is
 * far above any contractor's planilla and still a parse of about 0.2 s of CPU (decision 127 measured
 * 85 ms for 10,001 lines); a file with more is refused before it is parsed. Its size is the upload's
 * limit (5 MB, rules/upload).
 */
export const PILA_MAX_LINEAS = 20_000;

/**
 * The lines of a file's bytes, counted up to `max + 1` and no further (a million short lines stop
 * at the first 20,001): LF terminators, plus a last line without one. CR is part of a CRLF.
 */
export function contarLineasHasta(bytes: Uint8Array, max: number): number {
  let lineas = 0;
  let at = bytes.indexOf(0x0a);
  let desde = 0;
  while (at !== -1) {
    lineas++;
    if (lineas > max) return lineas;
    desde = at + 1;
    at = bytes.indexOf(0x0a, desde);
  }
  return desde < bytes.length ? lineas + 1 : lineas;
}
