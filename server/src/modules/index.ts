import type { FastifyInstance } from 'fastify';
import healthRoutes from './health/routes';
import loginRoutes from './login/routes';
import empleadosRoutes from './empleados/routes';
import contratosRoutes from './contratos/routes';
import menuRoutes from './menu/routes';
import reporteRoutes from './reporte/routes';
import evidenciasRoutes from './evidencias/routes';
import historialRoutes from './historial/routes';
import listasRoutes from './listas/routes';
import revisionRoutes from './revision/routes';
import catalogoRoutes from './catalogo/routes';
import empresasRoutes from './empresas/routes';
import aptitudRoutes from './aptitud/routes';
import credencialesRoutes from './credenciales/routes';
import porteriaRoutes from './porteria/routes';
import pilaRoutes from './pila/routes';
import autoevaluacionRoutes from './autoevaluacion/routes';
import usuariosEmpresaRoutes from './usuarios-empresa/routes';

/** Every feature module, registered in this order by buildApp. */
export const MODULES: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  loginRoutes,
  empleadosRoutes,
  contratosRoutes,
  menuRoutes,
  reporteRoutes,
  evidenciasRoutes,
  historialRoutes,
  listasRoutes,
  revisionRoutes,
  catalogoRoutes,
  empresasRoutes,
  aptitudRoutes,
  credencialesRoutes,
  porteriaRoutes,
  pilaRoutes,
  autoevaluacionRoutes,
  usuariosEmpresaRoutes,
];
