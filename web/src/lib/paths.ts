/**
 * Every route of the contract (docs/contract.md, Screens and routes), in one place. `ROUTES` are the router's
 * relative segments; `PATHS` are the absolute hash paths to navigate to. Features import from here only.
 */
export const ROUTES = {
  login: 'login',
  home: 'home',
  proveedor: 'proveedor',
  sgSst: 'sg-sst',
  ingresoPersonal: 'ingreso-personal',
  gestionRiesgo: 'gestion-riesgo',
  retenido: 'retenido',
  cambiarClave: 'cambiar-clave',
  historial: 'historial',
  reporteSociodemografico: 'reportesociodemografico',
  listDinamico: 'list-dinamico/:idtabla',
  detalleArchivo: 'detalle-archivo',
  // Staff (docs/decisions/065); the admin/* targets are the list engine's action links.
  revision: 'revision',
  cumplimiento: 'cumplimiento',
  // Staff screen of the 0312 self-evaluation scores (docs/decisions/142).
  autoevaluacionesStaff: 'revision/autoevaluaciones',
  adminEmpresa: 'admin/empresas/:id',
  adminEmpresaEliminar: 'admin/empresas/:id/eliminar',
  adminEmpresaContratos: 'admin/empresas/:id/contratos',
  adminRequisito: 'admin/requisitos/:id',
  adminRequisitoEliminar: 'admin/requisitos/:id/eliminar',
  adminMaestras: 'admin/maestras/:tabla?',
  // Fitness pages (docs/decisions/125): the contractor's workers of a contract, the staff's site view.
  aptitudPersonal: 'aptitud-personal',
  personalObra: 'personal-obra',
  // The yearly Resolución 0312 self-evaluation (docs/decisions/133, 135).
  autoevaluacion: 'autoevaluacion',
  // The site gate, a PWA for the guard's phone (docs/decisions/124).
  porteria: 'porteria',
} as const;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** History trees of the evidence pages (list-dinamico/histdocs?path=...&ident=...). */
export type HistDocsPath = 'sg-sst' | 'sg-personal' | 'g-riesgo' | 'g-retenido';

export const PATHS = {
  login: '/login',
  home: '/home',
  proveedor: '/proveedor',
  sgSst: '/sg-sst',
  ingresoPersonal: '/ingreso-personal',
  gestionRiesgo: '/gestion-riesgo',
  retenido: '/retenido',
  cambiarClave: '/cambiar-clave',
  historial: (model: string, ident?: string) => withQuery('/historial', { model, ident }),
  reporteSociodemografico: '/reportesociodemografico',
  listDinamico: (idtabla: string, query: Record<string, string | undefined> = {}) =>
    withQuery(`/list-dinamico/${encodeURIComponent(idtabla)}`, query),
  histDocs: (path: HistDocsPath, ident?: string) => withQuery('/list-dinamico/histdocs', { path, ident }),
  detalleArchivo: (file: { nombre: string; url: string; ext?: string }) =>
    withQuery('/detalle-archivo', { nombre: file.nombre, url: file.url, ext: file.ext }),
  // Staff (docs/decisions/065): review queue (optionally opened on one submission), compliance, admin forms.
  revision: (query: Record<string, string | undefined> = {}) => withQuery('/revision', query),
  cumplimiento: '/cumplimiento',
  autoevaluacionesStaff: '/revision/autoevaluaciones',
  adminEmpresa: (id: number | string) => `/admin/empresas/${id}`,
  adminEmpresaEliminar: (id: number | string) => `/admin/empresas/${id}/eliminar`,
  adminEmpresaContratos: (id: number | string) => `/admin/empresas/${id}/contratos`,
  adminRequisito: (id: number | string, copiar?: number | string) =>
    withQuery(`/admin/requisitos/${id}`, { copiar: copiar === undefined ? undefined : String(copiar) }),
  adminRequisitoEliminar: (id: number | string) => `/admin/requisitos/${id}/eliminar`,
  adminMaestras: (tabla?: string) => (tabla ? `/admin/maestras/${tabla}` : '/admin/maestras'),
  empresasList: '/list-dinamico/empresas',
  requisitosList: '/list-dinamico/requisitos',
  // Fitness pages (docs/decisions/125).
  aptitudPersonal: '/aptitud-personal',
  personalObra: '/personal-obra',
  // The yearly Resolución 0312 self-evaluation (docs/decisions/133, 135).
  autoevaluacion: '/autoevaluacion',
  // The site gate (docs/decisions/124).
  porteria: '/porteria',
} as const;
