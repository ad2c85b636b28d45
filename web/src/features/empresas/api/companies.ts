import { queryOptions } from '@tanstack/react-query';
import { empresaAdmin, savedEmpresa, type EmpresaAdmin, type EmpresaUpdateBody } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** Provider companies (docs/staff-api.md, 'Companies'). Writes are for administrators only. */
export const empresaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'empresas', id],
    queryFn: async ({ signal }): Promise<EmpresaAdmin> =>
      empresaAdmin.parse(await api.get(`api/admin/empresas/${id}`, { signal })),
    staleTime: 0,
  });

export type NewEmpresa = {
  nit: string;
  dv: number;
  razonSocial: string;
  correo: string;
  nombreContacto?: string;
};

export async function createEmpresa(body: NewEmpresa) {
  return savedEmpresa.parse(await api.post('api/admin/empresas', body));
}

export async function updateEmpresa(id: number, body: EmpresaUpdateBody) {
  return savedEmpresa.parse(await api.put(`api/admin/empresas/${id}`, body));
}

/** POST /deshabilitar (ends every session of the company) or /habilitar. */
export async function setEmpresaActiva(id: number, activa: boolean) {
  return savedEmpresa.parse(
    await api.post(`api/admin/empresas/${id}/${activa ? 'habilitar' : 'deshabilitar'}`),
  );
}
