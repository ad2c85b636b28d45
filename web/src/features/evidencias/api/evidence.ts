import { queryOptions } from '@tanstack/react-query';
import type {
  AdjuntoPayload,
  AnexoPutResponse,
  EvidencePutResponse,
  EvidenceRow,
  FechasResponse,
  RiskRow,
} from '@proveedores/domain';
import type { FechasPayload } from '@/components/upload';
import { api } from '@/lib/api-client';

/** Evidence lists (docs/contract.md, Calls: SG-SST, risk management, returned withholdings). */
const base = 'api/contratista/adjuntos';

export const evidenceKeys = {
  all: ['evidencias'] as const,
  sgSst: () => ['evidencias', 'sg-sst'] as const,
  gRiesgo: (contratoid: number) => ['evidencias', 'g-riesgo', contratoid] as const,
  gRetenido: (contratoid: number) => ['evidencias', 'g-retenido', contratoid] as const,
};

export const sgSstQueryOptions = () =>
  queryOptions({
    queryKey: evidenceKeys.sgSst(),
    queryFn: ({ signal }) => api.get<EvidenceRow[]>(`${base}/sg-sst`, { signal }),
  });

export const gRiesgoQueryOptions = (contratoid: number) =>
  queryOptions({
    queryKey: evidenceKeys.gRiesgo(contratoid),
    queryFn: ({ signal }) => api.get<RiskRow[]>(`${base}/g-riesgo?contratoid=${contratoid}`, { signal }),
  });

export const gRetenidoQueryOptions = (contratoid: number) =>
  queryOptions({
    queryKey: evidenceKeys.gRetenido(contratoid),
    queryFn: ({ signal }) =>
      api.get<EvidenceRow[]>(`${base}/g-retenido?contratoid=${contratoid}`, { signal }),
  });

/**
 * PUT .../sg-sst/{id}: {detalle} or {adjunto}, plus the chosen contratoid (a project must be chosen
 * first; docs/decisions/094), with the document dates confirmed in the form (decision 109); /fechas
 * reads a file's dates without saving (decision 108); /anexo: {adjunto} and the submission it belongs to (docs/decisions/095).
 */
export const sgSstApi = {
  saveFile: (id: number, contratoid: number | undefined, adjunto: AdjuntoPayload, fechas?: FechasPayload) =>
    api.put<EvidencePutResponse>(`${base}/sg-sst/${id}`, { contratoid, adjunto, ...fechas }),
  readDates: (id: number, contratoid: number | undefined, adjunto: AdjuntoPayload) =>
    api.post<FechasResponse>(`${base}/sg-sst/${id}/fechas`, { contratoid, adjunto }),
  saveComment: (id: number, contratoid: number | undefined, detalle: string) =>
    api.put<EvidencePutResponse>(`${base}/sg-sst/${id}`, { contratoid, detalle }),
  saveAnnex: (id: number, contratoid: number | undefined, adjunto: AdjuntoPayload, idEntrega?: number) =>
    api.put<AnexoPutResponse>(`${base}/sg-sst/${id}/anexo`, { contratoid, adjunto, idEntrega }),
};

type RiskKeys = { contratoid: number; ano: number; mes: number };

/** PUT .../g-riesgo/{id} and /anexo: {contratoid, ano, mes, detalle, adjunto?} (annex without comment). */
export const gRiesgoApi = {
  saveFile: (id: number, keys: RiskKeys, adjunto: AdjuntoPayload, fechas?: FechasPayload) =>
    api.put<EvidencePutResponse>(`${base}/g-riesgo/${id}`, { ...keys, adjunto, ...fechas }),
  readDates: (id: number, keys: RiskKeys, adjunto: AdjuntoPayload) =>
    api.post<FechasResponse>(`${base}/g-riesgo/${id}/fechas`, { ...keys, adjunto }),
  saveComment: (id: number, keys: RiskKeys, detalle: string) =>
    api.put<EvidencePutResponse>(`${base}/g-riesgo/${id}`, { ...keys, detalle }),
  saveAnnex: (id: number, keys: RiskKeys, adjunto: AdjuntoPayload, idEntrega?: number) =>
    api.put<AnexoPutResponse>(`${base}/g-riesgo/${id}/anexo`, { ...keys, adjunto, idEntrega }),
};

/** PUT .../g-retenido/{id} and /anexo: {contratoid, detalle, adjunto?}. */
export const gRetenidoApi = {
  saveFile: (id: number, contratoid: number, adjunto: AdjuntoPayload, fechas?: FechasPayload) =>
    api.put<EvidencePutResponse>(`${base}/g-retenido/${id}`, { contratoid, adjunto, ...fechas }),
  readDates: (id: number, contratoid: number, adjunto: AdjuntoPayload) =>
    api.post<FechasResponse>(`${base}/g-retenido/${id}/fechas`, { contratoid, adjunto }),
  saveComment: (id: number, contratoid: number, detalle: string) =>
    api.put<EvidencePutResponse>(`${base}/g-retenido/${id}`, { contratoid, detalle }),
  saveAnnex: (id: number, contratoid: number, adjunto: AdjuntoPayload, idEntrega?: number) =>
    api.put<AnexoPutResponse>(`${base}/g-retenido/${id}/anexo`, { contratoid, adjunto, idEntrega }),
};
