import { labelEstado, type CodEstado } from '@proveedores/domain';

const KNOWN = new Set<number>([-2, -1, 0, 1, 9]);

/** The status label of a history node (codes -2, -1, 0, 1, 9 of section 4), coloured by code. */
export function StatusLabel({ code }: { code: number }) {
  if (!KNOWN.has(code)) return null;
  const cls = code < 0 ? `m${-code}` : String(code);
  return <span className={`estado-chip estado-${cls}`}>{labelEstado(code as CodEstado)}</span>;
}
