import {
  importarResponse,
  previsualizacionResponse,
  type AdjuntoPayload,
  type ImportarResponse,
  type PrevisualizacionResponse,
} from '@proveedores/domain';
import { api, apiDownload, type DownloadedFile } from '@/lib/api-client';

/** Roster import calls (docs/decisions/137). */
const BASE = 'api/contratista/empleados/importacion';

export const importacionApi = {
  plantilla: (): Promise<DownloadedFile> => apiDownload(`${BASE}/plantilla`),
  previsualizar: async (contratoid: number, adjunto: AdjuntoPayload): Promise<PrevisualizacionResponse> =>
    previsualizacionResponse.parse(await api.post(`${BASE}/previsualizar`, { contratoid, adjunto })),
  importar: async (contratoid: number, adjunto: AdjuntoPayload): Promise<ImportarResponse> =>
    importarResponse.parse(await api.post(`${BASE}/importar`, { contratoid, adjunto, confirmar: true })),
};
