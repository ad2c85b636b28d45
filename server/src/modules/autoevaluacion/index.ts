// The module's entry for other code (routes register through modules/index.ts): What other modules use of the self-evaluation: whether a contract's type is enabled by the company's score (decision 142).
export { habilitacionDeContratos, habilitacionDeTipo, SIN_MINIMO } from './habilitacion';
