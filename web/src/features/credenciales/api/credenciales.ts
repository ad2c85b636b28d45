import { queryOptions } from '@tanstack/react-query';
import { credencialesStaffLista, type CredencialesStaffLista } from '@proveedores/domain/porteria/staff';
import { api, apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** Calls of the signed credentials (carnets, decision 122): the contractor's and the staff's. */

/** GET /api/contratista/credenciales/pdf?contratoid=: the contract's carnets, saved as the server names it. */
export async function descargarCarnets(contratoid: number): Promise<void> {
  const file = await apiDownload(`api/contratista/credenciales/pdf?contratoid=${contratoid}`);
  saveBlob(file.blob, file.filename ?? `carnets-contrato-${contratoid}.pdf`);
}

/** GET /api/revision/credenciales?contratoid= (one contract) or ?proyectoid= (every contract of the project). */
export const credencialesObraQueryOptions = (proyectoid: number, contratoid: number | null) =>
  queryOptions({
    queryKey: ['aptitud', 'credenciales', proyectoid, contratoid] as const,
    queryFn: async ({ signal }): Promise<CredencialesStaffLista> => {
      const qs = contratoid === null ? `proyectoid=${proyectoid}` : `contratoid=${contratoid}`;
      return credencialesStaffLista.parse(await api.get(`api/revision/credenciales?${qs}`, { signal }));
    },
  });

/** POST /api/revision/credenciales/{id}/revocar {motivo} (staff). */
export const revocarCredencial = (id: number, motivo: string) =>
  api.post<unknown>(`api/revision/credenciales/${id}/revocar`, { motivo });

/** GET /api/revision/credenciales/pdf?contratoid=: staff print any contract's carnets. */
export async function descargarCarnetsStaff(contratoid: number): Promise<void> {
  const file = await apiDownload(`api/revision/credenciales/pdf?contratoid=${contratoid}`);
  saveBlob(file.blob, file.filename ?? `carnets-contrato-${contratoid}.pdf`);
}
