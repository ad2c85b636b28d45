import { z } from 'zod';

/**
 * A home menu tile (GET /api/contratista/opciones_menu). The original portal did not define the
 * shape; this is ours: `ruta` is a hash route of docs/contract.md, Screens and routes (with its query string
 * when it has one), `icono` a PrimeIcons class.
 */
export const menuOption = z.object({
  id: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  ruta: z.string(),
  icono: z.string(),
});
export type MenuOption = z.infer<typeof menuOption>;

/** What a contractor sees: the four evidence modules, personnel, history, reports, settings. */
export const MENU_CONTRATISTA: readonly MenuOption[] = [
  {
    id: 'sg-sst',
    titulo: 'SG-SST',
    descripcion: 'Documentos del Sistema de Gestión de Seguridad y Salud en el Trabajo de la empresa.',
    ruta: 'sg-sst',
    icono: 'pi pi-shield',
  },
  {
    id: 'ingreso-personal',
    titulo: 'Ingreso de Personal',
    descripcion: 'Registro de trabajadores y sus documentos de ingreso a obra.',
    ruta: 'ingreso-personal',
    icono: 'pi pi-users',
  },
  {
    id: 'gestion-riesgo',
    titulo: 'Gestión del Riesgo',
    descripcion: 'Evidencias mensuales de la gestión del riesgo del contrato.',
    ruta: 'gestion-riesgo',
    icono: 'pi pi-exclamation-triangle',
  },
  {
    id: 'retenido',
    titulo: 'Devolución de Retenidos',
    descripcion: 'Documentos para la devolución de los pagos retenidos del contrato.',
    ruta: 'retenido',
    icono: 'pi pi-wallet',
  },
  {
    id: 'historial',
    titulo: 'Historial',
    descripcion: 'Consulta de los documentos cargados y su estado.',
    ruta: 'list-dinamico/histdocs?path=sg-sst',
    icono: 'pi pi-history',
  },
  {
    id: 'reportesociodemografico',
    titulo: 'Reporte Sociodemográfico',
    descripcion: 'Perfil sociodemográfico de los trabajadores registrados, exportable a Excel.',
    ruta: 'reportesociodemografico',
    icono: 'pi pi-chart-bar',
  },
  {
    id: 'configuraciones',
    titulo: 'Configuraciones',
    descripcion: 'Cambio de contraseña y correo de notificaciones.',
    ruta: 'cambiar-clave',
    icono: 'pi pi-cog',
  },
];

/** What staff (revisor, administrador) see: review, compliance, companies, catalogue, master data, settings. */
export const MENU_FUNCIONARIO: readonly MenuOption[] = [
  {
    id: 'revision',
    titulo: 'Revisión de Documentos',
    descripcion: 'Documentos cargados por los contratistas pendientes de aprobación.',
    ruta: 'revision',
    icono: 'pi pi-check-square',
  },
  {
    id: 'cumplimiento',
    titulo: 'Cumplimiento por Empresa',
    descripcion: 'Porcentaje de cumplimiento por empresa, contrato y módulo, con descarga a Excel.',
    ruta: 'cumplimiento',
    icono: 'pi pi-chart-line',
  },
  {
    id: 'empresas',
    titulo: 'Empresas Contratistas',
    descripcion: 'Empresas, contratos y estado de cumplimiento.',
    ruta: 'list-dinamico/empresas',
    icono: 'pi pi-building',
  },
  {
    id: 'catalogo',
    titulo: 'Catálogo de Requisitos',
    descripcion: 'Requisitos documentales por módulo, vigencias y motivos de rechazo.',
    ruta: 'list-dinamico/requisitos',
    icono: 'pi pi-list',
  },
  {
    id: 'maestras',
    titulo: 'Datos Maestros',
    descripcion: 'Proyectos, tipos de contrato, actividades, regionales y cargos.',
    ruta: 'admin/maestras',
    icono: 'pi pi-database',
  },
  {
    id: 'configuraciones',
    titulo: 'Configuraciones',
    descripcion: 'Cambio de contraseña y correo de notificaciones.',
    ruta: 'cambiar-clave',
    icono: 'pi pi-cog',
  },
];
