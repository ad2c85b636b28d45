import { queryOptions } from '@tanstack/react-query';
import { horasHombreRespuesta, type HorasHombreFila } from '@proveedores/domain';
import { registrosDiaRespuesta, type RegistrosDiaRespuesta } from '@proveedores/domain/porteria/staff';
import { api } from '@/lib/api-client';

/** The staff's calls of the gate's records (decision 131) on 'Personal en obra'. */

/** GET /api/revision/horas-hombre?proyectoid=&ano=&mes=: man-hours per contractor of the project. */
export const horasHombreObraQueryOptions = (proyectoid: number, ano: number, mes: number) =>
  queryOptions({
    queryKey: ['aptitud', 'horas-hombre', proyectoid, ano, mes] as const,
    queryFn: async ({ signal }): Promise<HorasHombreFila[]> =>
      horasHombreRespuesta.parse(
        await api.get(`api/revision/horas-hombre?proyectoid=${proyectoid}&ano=${ano}&mes=${mes}`, { signal }),
      ),
  });

/** GET /api/revision/porteria/registros?proyectoid=&fecha=: the project's gate records of the day (decision 131). */
export const registrosDiaQueryOptions = (proyectoid: number, fecha: string) =>
  queryOptions({
    queryKey: ['aptitud', 'registros', proyectoid, fecha] as const,
    queryFn: async ({ signal }): Promise<RegistrosDiaRespuesta> => {
      const qs = new URLSearchParams({ proyectoid: String(proyectoid), fecha });
      return registrosDiaRespuesta.parse(await api.get(`api/revision/porteria/registros?${qs}`, { signal }));
    },
  });
