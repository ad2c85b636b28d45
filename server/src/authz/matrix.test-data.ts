import { randomUUID } from 'node:crypto';
import { nitCheckDigit, TABLA_MAESTRA_NOMBRES, hoyEnColombia } from '@proveedores/domain';
import { samplePdf } from '../lib/file-check-samples';
import { adjuntoXlsx, llenarPlantilla } from '../test/importacion';

/**
 * THE authorization matrix (docs/decisions/070): every API
 * endpoint, who may call it, and how to build a request that the allowed roles accept. matrix.test.ts
 * fails when a registered /api route is missing here, then walks every entry with no token, a token
 * of each role, and contractor B holding contractor A's ids, and checks the database after every
 * refused call.
 *
 * Roles: 'contractor' (typeuser default, a provider company), 'staff' (revisor), 'admin'
 * (administrador, also staff), 'porteria' (a site gate user: the gate and their own account only,
 * docs/decisions/123). 'public' means no token is needed.
 */
export type Role = 'contractor' | 'staff' | 'admin' | 'porteria';
export type Caller = Role | 'anonymous';

/** Ids owned by one provider company (set up by the test through the API). */
export type CompanyIds = {
  empresaId: number;
  nit: string;
  /** A contract of the company (A: work at heights; B: confined spaces). */
  contratoId: number;
  /** An SG-SST requirement that applies to this company only (A: E18 alturas; B: E20 confined spaces). */
  sgSstPropio: number;
  /** An employee of the company, linked to contratoId. */
  empleado: { tipo: string; numero: string };
  /** A current submission (sg-sst E01, with a file) and one of its annexes. */
  entregaId: number;
  anexoId: number;
  /** A 'Cargador' the company account invited (docs/decisions/136). */
  usuarioInvitado: number;
};

/** Ids that belong to no company, or that only staff act on. */
export type SharedIds = {
  requisitos: {
    sgSst: number;
    gRiesgo: number;
    gRetenido: number;
    sgPersonal: number;
    /** A worker requirement one upload may cover for several workers (P13, docs/decisions/139). */
    sgPersonalMultiple: number;
  };
  periodo: { ano: number; mes: number };
  cargoId: number;
  nuevoContrato: { idRegional: number; idProyecto: number; idActividad: number; idTipocontrato: number };
  /** A requirement created for the admin write calls (retiring it harms no other entry). */
  requisitoAdmin: number;
  maestraAdmin: Record<(typeof TABLA_MAESTRA_NOMBRES)[number], number>;
  /** A third company created for the admin write calls (disabling it signs nobody else out). */
  empresaAdmin: number;
  /** Pending submissions of company A, one per decision. */
  entregaAprobar: number;
  entregaRechazar: number;
  /** The matrix's gate user and the project assigned to them (company A's contract's project). */
  porteria: { usuarioId: number; proyectoId: number };
};

export type MatrixRequest = { url: string; payload?: unknown; headers?: Record<string, string> };

export type BuildContext = {
  /** The company whose ids the request carries: the caller's own, A's for staff, A's for B in the cross-company pass. */
  own: CompanyIds;
  shared: SharedIds;
  caller: Caller;
  /** The caller's own sign-in name (the NIT for contractors). */
  username: string;
  /** A fresh captcha solution (public sign-in routes). */
  captcha: () => Promise<string>;
  /** A number never returned before in this run (names of rows that allowed calls create). */
  unique: () => number;
};

export type MatrixEntry = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The route exactly as registered (find-my-way syntax). */
  path: string;
  /** Several entries for one route when its behaviour depends on a parameter (Listadinamico tables). */
  variant?: string;
  allow: 'public' | readonly Role[];
  /**
   * The contractor request carries ids owned by a company (contract, slot, employee, submission,
   * NIT, user name): contractor B sending contractor A's ids must get 404 or 403, nothing written.
   */
  scoped?: boolean;
  build: (c: BuildContext) => MatrixRequest | Promise<MatrixRequest>;
  /** Statuses that prove an allowed caller got through authorization (default: any 2xx). */
  ok?: readonly number[];
  /** An allowed call ends the caller's session: the test spends a throwaway session on it. */
  endsSession?: boolean;
};

