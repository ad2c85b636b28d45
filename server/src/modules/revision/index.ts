// The module's entry for other code (routes register through modules/index.ts): Who a reviewer's mail goes to and the link to a module, which the reminder digest uses too.
export { destinatarioSql, moduloLink } from './rejection-mail';
