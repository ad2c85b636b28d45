import { AUTORIZACION_MAX_DIAS, type AptitudObra, type AptitudTrabajador } from '@proveedores/domain';

/**
 * Pure helpers of the fitness pages (decision 125): a row's state as the tag shows it, the staff
 * filters and counts, and the bounds of a temporary authorization's end.
 */
export type EstadoAptitud = 'apto' | 'no_apto' | 'autorizado';

/** Apto by its documents, apto only by a temporary authorization, or not apto. */
export function estadoAptitud(row: Pick<AptitudTrabajador, 'apto' | 'autorizacion'>): EstadoAptitud {
  if (!row.apto) return 'no_apto';
  return row.autorizacion ? 'autorizado' : 'apto';
}

export type FiltroObra = 'todos' | 'aptos' | 'no_aptos' | 'dentro';

const normal = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es');

/** Rows of the staff table for the chosen contract, filter and text (name, document, contractor). */
export function filtrarObra(
  rows: AptitudObra[],
  opts: { filtro: FiltroObra; texto: string; contratoid: number | null },
): AptitudObra[] {
  const q = normal(opts.texto.trim());
  return rows.filter((r) => {
    if (opts.contratoid !== null && r.contratoid !== opts.contratoid) return false;
    if (opts.filtro === 'aptos' && !r.apto) return false;
    if (opts.filtro === 'no_aptos' && r.apto) return false;
    if (opts.filtro === 'dentro' && !r.dentro) return false;
    if (!q) return true;
    return [
      r.nombre,
      r.numerodocumento,
      `${r.tipodocumento} ${r.numerodocumento}`,
      r.razonSocial,
      r.nit,
    ].some((s) => normal(s).includes(q));
  });
}

/** The counts at the top of the staff page: apto (documents or authorization), not apto, inside now. */
export function contarObra(rows: Pick<AptitudObra, 'apto' | 'dentro'>[]) {
  let aptos = 0;
  let dentro = 0;
  for (const r of rows) {
    if (r.apto) aptos++;
    if (r.dentro) dentro++;
  }
  return { aptos, noAptos: rows.length - aptos, dentro };
}

/** ISO day plus n days (calendar arithmetic on the date only, no time zone: decision 117). */
export function sumarDias(iso: string, n: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** A temporary authorization ends between today and today + AUTORIZACION_MAX_DIAS (the server checks too). */
export function hastaValida(hasta: string | null, hoy: string): boolean {
  return !!hasta && hasta >= hoy && hasta <= sumarDias(hoy, AUTORIZACION_MAX_DIAS);
}

/** The contracts present in the project's rows, for the optional contract filter. */
export function contratosDe(rows: AptitudObra[]): { value: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const r of rows)
    if (!seen.has(r.contratoid)) seen.set(r.contratoid, `${r.razonSocial} - ${r.contrato}`);
  return [...seen]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}
