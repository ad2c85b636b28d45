import { queryOptions } from '@tanstack/react-query';
import {
  autoevaluacionRespuesta,
  firmantesEmpresa,
  type AutoevaluacionFirmaBody,
  type AutoevaluacionPutBody,
  type AutoevaluacionRespuesta,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/**
 * Calls of the contractor's self-evaluation page (docs/decisions/135). The answer is the domain's
 * autoevaluacionRespuesta, checked with it, plus what the server adds beside it (the version and its
 * state, each item's cycle, standard, name and suggested evidence): the types below mirror the
 * server's autoevaluacionRespuestaServidor (server/src/modules/autoevaluacion/calificacion.ts).
 */
export type SugerenciaEvidencia = { entregaId: number; requisito: string; nombre: string; fuente: string };
export type ItemPagina = AutoevaluacionRespuesta['items'][number] & {
  ciclo: string;
  estandar: string;
  subestandar: string;
  nombre: string;
  sugerencias: SugerenciaEvidencia[];
};
export type AutoevaluacionPagina = Omit<AutoevaluacionRespuesta, 'items'> & {
  version: number;
  estado: 'borrador' | 'firmada';
  entregaId: number | null;
  items: ItemPagina[];
  message?: string;
};

/** Checks the contract part (the schema would strip the server's extra fields, so the answer is kept). */
function checked(data: unknown): AutoevaluacionPagina {
  autoevaluacionRespuesta.parse(data);
  return data as AutoevaluacionPagina;
}

export const autoevaluacionKeys = {
  all: ['autoevaluacion'] as const,
  ano: (ano: number) => ['autoevaluacion', ano] as const,
};

const url = (ano: number) => `api/contratista/autoevaluacion/${ano}`;

/** GET /api/contratista/autoevaluacion/{ano}: the latest version of the year, or the starting values. */
export const autoevaluacionQueryOptions = (ano: number) =>
  queryOptions({
    queryKey: autoevaluacionKeys.ano(ano),
    queryFn: async ({ signal }) => checked(await api.get(url(ano), { signal })),
  });

/**
 * GET /api/contratista/empresa/firmantes: the company's registered signers and whether the caller
 * is an administrator (only administrators sign, docs/decisions/163). The settings page edits them.
 */
export const firmantesQueryOptions = () =>
  queryOptions({
    queryKey: ['empresa', 'firmantes'] as const,
    queryFn: async ({ signal }) =>
      firmantesEmpresa.parse(await api.get('api/contratista/empresa/firmantes', { signal })),
  });

export const autoevaluacionApi = {
  /** PUT: saves the draft (a new version when the latest is signed); answers it scored. */
  guardar: async (ano: number, body: AutoevaluacionPutBody) => checked(await api.put(url(ano), body)),
  /** POST .../firmar: freezes the saved version; its PDF becomes the year's E05 submission. */
  firmar: async (ano: number, body: AutoevaluacionFirmaBody) =>
    checked(await api.post(`${url(ano)}/firmar`, body)),
};
