import { MENU_CONTRATISTA, MENU_FUNCIONARIO, type MenuOption } from '@proveedores/domain';

/** GET /api/contratista/opciones_menu: the tiles of the home for the user type (docs/decisions/023). */
export function listMenuOptions(opts: { audience: 'funcionario' | 'contratista' }): MenuOption[] {
  return [...(opts.audience === 'funcionario' ? MENU_FUNCIONARIO : MENU_CONTRATISTA)];
}