/** Contractors and staff: NOT a gate user (they reach only the gate and their own account). */
const ANY: readonly Role[] = ['contractor', 'staff', 'admin'];
const CONTRACTOR: readonly Role[] = ['contractor'];
const STAFF: readonly Role[] = ['staff', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
/** Every signed-in user, the gate user too: the caller's own account. */
const SIGNED_IN: readonly Role[] = [...ANY, 'porteria'];
/** The site gate (requireGate): gate users at their projects, staff standing in anywhere. */
export const GATE: readonly Role[] = ['porteria', 'staff', 'admin'];

const isStaffCaller = (c: BuildContext) => c.caller === 'staff' || c.caller === 'admin';

/** A minimal valid PDF (its structure is checked by the upload rules). */
const PDF_BASE64 = samplePdf('matriz').toString('base64');
const adjunto = (nombreArchivo = 'matriz.pdf') => ({ adjunto: PDF_BASE64, nombreArchivo, extension: 'pdf' });

/** Slot keys and upload target of each evidence module, for the company of `own`. */
const SLOTS = {
  'sg-sst': (c: BuildContext) => ({ id: c.own.sgSstPropio, keys: {} }),
  'g-riesgo': (c: BuildContext) => ({
    id: c.shared.requisitos.gRiesgo,
    keys: { contratoid: c.own.contratoId, ...c.shared.periodo },
  }),
  'g-retenido': (c: BuildContext) => ({
    id: c.shared.requisitos.gRetenido,
    keys: { contratoid: c.own.contratoId },
  }),
  'sg-personal': (c: BuildContext) => ({
    id: c.shared.requisitos.sgPersonal,
    keys: {
      contratoid: c.own.contratoId,
      tipodocumento: c.own.empleado.tipo,
      numerodocumento: c.own.empleado.numero,
    },
  }),
} as const;

const evidenceEntries: MatrixEntry[] = (Object.keys(SLOTS) as Array<keyof typeof SLOTS>).flatMap((modulo) => {
  const listQuery = (c: BuildContext) =>
    modulo === 'sg-sst'
      ? ''
      : modulo === 'sg-personal'
        ? `?contratoid=${c.own.contratoId}&tipodocumento=${encodeURIComponent(c.own.empleado.tipo)}&numerodocumento=${c.own.empleado.numero}`
        : `?contratoid=${c.own.contratoId}`;
  return [
    {
      method: 'GET',
      path: `/api/contratista/adjuntos/${modulo}`,
      allow: CONTRACTOR,
      scoped: modulo !== 'sg-sst',
      build: (c) => ({ url: `/api/contratista/adjuntos/${modulo}${listQuery(c)}` }),
    },
    {
      method: 'PUT',
      path: `/api/contratista/adjuntos/${modulo}/:id`,
      allow: CONTRACTOR,
      scoped: true,
      build: (c) => {
        const slot = SLOTS[modulo](c);
        return {
          url: `/api/contratista/adjuntos/${modulo}/${slot.id}`,
          payload: { ...slot.keys, detalle: 'Matriz de autorización', adjunto: adjunto() },
        };
      },
    },
    {
      method: 'PUT',
      path: `/api/contratista/adjuntos/${modulo}/:id/anexo`,
      allow: CONTRACTOR,
      scoped: true,
      build: (c) => {
        const slot = SLOTS[modulo](c);
        return {
          url: `/api/contratista/adjuntos/${modulo}/${slot.id}/anexo`,
          payload: { ...slot.keys, adjunto: adjunto('anexo.pdf') },
        };
      },
    },
    {
      // Reads the dates of a file before saving it; stores nothing (decision 109).
      method: 'POST',
      path: `/api/contratista/adjuntos/${modulo}/:id/fechas`,
      allow: CONTRACTOR,
      scoped: true,
      build: (c) => {
        const slot = SLOTS[modulo](c);
        return {
          url: `/api/contratista/adjuntos/${modulo}/${slot.id}/fechas`,
          payload: { ...slot.keys, adjunto: adjunto() },
        };
      },
    },
  ] satisfies MatrixEntry[];
});

/** One upload for many workers (docs/decisions/139). */
const cargaMultipleEntries: MatrixEntry[] = [
  {
    method: 'GET',
    path: '/api/contratista/adjuntos/sg-personal/carga-multiple',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/adjuntos/sg-personal/carga-multiple' }),
  },
  {
    method: 'PUT',
    path: '/api/contratista/adjuntos/sg-personal/:id/multiple',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/adjuntos/sg-personal/${c.shared.requisitos.sgPersonalMultiple}/multiple`,
      payload: {
        contratoid: c.own.contratoId,
        tipodocumento: c.own.empleado.tipo,
        numerodocumento: c.own.empleado.numero,
        adjunto: adjunto('asistencia.pdf'),
        trabajadores: [{ tipodocumento: c.own.empleado.tipo, numerodocumento: c.own.empleado.numero }],
      },
    }),
  },
];

const maestraEntries: MatrixEntry[] = TABLA_MAESTRA_NOMBRES.flatMap((tabla) => {
  const base = `/api/admin/maestras/${tabla}`;
  const body =
    tabla === 'actividades' ? { descripcion: 'Matriz', alturas: false } : { descripcion: 'Matriz' };
  return [
    { method: 'GET', path: base, allow: STAFF, build: () => ({ url: base }) },
    {
      method: 'POST',
      path: base,
      allow: ADMIN,
      // Each allowed call creates a row: the names must differ.
      build: (c) => ({ url: base, payload: { ...body, descripcion: `Matriz ${tabla} ${c.unique()}` } }),
    },
    {
      method: 'PUT',
      path: `${base}/:id`,
      allow: ADMIN,
      build: (c) => ({
        url: `${base}/${c.shared.maestraAdmin[tabla]}`,
        payload: { descripcion: `Matriz ${tabla} editada` },
      }),
    },
    ...(['retirar', 'activar'] as const).map((action): MatrixEntry => ({
      method: 'POST',
      path: `${base}/:id/${action}`,
      allow: ADMIN,
      build: (c) => ({ url: `${base}/${c.shared.maestraAdmin[tabla]}/${action}` }),
    })),
  ] satisfies MatrixEntry[];
});

export const MATRIX: readonly MatrixEntry[] = [
  // ---------- public ----------
  { method: 'GET', path: '/api/health', allow: 'public', build: () => ({ url: '/api/health' }) },
  { method: 'GET', path: '/api/docs/json', allow: 'public', build: () => ({ url: '/api/docs/json' }) },
  { method: 'GET', path: '/api/login/config', allow: 'public', build: () => ({ url: '/api/login/config' }) },
  {
    method: 'GET',
    path: '/api/login/captcha',
    allow: 'public',
    build: () => ({ url: '/api/login/captcha' }),
  },
  {
    method: 'POST',
    path: '/api/login/authenticate',
    allow: 'public',
    // A wrong password: proves the route is open without creating sessions or counting a lockout.
    build: async (c) => ({
      url: '/api/login/authenticate?permiso=1',
      payload: { username: 'matriz-desconocido', password: 'x', captcha: await c.captcha() },
    }),
    ok: [401],
  },
  {
    method: 'POST',
    path: '/api/login/authenticatead',
    allow: 'public',
    build: async (c) => ({
      url: '/api/login/authenticatead',
      payload: { username: 'matriz-desconocido', password: 'x', captcha: await c.captcha() },
    }),
    ok: [401],
  },
  {
    method: 'GET',
    path: '/api/login/forgetpassword/:identification',
    allow: 'public',
    // Unknown id: the specification's 'Número de identificación no encontrada.' (404), not 401,
    // once the captcha of the x-captcha header is solved (docs/decisions/078).
    build: async (c) => ({
      url: '/api/login/forgetpassword/matriz-desconocido',
      headers: { 'x-captcha': await c.captcha() },
    }),
    ok: [404],
  },
  {
    method: 'POST',
    path: '/api/login/forgetpassword/register/:identification',
    allow: 'public',
    build: async (c) => ({
      url: '/api/login/forgetpassword/register/matriz-desconocido?o=m',
      headers: { 'x-captcha': await c.captcha() },
    }),
    ok: [404],
  },

  // ---------- any signed-in user: own account ----------
  {
    method: 'POST',
    path: '/api/login/changepassword',
    allow: SIGNED_IN,
    // Username must be the token's (403 otherwise). A refused current password (400: not encrypted) proves the call
    // got past authorization without changing the password (which would revoke the other sessions).
    scoped: true,
    build: (c) => ({
      url: '/api/login/changepassword',
      payload: {
        Username: c.caller === 'contractor' ? c.own.nit : c.username,
        Oldpassword: 'Matriz-no-es-la-clave-1',
        Newpassword: 'Matriz-nueva-clave-2026',
      },
    }),
    ok: [400],
  },
  {
    method: 'GET',
    path: '/api/login/userdata',
    allow: SIGNED_IN,
    build: () => ({ url: '/api/login/userdata' }),
  },
  {
    method: 'PUT',
    path: '/api/login/userdata',
    allow: SIGNED_IN,
    build: () => ({ url: '/api/login/userdata', payload: { correo_notificaciones: 'matriz@example.co' } }),
  },
  // A new token for the caller's own live session (docs/decisions/098).
  {
    method: 'POST',
    path: '/api/login/renewsession',
    allow: SIGNED_IN,
    build: () => ({ url: '/api/login/renewsession' }),
  },
  {
    method: 'POST',
    path: '/api/login/logout',
    allow: SIGNED_IN,
    endsSession: true,
    build: () => ({ url: '/api/login/logout' }),
  },

  // ---------- menu, master data, reference lists (every signed-in user) ----------
  {
    method: 'GET',
    path: '/api/contratista/opciones_menu',
    allow: ANY,
    build: () => ({ url: '/api/contratista/opciones_menu' }),
  },
  {
    method: 'GET',
    path: '/api/contratista/maestras',
    allow: ANY,
    build: () => ({ url: '/api/contratista/maestras' }),
  },
  {
    method: 'GET',
    path: '/api/contratista/cargos',
    allow: ANY,
    build: () => ({ url: '/api/contratista/cargos' }),
  },
  {
    method: 'GET',
    path: '/api/contratista/municipios',
    allow: ANY,
    build: () => ({ url: '/api/contratista/municipios' }),
  },

  // ---------- contracts ----------
  // Staff have no company: their list is empty (docs/decisions/020).
  { method: 'GET', path: '/api/contratista', allow: ANY, build: () => ({ url: '/api/contratista' }) },
  {
    method: 'POST',
    path: '/api/contratista/contratos',
    allow: CONTRACTOR,
    build: (c) => ({
      url: '/api/contratista/contratos',
      payload: { descripcion: 'Contrato de la matriz de autorización', ...c.shared.nuevoContrato },
    }),
  },

  // ---------- home summary ----------
  {
    method: 'GET',
    path: '/api/contratista/reporte',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/reporte?nit=${c.own.nit}` }),
  },
  {
    method: 'GET',
    path: '/api/contratista/reporte/:modulo/:filtro',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/reporte/sg-sst/-9?nit=${c.own.nit}` }),
  },

  // ---------- employees ----------
  {
    method: 'POST',
    path: '/api/contratista/empleados',
    allow: CONTRACTOR,
    // Scoped by contratoid (the contract the worker joins). An employee is keyed by company and
    // document: B saving A's worker's document makes B's own record (matrix.test.ts checks A's stays).
    scoped: true,
    build: (c) => ({ url: '/api/contratista/empleados', payload: employeePayload(c) }),
  },
  {
    method: 'GET',
    path: '/api/contratista/empleados/:tipodocumento/:numerodocumento',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/empleados/${encodeURIComponent(c.own.empleado.tipo)}/${c.own.empleado.numero}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/contratista/empleados/vinculados',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/empleados/vinculados?contratoid=${c.own.contratoId}` }),
  },
  {
    // Withdraws the worker today (docs/decisions/132); the next entry links them again, so the
    // entries after it find the worker on the contract.
    method: 'POST',
    path: '/api/contratista/empleados/retiro',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({
      url: '/api/contratista/empleados/retiro',
      payload: {
        contratoid: c.own.contratoId,
        tipodocumento: c.own.empleado.tipo,
        numerodocumento: c.own.empleado.numero,
        fecha: hoyEnColombia(new Date()),
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/contratista/empleados/:tipodocumento/:numerodocumento/contratos',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/empleados/${encodeURIComponent(c.own.empleado.tipo)}/${c.own.empleado.numero}/contratos`,
      payload: { contratoid: c.own.contratoId },
    }),
  },
  {
    method: 'GET',
    path: '/api/contratista/empleados/reportesociodemografico',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/empleados/reportesociodemografico' }),
  },
  {
    method: 'GET',
    path: '/api/contratista/empleados/reportesociodemografico/excel',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/empleados/reportesociodemografico/excel' }),
  },

  // Roster import (docs/decisions/137): a minimal template workbook; the preview writes nothing.
  {
    method: 'GET',
    path: '/api/contratista/empleados/importacion/plantilla',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/empleados/importacion/plantilla' }),
  },
  {
    method: 'POST',
    path: '/api/contratista/empleados/importacion/previsualizar',
    allow: CONTRACTOR,
    scoped: true,
    build: async (c) => ({
      url: '/api/contratista/empleados/importacion/previsualizar',
      payload: {
        contratoid: c.own.contratoId,
        adjunto: adjuntoXlsx(await llenarPlantilla(null, [{ nombres: 'MATRIZ' }])),
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/contratista/empleados/importacion/importar',
    allow: CONTRACTOR,
    scoped: true,
    // One incomplete row: an authorized caller gets 200 with it rejected, and nothing is written.
    build: async (c) => ({
      url: '/api/contratista/empleados/importacion/importar',
      payload: {
        contratoid: c.own.contratoId,
        adjunto: adjuntoXlsx(await llenarPlantilla(null, [{ nombres: 'MATRIZ' }])),
        confirmar: true,
      },
    }),
  },

  // ---------- evidence ----------
  ...evidenceEntries,
  ...cargaMultipleEntries,
  {
    method: 'GET',
    path: '/api/adminflujos/adjunto/:id',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/adminflujos/adjunto/${c.own.entregaId}` }),
  },
  {
    method: 'GET',
    path: '/api/adminflujos/adjunto/anexo/:id',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/adminflujos/adjunto/anexo/${c.own.anexoId}` }),
  },
  {
    method: 'POST',
    path: '/api/adminflujos/adjunto/:id/ticket',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/adminflujos/adjunto/${c.own.entregaId}/ticket` }),
  },
  {
    method: 'POST',
    path: '/api/adminflujos/adjunto/anexo/:id/ticket',
    allow: ANY,
    scoped: true,
    build: (c) => ({ url: `/api/adminflujos/adjunto/anexo/${c.own.anexoId}/ticket` }),
  },

  // ---------- the company's own users (docs/decisions/136) ----------
  {
    method: 'GET',
    path: '/api/contratista/usuarios',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/usuarios' }),
  },
  {
    method: 'POST',
    path: '/api/contratista/usuarios',
    allow: CONTRACTOR,
    build: (c) => ({
      url: '/api/contratista/usuarios',
      payload: {
        tipoDocumento: 'CC',
        numeroDocumento: String(71_000_000 + c.unique()),
        nombre: 'Usuario de la matriz',
        correo: 'matriz@example.co',
        rol: 'cargador',
      },
    }),
  },
  ...(['reenviar', 'deshabilitar', 'habilitar'] as const).map((action): MatrixEntry => ({
    method: 'POST',
    path: `/api/contratista/usuarios/:id/${action}`,
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/usuarios/${c.own.usuarioInvitado}/${action}` }),
  })),
  // ---------- history and lists ----------
  {
    method: 'GET',
    path: '/api/contratista/bliotecadocumentos/:type',
    allow: ANY,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/bliotecadocumentos/g-riesgo?contrato=${c.own.contratoId}${isStaffCaller(c) ? `&empresa=${c.own.empresaId}` : ''}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/contratista/Listadinamico/:idtabla',
    variant: 'histdocs',
    allow: ANY,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/Listadinamico/histdocs?path=g-riesgo&contrato=${c.own.contratoId}${isStaffCaller(c) ? `&empresa=${c.own.empresaId}` : ''}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/contratista/Listadinamico/:idtabla',
    variant: 'empresas',
    allow: STAFF,
    build: () => ({ url: '/api/contratista/Listadinamico/empresas' }),
  },
  {
    method: 'GET',
    path: '/api/contratista/Listadinamico/:idtabla',
    variant: 'requisitos',
    allow: STAFF,
    build: () => ({ url: '/api/contratista/Listadinamico/requisitos' }),
  },

  // ---------- review console (staff) ----------
  {
    method: 'GET',
    path: '/api/revision/pendientes',
    allow: STAFF,
    build: () => ({ url: '/api/revision/pendientes' }),
  },
  {
    method: 'GET',
    path: '/api/revision/pendientes/conteo',
    allow: STAFF,
    build: () => ({ url: '/api/revision/pendientes/conteo' }),
  },
  {
    method: 'GET',
    path: '/api/revision/entregas/:id',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/entregas/${c.own.entregaId}` }),
  },
  {
    method: 'POST',
    path: '/api/revision/entregas/:id/aprobar',
    allow: STAFF,
    // The first allowed call decides; the second finds it decided (409), still past authorization.
    // With the issue date its validity rule reads (decision 113).
    build: (c) => ({
      url: `/api/revision/entregas/${c.shared.entregaAprobar}/aprobar`,
      payload: { fechaExpedicion: '2026-01-02' },
    }),
    ok: [200, 409],
  },
  {
    method: 'POST',
    path: '/api/revision/entregas/:id/rechazar',
    allow: STAFF,
    build: (c) => ({
      url: `/api/revision/entregas/${c.shared.entregaRechazar}/rechazar`,
      payload: { observacion: 'Documento ilegible (matriz)' },
    }),
    ok: [200, 409],
  },
  {
    method: 'GET',
    path: '/api/revision/cumplimiento',
    allow: STAFF,
    build: () => ({ url: '/api/revision/cumplimiento' }),
  },
  {
    method: 'GET',
    path: '/api/revision/cumplimiento/excel',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/cumplimiento/excel?empresaId=${c.own.empresaId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/cumplimiento/:empresaId',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/cumplimiento/${c.own.empresaId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/cumplimiento/:empresaId/items',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/cumplimiento/${c.own.empresaId}/items` }),
  },

  // ---------- fitness for site access (docs/decisions/121) ----------
  {
    method: 'GET',
    path: '/api/contratista/trabajadores/aptitud',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/trabajadores/aptitud?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/aptitud',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/aptitud?proyectoid=${c.shared.nuevoContrato.idProyecto}` }),
  },
  {
    method: 'POST',
    path: '/api/revision/aptitud/autorizaciones',
    allow: STAFF,
    // The matrix holds no employee id: a worker not linked to the contract (404) is answered after
    // the staff check; granting itself is tested in modules/aptitud.
    build: (c) => ({
      url: '/api/revision/aptitud/autorizaciones',
      payload: {
        empleadoId: 999_999_999,
        contratoId: c.own.contratoId,
        motivo: 'Matriz de autorización',
        hasta: '2026-01-01',
      },
    }),
    ok: [400, 404],
  },
  {
    method: 'POST',
    path: '/api/revision/aptitud/autorizaciones/:id/revocar',
    allow: STAFF,
    build: () => ({ url: '/api/revision/aptitud/autorizaciones/999999999/revocar' }),
    ok: [404],
  },

  // ---------- catalogue (staff read, admin write) ----------
  {
    method: 'GET',
    path: '/api/admin/requisitos',
    allow: STAFF,
    build: () => ({ url: '/api/admin/requisitos' }),
  },
  {
    method: 'GET',
    path: '/api/admin/requisitos/:id',
    allow: STAFF,
    build: (c) => ({ url: `/api/admin/requisitos/${c.shared.requisitos.sgSst}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/requisitos',
    allow: ADMIN,
    build: (c) => ({
      url: '/api/admin/requisitos',
      payload: {
        modulo: 'sg-sst',
        codigo: `MATRIZ-${c.unique()}`,
        nombreCorto: 'Requisito de la matriz',
        extensiones: 'pdf',
        opcional: true,
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/requisitos/:id',
    allow: ADMIN,
    build: (c) => ({
      url: `/api/admin/requisitos/${c.shared.requisitoAdmin}`,
      payload: { detalle: 'Editado por la matriz' },
    }),
  },
  ...(['retirar', 'activar'] as const).map((action): MatrixEntry => ({
    method: 'POST',
    path: `/api/admin/requisitos/:id/${action}`,
    allow: ADMIN,
    build: (c) => ({ url: `/api/admin/requisitos/${c.shared.requisitoAdmin}/${action}` }),
  })),
  ...maestraEntries,
  // SMMLV per year (docs/decisions/132); the matrix writes a year no reconciliation reads.
  {
    method: 'GET',
    path: '/api/admin/salarios-minimos',
    allow: STAFF,
    build: () => ({ url: '/api/admin/salarios-minimos' }),
  },
  {
    // Registers 2099 once (the PUT below edits it); a second run of the same entry is the 409.
    method: 'POST',
    path: '/api/admin/salarios-minimos',
    allow: ADMIN,
    ok: [200, 409],
    build: () => ({
      url: '/api/admin/salarios-minimos',
      payload: { ano: 2099, valor: 9_999_999, norma: 'Decreto de la matriz' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/salarios-minimos/:ano',
    allow: ADMIN,
    build: () => ({
      url: '/api/admin/salarios-minimos/2099',
      payload: { valor: 9_999_999, norma: 'Decreto de la matriz' },
    }),
  },

  // ---------- workers' credentials (docs/decisions/122) ----------
  {
    method: 'GET',
    path: '/api/contratista/credenciales/pdf',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/credenciales/pdf?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/credenciales/pdf',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/credenciales/pdf?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/credenciales',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/credenciales?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'POST',
    path: '/api/revision/credenciales/:id/revocar',
    allow: STAFF,
    // The matrix holds no credential id: an unknown one (404) is answered after the staff check;
    // revoking itself is tested in modules/credenciales.
    build: () => ({
      url: '/api/revision/credenciales/999999999/revocar',
      payload: { motivo: 'Revocación de la matriz' },
    }),
    ok: [404],
  },
  {
    method: 'GET',
    path: '/api/porteria/claves',
    allow: GATE,
    build: () => ({ url: '/api/porteria/claves' }),
  },

  // ---------- provider companies (staff read, admin write) ----------
  { method: 'GET', path: '/api/admin/empresas', allow: STAFF, build: () => ({ url: '/api/admin/empresas' }) },
  {
    method: 'GET',
    path: '/api/admin/empresas/:id',
    allow: STAFF,
    build: (c) => ({ url: `/api/admin/empresas/${c.own.empresaId}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/empresas',
    allow: ADMIN,
    build: (c) => {
      const nit = companyNit(c.unique());
      return {
        url: '/api/admin/empresas',
        payload: { nit, razonSocial: `Empresa de la matriz ${nit}`, correo: `matriz${nit}@example.co` },
      };
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/empresas/:id',
    allow: ADMIN,
    build: (c) => ({
      url: `/api/admin/empresas/${c.shared.empresaAdmin}`,
      payload: { nombreContacto: 'Contacto de la matriz' },
    }),
  },
  ...(['deshabilitar', 'habilitar'] as const).map((action): MatrixEntry => ({
    method: 'POST',
    path: `/api/admin/empresas/:id/${action}`,
    allow: ADMIN,
    build: (c) => ({ url: `/api/admin/empresas/${c.shared.empresaAdmin}/${action}` }),
  })),

  // ---------- the site gate (docs/decisions/123) ----------
  {
    method: 'GET',
    path: '/api/porteria/proyectos',
    allow: GATE,
    build: () => ({ url: '/api/porteria/proyectos' }),
  },
  {
    method: 'GET',
    path: '/api/porteria/roster',
    allow: GATE,
    build: (c) => ({ url: `/api/porteria/roster?proyectoid=${c.shared.porteria.proyectoId}` }),
  },
  {
    method: 'POST',
    path: '/api/porteria/verificar',
    allow: GATE,
    build: (c) => ({
      url: '/api/porteria/verificar',
      payload: {
        proyectoid: c.shared.porteria.proyectoId,
        tipodocumento: c.own.empleado.tipo,
        numerodocumento: c.own.empleado.numero,
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/porteria/registros',
    allow: GATE,
    // A new device id each time: every allowed call stores (or repeats) one record of the worker.
    build: (c) => ({
      url: '/api/porteria/registros',
      payload: {
        clienteId: randomUUID(),
        proyectoid: c.shared.porteria.proyectoId,
        tipo: 'entrada',
        at: new Date().toISOString(),
        tipodocumento: c.own.empleado.tipo,
        numerodocumento: c.own.empleado.numero,
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/porteria/:usuarioId/proyectos',
    allow: ADMIN,
    build: (c) => ({ url: `/api/admin/porteria/${c.shared.porteria.usuarioId}/proyectos` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/porteria/:usuarioId/proyectos',
    allow: ADMIN,
    build: (c) => ({
      url: `/api/admin/porteria/${c.shared.porteria.usuarioId}/proyectos`,
      payload: { proyectos: [c.shared.porteria.proyectoId] },
    }),
  },
  {
    method: 'GET',
    path: '/api/revision/horas-hombre',
    allow: STAFF,
    build: (c) => ({
      url: `/api/revision/horas-hombre?proyectoid=${c.shared.porteria.proyectoId}&ano=${c.shared.periodo.ano}&mes=${c.shared.periodo.mes}`,
    }),
  },
  {
    method: 'GET',
    path: '/api/revision/porteria/registros',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/porteria/registros?proyectoid=${c.shared.porteria.proyectoId}` }),
  },
  // ---------- PILA reconciliation (docs/decisions/128) ----------
  {
    method: 'PUT',
    path: '/api/contratista/pila',
    allow: CONTRACTOR,
    scoped: true,
    // A PDF is kept as the period's M01 evidence without reconciliation: the upload itself is tested
    // in modules/pila.
    build: (c) => ({
      url: `/api/contratista/pila?contratoid=${c.own.contratoId}&ano=${c.shared.periodo.ano}&mes=${c.shared.periodo.mes}`,
      payload: { adjunto: adjunto() },
    }),
  },
  {
    method: 'GET',
    path: '/api/contratista/pila',
    allow: CONTRACTOR,
    scoped: true,
    // No flat file reconciled in the matrix: 404 after the ownership check.
    build: (c) => ({
      url: `/api/contratista/pila?contratoid=${c.own.contratoId}&ano=${c.shared.periodo.ano}&mes=${c.shared.periodo.mes}`,
    }),
    ok: [404],
  },
  {
    method: 'GET',
    path: '/api/contratista/pila/periodos',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/pila/periodos?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/contratista/pila/matriz',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({ url: `/api/contratista/pila/matriz?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/pila',
    allow: STAFF,
    build: (c) => ({
      url: `/api/revision/pila?contratoid=${c.own.contratoId}&ano=${c.shared.periodo.ano}&mes=${c.shared.periodo.mes}`,
    }),
    ok: [404],
  },
  {
    method: 'GET',
    path: '/api/revision/pila/entregas/:id',
    allow: STAFF,
    build: () => ({ url: '/api/revision/pila/entregas/999999999' }),
    ok: [404],
  },
  {
    method: 'GET',
    path: '/api/revision/pila/periodos',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/pila/periodos?contratoid=${c.own.contratoId}` }),
  },
  {
    method: 'GET',
    path: '/api/revision/pila/matriz',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/pila/matriz?contratoid=${c.own.contratoId}` }),
  },
  // ---------- Resolución 0312 self-evaluation (docs/decisions/135) ----------
  // The contractor routes take no company ids (only the year): the company is the token's, so there
  // is nothing of A's for B to send; isolation is tested in modules/autoevaluacion.
  {
    method: 'GET',
    path: '/api/contratista/autoevaluacion/:ano',
    allow: CONTRACTOR,
    build: (c) => ({ url: `/api/contratista/autoevaluacion/${c.shared.periodo.ano}` }),
  },
  {
    method: 'PUT',
    path: '/api/contratista/autoevaluacion/:ano',
    allow: CONTRACTOR,
    build: (c) => ({
      url: `/api/contratista/autoevaluacion/${c.shared.periodo.ano}`,
      payload: { trabajadores: 8, claseRiesgo: 1, items: [{ codigo: '1.1.1', respuesta: 'cumple' }] },
    }),
  },
  {
    method: 'POST',
    path: '/api/contratista/autoevaluacion/:ano/firmar',
    allow: CONTRACTOR,
    // A year with nothing saved: refused with 400 after authorization (signing is tested in the module).
    build: (c) => ({
      url: `/api/contratista/autoevaluacion/${c.shared.periodo.ano - 5}/firmar`,
      payload: { acepto: true },
    }),
    ok: [400],
  },
  // Who signs (docs/decisions/163): the company's registered signers, read by its users, set by its administrator.
  {
    method: 'GET',
    path: '/api/contratista/empresa/firmantes',
    allow: CONTRACTOR,
    build: () => ({ url: '/api/contratista/empresa/firmantes' }),
  },
  {
    method: 'PUT',
    path: '/api/contratista/empresa/firmantes',
    allow: CONTRACTOR,
    build: () => ({
      url: '/api/contratista/empresa/firmantes',
      payload: {
        representante: { nombre: 'Ana Pérez', documento: '1020304050' },
        responsable: { nombre: 'Luis Gómez', documento: '79000111' },
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/revision/autoevaluaciones',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/autoevaluaciones?ano=${c.shared.periodo.ano}` }),
  },
  // One company's scores by year (docs/decisions/142): staff only, any company.
  {
    method: 'GET',
    path: '/api/revision/autoevaluaciones/:empresaId',
    allow: STAFF,
    build: (c) => ({ url: `/api/revision/autoevaluaciones/${c.own.empresaId}` }),
  },
  {
    method: 'GET',
    path: '/api/contratista/horas-hombre',
    allow: CONTRACTOR,
    scoped: true,
    build: (c) => ({
      url: `/api/contratista/horas-hombre?contratoid=${c.own.contratoId}&ano=${c.shared.periodo.ano}&mes=${c.shared.periodo.mes}`,
    }),
  },
];

/** A valid NIT with its check digit for a company the admin creates (n < 1000). */
export function companyNit(n: number): string {
  const base = String(901_000_000 + n);
  return `${base}-${nitCheckDigit(base)}`;
}

/** A complete employee, every field of the contract (the document of the company's own employee). */
export function employeePayload(c: Pick<BuildContext, 'own' | 'shared'>): Record<string, unknown> {
  return {
    tipodocumento: c.own.empleado.tipo,
    numerodocumento: c.own.empleado.numero,
    nombres: 'JUAN CARLOS',
    apellidos: 'PÉREZ',
    apellidos2: 'GÓMEZ',
    empleador: 'Empresa de la matriz',
    genero: 'MASCULINO',
    fecha_nacimiento: '1990-04-15',
    rh: 'O+',
    estado_civil: 'UNION LIBRE',
    personas_a_cargo: 2,
    nivel_educativo: 'SECUNDARIA COMPLETA',
    oficio_o_especialidad: 'Oficial de construcción',
    cargo: c.shared.cargoId,
    tipo_vivienda: 'EN ARRIENDO',
    estrato: '2',
    direccion: 'Calle 45 # 23-10',
    departamento: 'Antioquia',
    ciudad: 'Medellín',
    barrio: 'Manrique',
    numerotelefono: '6045551234',
    contacto_caso_emergencia: 'Ana Gómez',
    tel_contacto_caso_emergencia: '3001234567',
    parentesco_caso_emergencia: 'Madre',
    salario: 1750905,
    fecini_seg_social: '2026-01-12',
    eps: 'Nueva EPS',
    arl: 'ARL Sura',
    fondos_pensiones: 'Porvenir',
    caja_compensacion: 'Comfama',
    fecha_examenes_medicos: '2026-01-05',
    concepto_aptitud: 'APTO PARA ALTURAS',
    fecha_cert_alturas: '2025-11-20',
    fecha_cert_espacios_confina: '2025-11-20',
    nivel_certificado_curso_alturas: 'TRABAJADOR AUTORIZADO',
    contratoid: c.own.contratoId,
  };
}

/** One key per entry: 'METHOD path' plus the variant. */
export const entryKey = (e: Pick<MatrixEntry, 'method' | 'path' | 'variant'>) =>
  `${e.method} ${e.path}${e.variant ? ` [${e.variant}]` : ''}`;
