import { queryOptions } from '@tanstack/react-query';
import { firmantesEmpresa, firmantesEmpresaMessage, type FirmantesEmpresaBody } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/**
 * The company's signers of the 0312 self-evaluation (docs/decisions/163): GET and PUT
 * /api/contratista/empresa/firmantes. The self-evaluation page reads the same key.
 */
export const firmantesKey = ['empresa', 'firmantes'] as const;

export const firmantesEmpresaQueryOptions = () =>
  queryOptions({
    queryKey: firmantesKey,
    queryFn: async ({ signal }) =>
      firmantesEmpresa.parse(await api.get('api/contratista/empresa/firmantes', { signal })),
  });

export async function guardarFirmantes(body: FirmantesEmpresaBody) {
  return firmantesEmpresaMessage.parse(await api.put('api/contratista/empresa/firmantes', body));
}
