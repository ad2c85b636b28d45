import { queryOptions } from '@tanstack/react-query';
import {
  pilaGetRespuesta,
  pilaMatriz,
  pilaPeriodo,
  pilaPutRespuesta,
  type AdjuntoPayload,
  type PilaGetRespuesta,
} from '@proveedores/domain';
import { api, ApiError } from '@/lib/api-client';

/** The contractor's PILA calls (docs/decisions/128; paths and fields are the server's contract). */
const base = 'api/contratista/pila';

export const pilaKeys = {
  all: ['pila-contratista'] as const,
  periodo: (contratoid: number, ano: number, mes: number) =>
    ['pila-contratista', contratoid, 'periodo', ano, mes] as const,
  periodos: (contratoid: number) => ['pila-contratista', contratoid, 'periodos'] as const,
  matriz: (contratoid: number) => ['pila-contratista', contratoid, 'matriz'] as const,
};

/** GET .../pila?contratoid=&ano=&mes=: the period's latest reconciliation; null when it has none (404). */
export const pilaPeriodoQueryOptions = (contratoid: number, ano: number, mes: number) =>
  queryOptions({
    queryKey: pilaKeys.periodo(contratoid, ano, mes),
    queryFn: async ({ signal }): Promise<PilaGetRespuesta | null> => {
      try {
        return pilaGetRespuesta.parse(
          await api.get(`${base}?contratoid=${contratoid}&ano=${ano}&mes=${mes}`, { signal }),
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** GET .../pila/periodos?contratoid=: the contract's reconciled periods, oldest first. */
export const pilaPeriodosQueryOptions = (contratoid: number) =>
  queryOptions({
    queryKey: pilaKeys.periodos(contratoid),
    queryFn: async ({ signal }) =>
      pilaPeriodo.array().parse(await api.get(`${base}/periodos?contratoid=${contratoid}`, { signal })),
  });

/** GET .../pila/matriz?contratoid=: months x workers of the contract. */
export const pilaMatrizQueryOptions = (contratoid: number) =>
  queryOptions({
    queryKey: pilaKeys.matriz(contratoid),
    queryFn: async ({ signal }) =>
      pilaMatriz.parse(await api.get(`${base}/matriz?contratoid=${contratoid}`, { signal })),
  });

/** PUT .../pila?contratoid=&ano=&mes= with {adjunto}: a .txt is reconciled, a .pdf kept as evidence. */
export async function subirPila(contratoid: number, ano: number, mes: number, adjunto: AdjuntoPayload) {
  return pilaPutRespuesta.parse(
    await api.put(`${base}?contratoid=${contratoid}&ano=${ano}&mes=${mes}`, { adjunto }),
  );
}
