// The module's entry for other code (routes register through modules/index.ts): The credential keys and verification, which the gate's roster and checks use (decision 122).
export { claveDeSemilla, clavesPublicasDe, emitirCodigo, firmar, type ClaveFirma } from './keys';
export { verificarCredencial, type CredencialVerificada } from './verify';
