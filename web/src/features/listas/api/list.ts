import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listResponse, MSG, type TableDescription } from '@proveedores/domain';
import { api } from '@/lib/api-client';

const listPath = (idtabla: string, search: string) =>
  `api/contratista/Listadinamico/${encodeURIComponent(idtabla)}${search}`;

async function fetchList(idtabla: string, search: string, signal?: AbortSignal): Promise<TableDescription> {
  const [first] = listResponse.parse(await api.get(listPath(idtabla, search), { signal }));
  if (!first) throw new Error(MSG.listLoadError);
  return first;
}

/**
 * GET /api/contratista/Listadinamico/{idtabla}{querystring}: the query string of the address is passed
 * on as it is (paging, sorting, search and filters live in the address too). The previous page stays
 * on screen while the next one loads.
 */
export const listQueryOptions = (idtabla: string, search: string) =>
  queryOptions({
    queryKey: ['list', idtabla, search],
    queryFn: ({ signal }) => fetchList(idtabla, search, signal),
    placeholderData: keepPreviousData,
  });

/** Most rows an export gathers (page by page, 50 at a time). */
export const LIST_EXPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE_SIZE = 50;

/**
 * Every row matching the current search, filters and sort (all pages, up to LIST_EXPORT_MAX_ROWS):
 * what the user sees is one page, what they export is the whole list.
 */
export async function fetchAllRows(
  idtabla: string,
  search: URLSearchParams,
): Promise<{ rows: Record<string, string>[]; total: number; truncated: boolean }> {
  const rows: Record<string, string>[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const p = new URLSearchParams(search);
    p.set('page', String(page));
    p.set('size', String(EXPORT_PAGE_SIZE));
    const desc = await fetchList(idtabla, `?${p.toString()}`);
    total = desc.total;
    rows.push(...desc.datos);
    if (desc.datos.length < EXPORT_PAGE_SIZE || rows.length >= Math.min(total, LIST_EXPORT_MAX_ROWS)) break;
  }
  return { rows: rows.slice(0, LIST_EXPORT_MAX_ROWS), total, truncated: total > LIST_EXPORT_MAX_ROWS };
}
