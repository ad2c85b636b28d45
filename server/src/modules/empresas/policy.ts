/**
 * Provider companies (docs/decisions/063): every staff role lists and reads; only 'administrador'
 * creates, edits, disables or enables. Provider tokens get 403. Same rule as the catalogue.
 */
export { administrador, staffReader, type Staff } from '../../authz/staff';
