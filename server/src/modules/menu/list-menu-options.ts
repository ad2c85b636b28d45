import { MENU_CONTRATISTA, MENU_FUNCIONARIO, type MenuOption, HABILITACION_MSG } from '@proveedores/domain';

/**
 * The fitness pages' tiles (docs/decisions/125): the contractor's 'Aptitud del personal' after
 * 'Ingreso de Personal', the staff's 'Personal en obra' after 'Cumplimiento por Empresa'; and the
 * contractor's self-evaluation of the minimum standards (decision 133) after 'SG-SST'.
 */
const APTITUD_PERSONAL: MenuOption = {
  id: 'aptitud-personal',
  titulo: 'Aptitud del Personal',
  descripcion: 'Quién puede ingresar hoy a la obra del contrato y qué documento falta a los demás.',
  ruta: 'aptitud-personal',
  icono: 'pi pi-id-card',
};
const AUTOEVALUACION: MenuOption = {
  id: 'autoevaluacion',
  titulo: 'Autoevaluación Estándares Mínimos',
  descripcion: 'Resolución 0312 de 2019: califique su SG-SST, plan de mejoramiento y firma (E05).',
  ruta: 'autoevaluacion',
  icono: 'pi pi-check-square',
};
const PERSONAL_OBRA: MenuOption = {
  id: 'personal-obra',
  titulo: 'Personal en Obra',
  descripcion: 'Trabajadores aptos y no aptos por proyecto, quién está dentro, autorizaciones temporales.',
  ruta: 'personal-obra',
  icono: 'pi pi-users',
};

/** Staff: the 0312 self-evaluation scores (docs/decisions/142), after 'Personal en Obra'. */
const AUTOEVALUACIONES_STAFF: MenuOption = {
  id: 'autoevaluaciones',
  titulo: HABILITACION_MSG.habMenu,
  descripcion: HABILITACION_MSG.habMenuDescripcion,
  ruta: 'revision/autoevaluaciones',
  icono: 'pi pi-star',
};

function after(list: readonly MenuOption[], id: string, option: MenuOption): MenuOption[] {
  const i = list.findIndex((o) => o.id === id);
  return i < 0 ? [...list, option] : [...list.slice(0, i + 1), option, ...list.slice(i + 1)];
}

/** GET /api/contratista/opciones_menu: the tiles of the home for the user type (docs/decisions/023). */
export function listMenuOptions(opts: { audience: 'funcionario' | 'contratista' }): MenuOption[] {
  return opts.audience === 'funcionario'
    ? after(after(MENU_FUNCIONARIO, 'cumplimiento', PERSONAL_OBRA), 'personal-obra', AUTOEVALUACIONES_STAFF)
    : after(after(MENU_CONTRATISTA, 'ingreso-personal', APTITUD_PERSONAL), 'sg-sst', AUTOEVALUACION);
}
