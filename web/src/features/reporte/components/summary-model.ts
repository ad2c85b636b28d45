import {
  conteosInicio,
  FILTRO_REPORTE,
  MSG,
  type FiltroReporte,
  type ModuloCodigo,
  type ReporteEmpresa,
} from '@proveedores/domain';

/** One count the user can drill into: a module of a company under a filter code. */
export type DrillItem = {
  modulo: ModuloCodigo;
  nombre: string;
  etiqueta: string;
  filtro: FiltroReporte;
  cantidad: number;
};

/** What the detail modal shows: one count, or several (a company, or a summary card). */
export type DetailTarget = { titulo: string; nit?: string; items: DrillItem[] };

/** The non-zero counts of a company, module by module (counts are shown only when non-zero). */
export function companyItems(
  e: ReporteEmpresa,
): Array<{ modulo: ModuloCodigo; nombre: string; counts: DrillItem[] }> {
  return e.modulos
    .map((m) => ({
      modulo: m.modulo,
      nombre: m.nombre,
      counts: conteosInicio(m)
        .filter((c) => c.cantidad > 0)
        .map((c) => ({ modulo: m.modulo, nombre: m.nombre, ...c })),
    }))
    .filter((m) => m.counts.length > 0);
}

export type Totals = Record<FiltroReporte, number>;

/** Totals over every company of the summary (the side panel shows only when they are not all zero). */
export function totals(report: ReporteEmpresa[]): Totals {
  const t: Totals = {
    [FILTRO_REPORTE.PENDIENTE]: 0,
    [FILTRO_REPORTE.VENCIDO]: 0,
    [FILTRO_REPORTE.RECHAZADO]: 0,
  };
  for (const e of report)
    for (const m of e.modulos) for (const c of conteosInicio(m)) t[c.filtro] += c.cantidad;
  return t;
}

export const isAllZero = (t: Totals) => Object.values(t).every((n) => n === 0);

/** The summary cards, in the order pending, expired, rejected. */
export const CARDS: Array<{ filtro: FiltroReporte; titulo: string; icono: string; tono: string }> = [
  { filtro: FILTRO_REPORTE.PENDIENTE, titulo: MSG.homePendingCard, icono: 'pi pi-upload', tono: 'pending' },
  { filtro: FILTRO_REPORTE.VENCIDO, titulo: MSG.homeExpiredCard, icono: 'pi pi-clock', tono: 'expired' },
  {
    filtro: FILTRO_REPORTE.RECHAZADO,
    titulo: MSG.homeRejectedCard,
    icono: 'pi pi-times-circle',
    tono: 'rejected',
  },
];

/** Every non-zero count of one filter across the company's modules (a summary card's detail). */
export function itemsOfFilter(e: ReporteEmpresa, filtro: FiltroReporte): DrillItem[] {
  return companyItems(e).flatMap((m) => m.counts.filter((c) => c.filtro === filtro));
}
