/**
 * Any page may ask the shell's contract modal ('Proyecto') to open, e.g. the home's
 * 'Cambiar proyecto' or an evidence page that needs a project first. Features never import each
 * other, so the request travels through this tiny channel; the modal subscribes to it.
 */
const listeners = new Set<() => void>();

export function openContractModal(): void {
  for (const listener of listeners) listener();
}

export function onContractModalRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
