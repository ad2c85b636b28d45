// The module's entry for other code (routes register through modules/index.ts): The company's registered signatories, which the 0312 signature takes (decision 163).
export { firmantesDe } from './firmantes';
