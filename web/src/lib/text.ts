/** 'MARIA FERNANDA GOMEZ' -> 'Maria Fernanda Gomez' (the welcome line of the shell). */
export function toTitleCase(value: string): string {
  return value
    .toLocaleLowerCase('es')
    .split(/(\s+)/)
    .map((w) => (w.trim() ? w.charAt(0).toLocaleUpperCase('es') + w.slice(1) : w))
    .join('');
}
