// The module's entry for other code (routes register through modules/index.ts): The temporary-password mail secret, which a company user's invitation also sends (decision 136).
export { TEMPORARY_PASSWORD_SECRET } from './recover-password';
