import { anosCumplidos, esFechaIso } from '../calendario';
import { MSG } from '../messages';
import type { BanderasActividad } from './compliance';

/**
 * Working age as data with its legal basis (docs/normas.md, decision 181): the minimum age to be
 * registered as a worker, and the work a minor (under 18) may never do, whatever the documents or a
 * temporary authorization say.
 */

export const EDAD_MINIMA_TRABAJO = {
  edad: 15,
  /** From 15 to 17 only with the labour inspector's authorization (docs/normas.md). */
  baseLegal: 'Ley 1098 de 2006 art. 35',
} as const;

export const MAYORIA_DE_EDAD = 18;

const ROMANOS = ['', 'I', 'II', 'III', 'IV', 'V'];

/** What makes an activity work a minor may not do, each with its legal basis. */
export const TRABAJOS_PROHIBIDOS_MENORES: ReadonlyArray<{
  id: 'alturas' | 'espacios_confinados' | 'clase_riesgo';
  baseLegal: string;
  /** How the activity is named in the reason ('en alturas'), or null when it does not apply. */
  es: (a: { banderas: BanderasActividad; claseRiesgo: number | null }) => string | null;
}> = [
  {
    id: 'alturas',
    baseLegal: 'Resolución 4272 de 2021 art. 61 lit. j',
    es: (a) => (a.banderas.alturas ? 'en alturas' : null),
  },
  {
    id: 'espacios_confinados',
    baseLegal: 'Resolución 1796 de 2018',
    es: (a) => (a.banderas.espacios_confinados ? 'en espacios confinados' : null),
  },
  {
    // Risk classes IV and V (Decreto 1295 de 1994 art. 26): hazardous work.
    id: 'clase_riesgo',
    baseLegal: 'Resolución 1796 de 2018',
    es: (a) =>
      a.claseRiesgo !== null && a.claseRiesgo >= 4
        ? `de riesgo clase ${ROMANOS[a.claseRiesgo] ?? a.claseRiesgo}`
        : null,
  },
];

/**
 * Why a worker born on `fechaNacimiento` may not work on `fecha` in the contract's activity
 * (`actividad`, its flags and risk class) because of their age, or null. An unknown or unreadable
 * birth date gives null: registration requires it, and the gate is not the place to guess it.
 */
export function prohibicionPorEdad(input: {
  fechaNacimiento: string | null | undefined;
  fecha: string;
  banderas: BanderasActividad;
  claseRiesgo: number | null;
  actividad: string;
}): string | null {
  const nacimiento = input.fechaNacimiento;
  if (!nacimiento || !esFechaIso(nacimiento)) return null;
  const edad = anosCumplidos(nacimiento, input.fecha);
  if (edad >= MAYORIA_DE_EDAD) return null;
  if (edad < EDAD_MINIMA_TRABAJO.edad)
    return MSG.aptitudMenorDeQuince(edad, EDAD_MINIMA_TRABAJO.edad, EDAD_MINIMA_TRABAJO.baseLegal);
  const prohibidos = TRABAJOS_PROHIBIDOS_MENORES.map((t) => ({ ...t, como: t.es(input) })).filter(
    (t): t is typeof t & { como: string } => t.como !== null,
  );
  if (prohibidos.length === 0) return null;
  return MSG.aptitudMenorDeEdad(
    edad,
    input.actividad,
    prohibidos.map((t) => t.como),
    [...new Set(prohibidos.map((t) => t.baseLegal))],
  );
}
