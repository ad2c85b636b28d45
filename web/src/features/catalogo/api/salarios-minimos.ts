import { queryOptions } from '@tanstack/react-query';
import {
  salarioMinimo,
  savedSalarioMinimo,
  type SalarioMinimoBody,
  type SalarioMinimoNuevoBody,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** SMMLV per year (docs/staff-api.md, 'Master data'; docs/decisions/132). Writes: administrators. */
export const salariosQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'salarios-minimos'],
    queryFn: async ({ signal }) =>
      salarioMinimo.array().parse(await api.get('api/admin/salarios-minimos', { signal })),
    staleTime: 0,
  });

/** 'Registrar año': a year not registered yet (a registered one is 409, docs/decisions/132). */
export async function registrarSalarioMinimo(body: SalarioMinimoNuevoBody) {
  return savedSalarioMinimo.parse(await api.post('api/admin/salarios-minimos', body));
}

/** The edit button of a row: corrects a registered year, audited. */
export async function editarSalarioMinimo(ano: number, body: SalarioMinimoBody) {
  return savedSalarioMinimo.parse(await api.put(`api/admin/salarios-minimos/${ano}`, body));
}
