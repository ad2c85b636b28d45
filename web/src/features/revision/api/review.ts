import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  decisionResponse,
  empresaAdmin,
  empresasPage,
  entregaDetalle,
  maestraAdmin,
  requisitoAdmin,
  reviewPendingCount,
  reviewQueue,
  type ApproveBody,
  type DecisionResponse,
  type EmpresaAdmin,
  type EntregaDetalle,
  type MaestraAdmin,
  type ModuloCodigo,
  type RequisitoAdmin,
  type ReviewPendingCount,
  type ReviewQueue,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** Filters of the review queue, as they sit in the page address (all strings, all optional). */
export type QueueFilters = {
  modulo?: ModuloCodigo;
  empresaId?: string;
  proyectoId?: string;
  requisitoId?: string;
  desde?: string;
  hasta?: string;
  page?: string;
  pageSize?: string;
};

export const QUEUE_FILTER_KEYS = [
  'modulo',
  'empresaId',
  'proyectoId',
  'requisitoId',
  'desde',
  'hasta',
  'page',
  'pageSize',
] as const;

function queryString(filters: QueueFilters): string {
  const p = new URLSearchParams();
  for (const k of QUEUE_FILTER_KEYS) {
    const v = filters[k];
    if (v) p.set(k, v);
  }
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}

/** GET /api/revision/pendientes: current submissions pending approval, oldest first, one page. */
export const queueQueryOptions = (filters: QueueFilters) =>
  queryOptions({
    queryKey: ['revision', 'pendientes', queryString(filters)],
    queryFn: async ({ signal }): Promise<ReviewQueue> =>
      reviewQueue.parse(await api.get(`api/revision/pendientes${queryString(filters)}`, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/revision/entregas/{id}: one submission with its requirement, previous approval and history. */
export const entregaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['revision', 'entrega', id],
    queryFn: async ({ signal }): Promise<EntregaDetalle> =>
      entregaDetalle.parse(await api.get(`api/revision/entregas/${id}`, { signal })),
    staleTime: 0,
  });

/**
 * POST /api/revision/entregas/{id}/aprobar with the document dates the reviewer confirmed (decision
 * 113) or, for a requirement without a validity rule, an optional validity end.
 */
export async function approveEntrega(id: number, body: ApproveBody): Promise<DecisionResponse> {
  return decisionResponse.parse(await api.post(`api/revision/entregas/${id}/aprobar`, body));
}

/**
 * POST /api/revision/entregas/{id}/rechazar with a standard reason and/or free text; `mismaCarga`:
 * the other pending submissions of the same upload, rejected with it (docs/decisions/139).
 */
export async function rejectEntrega(
  id: number,
  reason: { motivo?: string; observacion?: string },
  mismaCarga?: number[],
): Promise<DecisionResponse> {
  const body: { motivo?: string; observacion?: string; mismaCarga?: number[] } = {};
  if (mismaCarga?.length) body.mismaCarga = mismaCarga;
  if (reason.motivo?.trim()) body.motivo = reason.motivo.trim();
  if (reason.observacion?.trim()) body.observacion = reason.observacion.trim();
  return decisionResponse.parse(await api.post(`api/revision/entregas/${id}/rechazar`, body));
}

// ---- Filter choices (read endpoints any staff role may call) ----

/** Requirements of the catalogue (retired ones too: old submissions may still be pending). */
export const requisitosQueryOptions = () =>
  queryOptions({
    queryKey: ['revision', 'filtros', 'requisitos'],
    queryFn: async (): Promise<RequisitoAdmin[]> =>
      requisitoAdmin.array().parse(await api.get('api/admin/requisitos?incluirRetirados=true')),
    staleTime: 5 * 60_000,
  });

export const proyectosQueryOptions = () =>
  queryOptions({
    queryKey: ['revision', 'filtros', 'proyectos'],
    queryFn: async (): Promise<MaestraAdmin[]> =>
      maestraAdmin.array().parse(await api.get('api/admin/maestras/proyectos?incluirRetirados=true')),
    staleTime: 5 * 60_000,
  });

/** Companies whose NIT or name contains the text (the company filter's suggestions). */
export async function searchEmpresas(text: string): Promise<EmpresaAdmin[]> {
  const qs = new URLSearchParams({ buscar: text, pageSize: '15' });
  return empresasPage.parse(await api.get(`api/admin/empresas?${qs.toString()}`)).items;
}

export const empresaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['revision', 'filtros', 'empresa', id],
    queryFn: async (): Promise<EmpresaAdmin> => empresaAdmin.parse(await api.get(`api/admin/empresas/${id}`)),
    staleTime: 5 * 60_000,
  });

/** GET /api/revision/pendientes/conteo: how many uploads await a decision (staff home only). */
export const pendingReviewQueryOptions = () =>
  queryOptions({
    queryKey: ['revision', 'pendientes', 'conteo'],
    queryFn: async (): Promise<ReviewPendingCount> =>
      reviewPendingCount.parse(await api.get('api/revision/pendientes/conteo')),
    staleTime: 0,
  });
