/**
 * Browser storage keys (docs/contract.md, Entities and fields). The token lives in both local and session
 * storage; session storage wins on reload (one tab may hold a newer session than another).
 */
export const STORAGE_KEYS = {
  token: 'token',
  /** Decoded token claims, JSON. */
  claims: 'tokenDecoded',
  /** Expiry date of the session (ISO string). */
  expiration: 'expiracion',
  /** 'true' | 'false'; set to 'false' in session storage after a password change. */
  changePassword: 'changepassword',
  /** Current contract (id) and its descriptions. */
  contrato: 'contrato',
  proyectoId: 'idproyecto',
  proyectoDescripcion: 'proyecto',
  tipoContratoDescripcion: 'tipocontrato',
  actividadDescripcion: 'actividad',
  /** Employee chosen on Ingreso de Personal (JSON: tipodocumento, numerodocumento, nombre). */
  empleado: 'empleado',
  /** Dynamic list: full column list per table id, and the chosen columns. */
  listDinamico: (idtabla: string) => `list-dinamico-${idtabla}`,
  selected: (idtabla: string) => `Selected-${idtabla}`,
} as const;
