import { formatDiaHora } from '@proveedores/domain';

/** Upload dates as people read them: 'dd/mm/aaaa HH:MM' in Colombian time (decision 092). */
export function formatFechaCarga(iso: string | null): string {
  return iso ? formatDiaHora(iso) : '';
}
