// The module's entry for other code (routes register through modules/index.ts): The PILA file's read, run in the file-check worker (decision 165).
export type { LecturaPila } from './lectura';
export { retirarP08DePlanilla } from './aprobacion-p08';
