import { queryOptions } from '@tanstack/react-query';
import {
  autoevaluacionesStaffPantalla,
  autoevaluacionHistorial,
  type AutoevaluacionesStaffPantalla,
  type AutoevaluacionHistorial,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** GET /api/revision/autoevaluaciones?ano=: each company's latest evaluation, those without one, overdue actions (decision 142). */
export const autoevaluacionesStaffQueryOptions = (ano: number) =>
  queryOptions({
    queryKey: ['revision', 'autoevaluaciones', ano],
    queryFn: async ({ signal }): Promise<AutoevaluacionesStaffPantalla> =>
      autoevaluacionesStaffPantalla.parse(
        await api.get(`api/revision/autoevaluaciones?ano=${ano}`, { signal }),
      ),
  });

/** GET /api/revision/autoevaluaciones/{empresaId}: one company's scores by year. */
export const autoevaluacionHistorialQueryOptions = (empresaId: number | null) =>
  queryOptions({
    queryKey: ['revision', 'autoevaluaciones', 'historial', empresaId],
    queryFn: async ({ signal }): Promise<AutoevaluacionHistorial> =>
      autoevaluacionHistorial.parse(await api.get(`api/revision/autoevaluaciones/${empresaId}`, { signal })),
    enabled: empresaId !== null,
  });
