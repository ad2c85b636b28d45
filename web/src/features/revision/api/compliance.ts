import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  cumplimientoDetalleEmpresa,
  cumplimientoEmpresa,
  cumplimientoItem,
  type CumplimientoDetalleEmpresa,
  type CumplimientoEmpresa,
  type CumplimientoItem,
  type ModuloCodigo,
} from '@proveedores/domain';
import { apiDownload, api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

/** Compliance per company (docs/staff-api.md, 'Review': /api/revision/cumplimiento...). */
export const complianceQueryOptions = (f: { modulo?: ModuloCodigo; buscar?: string }) => {
  const p = new URLSearchParams();
  if (f.modulo) p.set('modulo', f.modulo);
  if (f.buscar) p.set('buscar', f.buscar);
  const qs = p.toString() ? `?${p.toString()}` : '';
  return queryOptions({
    queryKey: ['admin', 'cumplimiento', qs],
    queryFn: async ({ signal }): Promise<CumplimientoEmpresa[]> =>
      cumplimientoEmpresa.array().parse(await api.get(`api/revision/cumplimiento${qs}`, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

export const companyComplianceQueryOptions = (empresaId: number) =>
  queryOptions({
    queryKey: ['admin', 'cumplimiento', 'empresa', empresaId],
    queryFn: async ({ signal }): Promise<CumplimientoDetalleEmpresa> =>
      cumplimientoDetalleEmpresa.parse(await api.get(`api/revision/cumplimiento/${empresaId}`, { signal })),
    staleTime: 0,
  });

export type ItemsFilter = {
  modulo?: ModuloCodigo;
  /** A contract id, or 'empresa' for the company-level SG-SST items. */
  contrato?: string;
  codEstado?: string;
  opcionales?: boolean;
};

export const complianceItemsQueryOptions = (empresaId: number, f: ItemsFilter) => {
  const p = new URLSearchParams();
  if (f.modulo) p.set('modulo', f.modulo);
  if (f.contrato) p.set('contrato', f.contrato);
  if (f.codEstado) p.set('codEstado', f.codEstado);
  if (f.opcionales) p.set('opcionales', 'true');
  const qs = p.toString() ? `?${p.toString()}` : '';
  return queryOptions({
    queryKey: ['admin', 'cumplimiento', 'items', empresaId, qs],
    queryFn: async ({ signal }): Promise<CumplimientoItem[]> =>
      cumplimientoItem
        .array()
        .parse(await api.get(`api/revision/cumplimiento/${empresaId}/items${qs}`, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

/** 'Descargar EXCEL': the server builds the workbook; fetched with the bearer token as a blob. */
export async function downloadComplianceExcel(empresaId?: number): Promise<void> {
  const qs = empresaId ? `?empresaId=${empresaId}` : '';
  const file = await apiDownload(`api/revision/cumplimiento/excel${qs}`);
  saveBlob(file.blob, file.filename ?? 'cumplimiento.xlsx');
}
