/**
 * typeuser values: 'default' is the contractor (the specification's default). Kept apart from the
 * zod schemas of auth.ts so that a bundle can use them without zod (docs/decisions/073).
 */
export const TYPEUSER = {
  PROVEEDOR: 'default',
  REVISOR: 'revisor',
  ADMIN: 'administrador',
  /** Site gate staff (decision 123): the gate of the projects assigned to them, nothing else. */
  PORTERIA: 'porteria',
} as const;
export type TypeUser = (typeof TYPEUSER)[keyof typeof TYPEUSER];
export const isStaff = (t: string) => t === TYPEUSER.REVISOR || t === TYPEUSER.ADMIN;
/** May use a gate: a gate user, or staff standing in. */
export const isGate = (t: string) => t === TYPEUSER.PORTERIA || isStaff(t);
