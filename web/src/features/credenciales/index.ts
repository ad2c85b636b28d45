// The carnets, as the fitness pages show them (decision 175).
export { CredencialesPanel } from './components/credenciales-panel';
export { descargarCarnets } from './api/credenciales';
