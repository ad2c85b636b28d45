import { queryOptions } from '@tanstack/react-query';
import { salarioMinimo, savedSalarioMinimo, type SalarioMinimoBody } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** SMMLV per year (docs/staff-api.md, 'Master data'; docs/decisions/132). Writes: administrators. */
export const salariosQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'salarios-minimos'],
    queryFn: async ({ signal }) =>
      salarioMinimo.array().parse(await api.get('api/admin/salarios-minimos', { signal })),
    staleTime: 0,
  });

export async function saveSalarioMinimo(ano: number, body: SalarioMinimoBody) {
  return savedSalarioMinimo.parse(await api.put(`api/admin/salarios-minimos/${ano}`, body));
}
