import { queryOptions } from '@tanstack/react-query';
import { SOCIODEMOGRAFICO_EXCEL_FILENAME, type SociodemograficoRow } from '@proveedores/domain';
import { api, apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

const REPORT_PATH = 'api/contratista/empleados/reportesociodemografico';

/**
 * GET /api/contratista/empleados/reportesociodemografico: the company's workers (the contract's
 * socio-demographic rows). Personal data: never kept fresh in the cache longer than the page.
 */
export const socioReportQueryOptions = () =>
  queryOptions({
    queryKey: ['empleados', 'reportesociodemografico'],
    queryFn: ({ signal }) => api.get<SociodemograficoRow[]>(REPORT_PATH, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * 'Descargar EXCEL': the workbook is generated (and audited) by the server
 * (docs/decisions/045); the page fetches it with the session token and saves it as 'Descarga.xlsx'.
 */
export async function downloadSocioReportExcel(): Promise<void> {
  const { blob } = await apiDownload(`${REPORT_PATH}/excel`);
  saveBlob(blob, SOCIODEMOGRAFICO_EXCEL_FILENAME);
}
