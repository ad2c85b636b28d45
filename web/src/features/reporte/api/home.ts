import { queryOptions } from '@tanstack/react-query';
import {
  reporte,
  reporteDetalleRow,
  type FiltroReporte,
  type ModuloCodigo,
  type ReporteDetalleRow,
  type ReporteEmpresa,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';

/**
 * GET /api/contratista/reporte: per company (nit) the counts of each module. Always refetched when
 * the home mounts (staleTime 0): the user comes back here after uploading.
 */
export const reporteQueryOptions = () =>
  queryOptions({
    queryKey: ['contratista', 'reporte'],
    queryFn: async (): Promise<ReporteEmpresa[]> => reporte.parse(await api.get('api/contratista/reporte')),
    staleTime: 0,
  });

/**
 * GET /api/contratista/reporte/{modulo}/{filtro}: the rows behind one count (filter -9 pending,
 * -5 expired or about to, -1 rejected). Contractors never name the company (the token's is used);
 * staff name it with ?nit=.
 */
export const reporteDetalleQueryOptions = (p: {
  modulo: ModuloCodigo;
  filtro: FiltroReporte;
  nit?: string;
}) =>
  queryOptions({
    queryKey: ['contratista', 'reporte', p.modulo, p.filtro, p.nit ?? ''],
    queryFn: async (): Promise<ReporteDetalleRow[]> => {
      const qs = p.nit ? `?nit=${encodeURIComponent(p.nit)}` : '';
      return reporteDetalleRow
        .array()
        .parse(await api.get(`api/contratista/reporte/${p.modulo}/${p.filtro}${qs}`));
    },
    staleTime: 0,
  });
