import { queryOptions } from '@tanstack/react-query';
import {
  aptitudObra,
  aptitudTrabajador,
  maestraAdmin,
  type AdjuntoPayload,
  type AnexoPutResponse,
  type AptitudObra,
  type AptitudTrabajador,
  type AutorizacionTemporalBody,
  type EvidencePutResponse,
  type EvidenceRow,
  type FechasResponse,
  type ItemAptitud,
} from '@proveedores/domain';
import type { FechasPayload } from '@/components/upload';
import { api } from '@/lib/api-client';

/**
 * Calls of the fitness pages (decision 125): the contractor's workers of a contract, the staff view
 * of a project, temporary authorizations, and the slots a reason points at (to open its upload).
 */
export const aptitudKeys = {
  all: ['aptitud'] as const,
  contrato: (contratoid: number, fecha: string) => ['aptitud', 'contrato', contratoid, fecha] as const,
  obra: (proyectoid: number, fecha: string) => ['aptitud', 'obra', proyectoid, fecha] as const,
  proyectos: ['aptitud', 'proyectos'] as const,
  slot: (item: ItemAptitud, empleado: { tipodocumento: string; numerodocumento: string } | null) =>
    [
      'aptitud',
      'slot',
      item.modulo,
      item.contratoId,
      empleado?.tipodocumento,
      empleado?.numerodocumento,
    ] as const,
};

/** GET /api/contratista/trabajadores/aptitud?contratoid=&fecha= (the contractor's own contract). */
export const aptitudContratoQueryOptions = (contratoid: number, fecha: string) =>
  queryOptions({
    queryKey: aptitudKeys.contrato(contratoid, fecha),
    queryFn: async ({ signal }): Promise<AptitudTrabajador[]> => {
      const qs = new URLSearchParams({ contratoid: String(contratoid), fecha });
      return aptitudTrabajador
        .array()
        .parse(await api.get(`api/contratista/trabajadores/aptitud?${qs}`, { signal }));
    },
  });

/** GET /api/revision/aptitud?proyectoid=&fecha= (staff: every contract of the project). */
export const aptitudObraQueryOptions = (proyectoid: number, fecha: string) =>
  queryOptions({
    queryKey: aptitudKeys.obra(proyectoid, fecha),
    queryFn: async ({ signal }): Promise<AptitudObra[]> => {
      const qs = new URLSearchParams({ proyectoid: String(proyectoid), fecha });
      return aptitudObra.array().parse(await api.get(`api/revision/aptitud?${qs}`, { signal }));
    },
  });

/** The active projects (staff master data), to choose the site. */
export const proyectosQueryOptions = () =>
  queryOptions({
    queryKey: aptitudKeys.proyectos,
    queryFn: async ({ signal }) =>
      maestraAdmin
        .array()
        .parse(await api.get('api/admin/maestras/proyectos?incluirRetirados=false', { signal })),
    staleTime: 5 * 60_000,
  });

export const crearAutorizacion = (body: AutorizacionTemporalBody) =>
  api.post<unknown>('api/revision/aptitud/autorizaciones', body);

export const revocarAutorizacion = (id: number) =>
  api.post<unknown>(`api/revision/aptitud/autorizaciones/${id}/revocar`, {});

type Empleado = { tipodocumento: string; numerodocumento: string };

/**
 * The current state of the slot a reason points at: the worker's entry documents for the contract
 * (sg-personal) or the company's SG-SST documents, the same lists the evidence pages read.
 */
export async function fetchSlotRows(
  item: ItemAptitud,
  contratoid: number,
  empleado: Empleado | null,
): Promise<EvidenceRow[]> {
  if (item.modulo === 'sg-personal' && empleado) {
    const qs = new URLSearchParams({ ...empleado, contratoid: String(item.contratoId ?? contratoid) });
    return api.get<EvidenceRow[]>(`api/contratista/adjuntos/sg-personal?${qs}`);
  }
  return api.get<EvidenceRow[]>('api/contratista/adjuntos/sg-sst');
}

export type SlotApi = {
  saveFile: (adjunto: AdjuntoPayload, fechas?: FechasPayload) => Promise<EvidencePutResponse>;
  readDates: (adjunto: AdjuntoPayload) => Promise<FechasResponse>;
  saveComment: (detalle: string) => Promise<EvidencePutResponse>;
  saveAnnex: (adjunto: AdjuntoPayload, idEntrega?: number) => Promise<AnexoPutResponse>;
};

/** The PUT calls of that slot, with the keys its evidence page sends. */
export function slotApi(item: ItemAptitud, contratoid: number, empleado: Empleado | null): SlotApi {
  const cid = item.contratoId ?? contratoid;
  const base =
    item.modulo === 'sg-personal'
      ? `api/contratista/adjuntos/sg-personal/${item.requisitoId}`
      : `api/contratista/adjuntos/sg-sst/${item.requisitoId}`;
  const keys =
    item.modulo === 'sg-personal' && empleado ? { contratoid: cid, ...empleado } : { contratoid: cid };
  return {
    saveFile: (adjunto, fechas) => api.put<EvidencePutResponse>(base, { ...keys, adjunto, ...fechas }),
    readDates: (adjunto) => api.post<FechasResponse>(`${base}/fechas`, { ...keys, adjunto }),
    saveComment: (detalle) => api.put<EvidencePutResponse>(base, { ...keys, detalle }),
    saveAnnex: (adjunto, idEntrega) =>
      api.put<AnexoPutResponse>(`${base}/anexo`, { ...keys, adjunto, idEntrega }),
  };
}
