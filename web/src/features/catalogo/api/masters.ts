import { queryOptions } from '@tanstack/react-query';
import { maestraAdmin, savedMaestra, type MaestraAdmin, type TablaMaestra } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** Master data tables (docs/staff-api.md, 'Master data'). Writes are for administrators only. */
export const maestraQueryOptions = (tabla: TablaMaestra, incluirRetirados: boolean) =>
  queryOptions({
    queryKey: ['admin', 'maestras', tabla, incluirRetirados],
    queryFn: async ({ signal }): Promise<MaestraAdmin[]> =>
      maestraAdmin.array().parse(
        await api.get(`api/admin/maestras/${tabla}?incluirRetirados=${String(incluirRetirados)}`, {
          signal,
        }),
      ),
    staleTime: 0,
  });

/** Body of one master row; table-specific fields only where the table has them. */
export type MaestraInput = {
  descripcion: string;
  regionalId?: number | null;
  ciudad?: string | null;
  alturas?: boolean;
  espaciosConfinados?: boolean;
  flota?: boolean;
  /** Activities: ARL risk class 1-5 (docs/decisions/132). */
  claseRiesgo?: number;
  /** Contract types: the minimum 0312 score, null = off (docs/decisions/142). */
  puntajeMinimo0312?: number | null;
};

export async function saveMaestra(tabla: TablaMaestra, id: number | null, body: MaestraInput) {
  const path = `api/admin/maestras/${tabla}`;
  return savedMaestra.parse(id === null ? await api.post(path, body) : await api.put(`${path}/${id}`, body));
}

export async function setMaestraActivo(tabla: TablaMaestra, id: number, activo: boolean) {
  return savedMaestra.parse(
    await api.post(`api/admin/maestras/${tabla}/${id}/${activo ? 'activar' : 'retirar'}`),
  );
}
