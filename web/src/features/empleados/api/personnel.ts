import { queryOptions } from '@tanstack/react-query';
import {
  cargosResponse,
  municipiosResponse,
  retiroResponse,
  trabajadorContrato,
  type AdjuntoPayload,
  type AnexoPutResponse,
  type CargaMultipleResponse,
  type EvidencePutResponse,
  type EvidenceRow,
  type EmployeeView,
  type FechasResponse,
  type RequisitosCargaMultiple,
  type RetiroBody,
  type SaveEmployeeResponse,
} from '@proveedores/domain';
import type { CoveredWorker, FechasPayload } from '@/components/upload';
import { api, ApiError } from '@/lib/api-client';

/**
 * Personnel calls (docs/contract.md, Calls): employee lookup and save, positions, municipalities, entry
 * documents.
 */
export const personnelKeys = {
  sgPersonal: (contratoid: number, tipodocumento: string, numerodocumento: string) =>
    ['evidencias', 'sg-personal', contratoid, tipodocumento, numerodocumento] as const,
  cargos: ['contratista', 'cargos'] as const,
  municipios: ['contratista', 'municipios'] as const,
};

export const sgPersonalQueryOptions = (contratoid: number, tipodocumento: string, numerodocumento: string) =>
  queryOptions({
    queryKey: personnelKeys.sgPersonal(contratoid, tipodocumento, numerodocumento),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ tipodocumento, numerodocumento, contratoid: String(contratoid) });
      return api.get<EvidenceRow[]>(`api/contratista/adjuntos/sg-personal?${qs}`, { signal });
    },
  });

/** Reference lists: the server lets browsers keep them 5 minutes (docs/decisions/043). */
export const cargosQueryOptions = () =>
  queryOptions({
    queryKey: personnelKeys.cargos,
    queryFn: async ({ signal }) => cargosResponse.parse(await api.get('api/contratista/cargos', { signal })),
    staleTime: 5 * 60_000,
  });

export const municipiosQueryOptions = () =>
  queryOptions({
    queryKey: personnelKeys.municipios,
    queryFn: async ({ signal }) =>
      municipiosResponse.parse(await api.get('api/contratista/municipios', { signal })),
    staleTime: 5 * 60_000,
  });

const employeePath = (tipodocumento: string, numerodocumento: string) =>
  `api/contratista/empleados/${encodeURIComponent(tipodocumento)}/${encodeURIComponent(numerodocumento)}`;

/** GET /api/contratista/empleados/{tipodocumento}/{numerodocumento}; null when the company has none. */
export async function lookupEmployee(
  tipodocumento: string,
  numerodocumento: string,
): Promise<EmployeeView | null> {
  try {
    return await api.get<EmployeeView>(employeePath(tipodocumento, numerodocumento));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** POST /api/contratista/empleados (with contratoid: also links the worker to the contract). */
export const saveEmployee = (body: Record<string, unknown>) =>
  api.post<SaveEmployeeResponse>('api/contratista/empleados', body);

/** Links an existing employee to the chosen contract (idempotent). */
export const linkEmployee = (tipodocumento: string, numerodocumento: string, contratoid: number) =>
  api.post<{ message: string }>(`${employeePath(tipodocumento, numerodocumento)}/contratos`, { contratoid });

type Keys = { contratoid: number; tipodocumento: string; numerodocumento: string };

const sgPersonal = 'api/contratista/adjuntos/sg-personal';

/**
 * PUT .../sg-personal/{id}: {contratoid, tipodocumento, numerodocumento, detalle, adjunto?} with the
 * confirmed document dates (decision 109); /fechas reads a file's dates without saving (decision
 * 108: the entry documents include the medical concepts, 'Próximo examen'); /anexo: {adjunto} and
 * the submission it belongs to (docs/decisions/095).
 */
export const sgPersonalApi = {
  saveFile: (id: number, keys: Keys, adjunto: AdjuntoPayload, fechas?: FechasPayload) =>
    api.put<EvidencePutResponse>(`${sgPersonal}/${id}`, { ...keys, adjunto, ...fechas }),
  readDates: (id: number, keys: Keys, adjunto: AdjuntoPayload) =>
    api.post<FechasResponse>(`${sgPersonal}/${id}/fechas`, { ...keys, adjunto }),
  saveComment: (id: number, keys: Keys, detalle: string) =>
    api.put<EvidencePutResponse>(`${sgPersonal}/${id}`, { ...keys, detalle }),
  saveAnnex: (id: number, keys: Keys, adjunto: AdjuntoPayload, idEntrega?: number) =>
    api.put<AnexoPutResponse>(`${sgPersonal}/${id}/anexo`, { ...keys, adjunto, idEntrega }),
  /** PUT .../{id}/multiple: one file for the row's worker and the others it covers (decision 139). */
  saveForWorkers: (
    id: number,
    keys: Keys,
    adjunto: AdjuntoPayload,
    fechas: FechasPayload | undefined,
    trabajadores: CoveredWorker[],
  ) =>
    api.put<CargaMultipleResponse>(`${sgPersonal}/${id}/multiple`, {
      ...keys,
      adjunto,
      ...fechas,
      trabajadores: trabajadores.map((w) => ({
        tipodocumento: w.tipodocumento,
        numerodocumento: w.numerodocumento,
      })),
    }),
};

/** The worker requirements one upload may cover for several workers (docs/decisions/139). */
export const cargaMultipleQueryOptions = () =>
  queryOptions({
    queryKey: ['evidencias', 'sg-personal', 'carga-multiple'] as const,
    queryFn: ({ signal }) => api.get<RequisitosCargaMultiple>(`${sgPersonal}/carga-multiple`, { signal }),
    staleTime: 5 * 60_000,
  });

/** The contract's workers, active first, then those withdrawn with their exit date (decision 132). */
export const contractWorkersQueryOptions = (contratoid: number) =>
  queryOptions({
    queryKey: ['contratista', 'vinculados', contratoid] as const,
    queryFn: async ({ signal }) =>
      trabajadorContrato
        .array()
        .parse(await api.get(`api/contratista/empleados/vinculados?contratoid=${contratoid}`, { signal })),
  });

/** POST /api/contratista/empleados/retiro: withdraws the worker from the contract on `fecha`. */
export const withdrawWorker = async (body: RetiroBody) =>
  retiroResponse.parse(await api.post('api/contratista/empleados/retiro', body));
