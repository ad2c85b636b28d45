import { queryOptions } from '@tanstack/react-query';
import { historyTree, type HistoryNode, type HistoryType } from '@proveedores/domain';
import { api } from '@/lib/api-client';

export type HistoryParams = {
  model: HistoryType;
  /** Worker's identification (sg-personal). */
  ident?: string;
  /** Contract id; never sent for sg-sst and g-riesgo (docs/contract.md, Calls). */
  contrato?: number;
};

/** Query string of GET /api/contratista/bliotecadocumentos/{type}: contrato omitted for sg-sst and g-riesgo. */
export function historyQueryString(p: HistoryParams): string {
  const q = new URLSearchParams();
  if (p.contrato && p.model !== 'sg-sst' && p.model !== 'g-riesgo') q.set('contrato', String(p.contrato));
  if (p.ident) q.set('numdocumento', p.ident);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const historyTreeQueryOptions = (p: HistoryParams) =>
  queryOptions({
    queryKey: ['history', p.model, p.ident ?? '', p.contrato ?? 0],
    queryFn: async ({ signal }): Promise<HistoryNode[]> =>
      historyTree.parse(
        await api.get(`api/contratista/bliotecadocumentos/${p.model}${historyQueryString(p)}`, { signal }),
      ),
  });
