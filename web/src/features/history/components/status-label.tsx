import { ESTADO, labelEstado, MSG, type CodEstado } from '@proveedores/domain';

const KNOWN = new Set<number>(Object.values(ESTADO));

/**
 * The status label of a history node (codes of section 4, plus 2 'Reemplazado' for a submission a
 * newer one replaced while it awaited review: history, not pending work; docs/decisions/093).
 */
export function StatusLabel({ code }: { code: number }) {
  if (!KNOWN.has(code)) return null;
  const cls = code < 0 ? `m${-code}` : String(code);
  const replaced = code === ESTADO.REEMPLAZADO;
  return (
    <span
      className={`estado-chip estado-${cls}`}
      title={replaced ? MSG.estadoReemplazadoHint : undefined}
      data-testid="history-estado"
    >
      {labelEstado(code as CodEstado)}
    </span>
  );
}
