// The module's entry for other code (routes register through modules/index.ts): The guards' projects, which the staff command sets.
export { setGateProjects } from './asignacion';
