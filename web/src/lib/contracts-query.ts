import { queryOptions } from '@tanstack/react-query';
import { contrato, type Contrato } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/**
 * GET /api/contratista: a list whose first item has the signed-in company's contratos. Shared by the
 * contract modal and the home's current contract card ('No habilitado', docs/decisions/142).
 */
export const contractsQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'contratos'],
    queryFn: async (): Promise<Contrato[]> => {
      const rows = await api.get<Array<{ contratos?: unknown }>>('api/contratista');
      // Extra fields (fecha_inicio, regional_descrpcion) are dropped by the schema.
      return contrato.array().parse(rows[0]?.contratos ?? []);
    },
  });
