// The module's entry for other code (routes register through modules/index.ts): Saving a worker (the demo site's seed) and the roster import's read, run in the file-check worker.
export { saveEmployee } from './save-employee';
export type { LecturaPlantilla } from './importacion-lectura';
