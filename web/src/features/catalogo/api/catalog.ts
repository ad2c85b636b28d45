import { queryOptions } from '@tanstack/react-query';
import {
  requisitoAdmin,
  savedRequisito,
  type RequisitoAdmin,
  type RequisitoCreateBody,
  type RequisitoUpdateBody,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** Requirements catalogue (docs/staff-api.md, 'Catalogue'). Writes are for administrators only. */
export const requisitoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'requisitos', id],
    queryFn: async ({ signal }): Promise<RequisitoAdmin> =>
      requisitoAdmin.parse(await api.get(`api/admin/requisitos/${id}`, { signal })),
    staleTime: 0,
  });

/** The body as the form sends it (before the domain's transforms, e.g. extensiones as text). */
export type RequisitoInput = Omit<RequisitoCreateBody, 'extensiones'> & { extensiones: string };

export async function createRequisito(body: RequisitoInput) {
  return savedRequisito.parse(await api.post('api/admin/requisitos', body));
}

export async function updateRequisito(
  id: number,
  body: Omit<RequisitoUpdateBody, 'extensiones'> & { extensiones?: string },
) {
  return savedRequisito.parse(await api.put(`api/admin/requisitos/${id}`, body));
}

export async function setRequisitoActivo(id: number, activo: boolean) {
  return savedRequisito.parse(await api.post(`api/admin/requisitos/${id}/${activo ? 'activar' : 'retirar'}`));
}
