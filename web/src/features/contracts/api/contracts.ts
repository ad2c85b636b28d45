import { queryOptions } from '@tanstack/react-query';
import { contrato, maestras, type Contrato, type Maestras, type NewContractBody } from '@proveedores/domain';
import { api } from '@/lib/api-client';
import type { StoredContract } from '@/lib/session';

/** GET /api/contratista/maestras: a list whose first item has regionales, proyectos, actividad, tipoContrato. */
export const maestrasQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'maestras'],
    queryFn: async (): Promise<Maestras> => {
      const rows = await api.get<unknown[]>('api/contratista/maestras');
      return maestras.parse(rows[0]);
    },
    staleTime: 5 * 60_000,
  });

/** GET /api/contratista: a list whose first item has the signed-in company's contratos. */
export const contractsQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'contratos'],
    queryFn: async (): Promise<Contrato[]> => {
      const rows = await api.get<Array<{ contratos?: unknown }>>('api/contratista');
      // Extra fields (fecha_inicio, regional_descrpcion) are dropped by the schema.
      return contrato.array().parse(rows[0]?.contratos ?? []);
    },
  });

/** POST /api/contratista/contratos; the server answers {message, id}. */
export async function createContract(body: NewContractBody): Promise<{ message: string; id: number }> {
  return api.post('api/contratista/contratos', body);
}

/** 'project - contract type - activity' (section 2 select mode). */
export function contractLabel(c: Contrato): string {
  return [c.proyectos_descrpcion, c.tipocontrato_descrpcion, c.actividad_descrpcion].join(' - ');
}

/** What the browser keeps of a chosen contract (section 3). */
export function toStoredContract(c: Contrato): StoredContract {
  return {
    id: c.id,
    proyectoId: c.proyectos_id,
    proyectoDescripcion: c.proyectos_descrpcion,
    tipoContratoDescripcion: c.tipocontrato_descrpcion,
    actividadDescripcion: c.actividad_descrpcion,
  };
}
