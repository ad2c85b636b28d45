// The module's entry for other code (routes register through modules/index.ts): The home summary's kind of count, which the compliance counts' test and the bench read.
export { resumenKind, summarySql } from './get-summary';
