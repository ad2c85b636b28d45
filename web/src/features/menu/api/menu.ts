import { queryOptions } from '@tanstack/react-query';
import { menuOption, type MenuOption } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** GET /api/contratista/opciones_menu: the tiles for the signed-in user type. */
export const menuQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'opciones_menu'],
    queryFn: async (): Promise<MenuOption[]> =>
      menuOption.array().parse(await api.get('api/contratista/opciones_menu')),
    staleTime: 10 * 60_000,
  });
