/**
 * How a person's name is written on screen and in exports, one place for every side. The database
 * must not change the case of a name: the embedded PostgreSQL is initialised with the C locale
 * (server/src/db/embedded-postgres.ts), whose upper() changes only A-Z, so 'Andrés Córdoba' came out
 * as 'ANDRéS CóRDOBA'. JavaScript's Spanish case mapping knows every Spanish letter (á é í ó ú ü ñ).
 */

/** 'Andrés Córdoba Muñoz' -> 'ANDRÉS CÓRDOBA MUÑOZ'. */
export function nombreEnMayusculas(value: string): string {
  return value.normalize('NFC').toLocaleUpperCase('es-CO');
}

/**
 * 'ANDRÉS CÓRDOBA-PÉREZ' -> 'Andrés Córdoba-Pérez': the first letter of each word (after a space,
 * a hyphen or an apostrophe) in capitals, the rest in small letters. A word starts only after one of
 * those, never after an accented letter (the mistake of \b, which ends a word at 'é').
 */
export function nombrePropio(value: string): string {
  return value
    .normalize('NFC')
    .toLocaleLowerCase('es-CO')
    .replace(
      /(^|[\s\-'’])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toLocaleUpperCase('es-CO'),
    );
}
