import { queryOptions } from '@tanstack/react-query';
import { maestras, type Contrato, type Maestras, type NewContractBody } from '@proveedores/domain';
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

export { contractsQueryOptions } from '@/lib/contracts-query';

/** POST /api/contratista/contratos; the server answers {message, id}. */
export async function createContract(body: NewContractBody): Promise<{ message: string; id: number }> {
  return api.post('api/contratista/contratos', body);
}

/** 'project - contract type - activity' (the contract modal's select mode). */
export function contractLabel(c: Contrato): string {
  return [c.proyectos_descrpcion, c.tipocontrato_descrpcion, c.actividad_descrpcion].join(' - ');
}

/** What the browser keeps of a chosen contract (docs/contract.md, Entities and fields). */
export function toStoredContract(c: Contrato): StoredContract {
  return {
    id: c.id,
    proyectoId: c.proyectos_id,
    proyectoDescripcion: c.proyectos_descrpcion,
    tipoContratoDescripcion: c.tipocontrato_descrpcion,
    actividadDescripcion: c.actividad_descrpcion,
  };
}
