import { queryOptions } from '@tanstack/react-query';
import type { InvitacionUsuario, UsuarioEmpresa } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** The company's own users (docs/decisions/136); only company administrators reach these routes. */
export const usuariosEmpresaQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'usuarios'],
    queryFn: () => api.get<UsuarioEmpresa[]>('api/contratista/usuarios'),
  });

type Saved = { message: string; usuario: UsuarioEmpresa };

export const invitarUsuario = (body: InvitacionUsuario) => api.post<Saved>('api/contratista/usuarios', body);

export const accionUsuario = (id: number, accion: 'deshabilitar' | 'habilitar' | 'reenviar') =>
  api.post<Saved>(`api/contratista/usuarios/${id}/${accion}`, {});
