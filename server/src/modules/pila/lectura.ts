import { contarLineasHasta, parsePila, type PilaArchivo } from '@proveedores/domain';

/**
 * A PILA flat file read for the upload (docs/decisions/165): refused by its line count before any
 * parse, else parsed. `threadId` is the thread that read it (the worker's, never the main thread's 0).
 */
export type LecturaPila =
  | { ok: true; archivo: PilaArchivo; threadId: number }
  | { ok: false; reason: 'lineas'; maxLineas: number; threadId: number };

/** Runs inside the file-check worker (lib/file-check-worker.ts, task 'pila'). */
export function leerPilaEnEsteHilo(bytes: Uint8Array, maxLineas: number, threadId: number): LecturaPila {
  if (contarLineasHasta(bytes, maxLineas) > maxLineas)
    return { ok: false, reason: 'lineas', maxLineas, threadId };
  return { ok: true, archivo: parsePila(bytes), threadId };
}
