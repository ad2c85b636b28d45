import { queryOptions } from '@tanstack/react-query';
import { pilaMatriz, pilaPeriodo, type PilaMatriz, type PilaPeriodo } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** GET /api/revision/pila/periodos?contratoid= (docs/staff-api.md, 'PILA'): the reconciled periods. */
export const pilaPeriodosQueryOptions = (contratoId: number) =>
  queryOptions({
    queryKey: ['admin', 'pila', 'periodos', contratoId],
    queryFn: async ({ signal }): Promise<PilaPeriodo[]> =>
      pilaPeriodo
        .array()
        .parse(await api.get(`api/revision/pila/periodos?contratoid=${contratoId}`, { signal })),
    staleTime: 0,
  });

/** GET /api/revision/pila/matriz?contratoid=: months x workers of the contract. */
export const pilaMatrizQueryOptions = (contratoId: number) =>
  queryOptions({
    queryKey: ['admin', 'pila', 'matriz', contratoId],
    queryFn: async ({ signal }): Promise<PilaMatriz> =>
      pilaMatriz.parse(await api.get(`api/revision/pila/matriz?contratoid=${contratoId}`, { signal })),
    staleTime: 0,
  });
