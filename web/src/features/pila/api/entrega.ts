import { queryOptions } from '@tanstack/react-query';
import { pilaGetRespuesta, type PilaGetRespuesta } from '@proveedores/domain';
import { api, ApiError } from '@/lib/api-client';

/**
 * GET /api/revision/pila/entregas/{id} (docs/staff-api.md, 'PILA'): the reconciliation an M01
 * submission carries; null when it has none (404: a pdf kept as evidence, or an older upload).
 */
export const pilaEntregaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['revision', 'pila', 'entrega', id],
    queryFn: async ({ signal }): Promise<PilaGetRespuesta | null> => {
      try {
        return pilaGetRespuesta.parse(await api.get(`api/revision/pila/entregas/${id}`, { signal }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 0,
  });
