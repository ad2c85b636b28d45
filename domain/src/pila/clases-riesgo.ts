/**
 * The five ARL risk classes and their contribution rates (docs/decisions/128). Classes: Decreto-ley
 * 1295 de 1994 art. 26; rate ranges ("Tabla de cotizaciones mínimas y máximas"): Decreto 1772 de 1994
 * art. 13, developing art. 27 of Decreto 1295, both compiled in Decreto 1072 de 2015; the "valor
 * inicial" a company pays on entering the system or changing class: Decreto 1072 de 2015 art.
 * 2.2.4.3.5. Copied from the portal's reference data, docs/pila-arl-clases.md §1 (range
 * table confirmed by two independent sources there).
 *
 * Rates are fractions, as PILA writes them in detail field 61: 0.0696 = 6.96 %.
 */

export type NumeroClaseRiesgo = 1 | 2 | 3 | 4 | 5;

export type ClaseRiesgo = {
  clase: NumeroClaseRiesgo;
  romano: 'I' | 'II' | 'III' | 'IV' | 'V';
  nivel: string;
  minima: number;
  inicial: number;
  maxima: number;
};

export const FUENTE_CLASES_RIESGO =
  'Decreto 1772 de 1994 art. 13 (tabla de cotizaciones mínimas y máximas), compilado en el Decreto 1072 de 2015; valor inicial: Decreto 1072 de 2015 art. 2.2.4.3.5';

export const CLASES_RIESGO: readonly ClaseRiesgo[] = [
  { clase: 1, romano: 'I', nivel: 'Riesgo mínimo', minima: 0.00348, inicial: 0.00522, maxima: 0.00696 },
  { clase: 2, romano: 'II', nivel: 'Riesgo bajo', minima: 0.00435, inicial: 0.01044, maxima: 0.01653 },
  { clase: 3, romano: 'III', nivel: 'Riesgo medio', minima: 0.00783, inicial: 0.02436, maxima: 0.04089 },
  { clase: 4, romano: 'IV', nivel: 'Riesgo alto', minima: 0.0174, inicial: 0.0435, maxima: 0.0696 },
  { clase: 5, romano: 'V', nivel: 'Riesgo máximo', minima: 0.03219, inicial: 0.0696, maxima: 0.087 },
];

/** The class 1-5, or null for anything else. */
export function claseRiesgo(clase: number | null | undefined): ClaseRiesgo | null {
  return CLASES_RIESGO.find((c) => c.clase === clase) ?? null;
}

/**
 * Whether a rate lies in the class's [mínima, máxima]. The file writes rates with 7 decimals, so the
 * comparison allows half of the last one (binary fractions never make 0.0696000 != 0.0696).
 */
export function tarifaEnClase(clase: ClaseRiesgo, tarifa: number): boolean {
  const tolerancia = 0.00000005;
  return tarifa >= clase.minima - tolerancia && tarifa <= clase.maxima + tolerancia;
}
