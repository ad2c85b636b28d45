// Catalogue and master data: the staff's two levels (server/src/authz/staff.ts, docs/decisions/061).
export { administrador, staffReader, type Staff } from '../../authz/staff';
