import { MSG, type ConteoCumplimiento } from '@proveedores/domain';

/** Percentage of applicable mandatory items approved and valid, as a bar with its number. */
export function ComplianceMeter({ conteo, label }: { conteo: ConteoCumplimiento; label: string }) {
  const pct = conteo.porcentaje;
  if (pct === null)
    return (
      <span className="hint" data-testid="compliance-pct">
        {MSG.complianceNoApplicable}
      </span>
    );
  const level = pct >= 90 ? 'high' : pct >= 60 ? 'mid' : 'low';
  return (
    <span className="compliance-meter" data-testid="compliance-pct">
      <span
        className="compliance-track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={`${MSG.colPorcentaje} ${label}`}
      >
        <span className={`compliance-fill ${level}`} style={{ width: `${Math.min(100, pct)}%` }} />
      </span>
      <span className="compliance-value">{pct.toLocaleString('es-CO', { maximumFractionDigits: 1 })}%</span>
    </span>
  );
}

/** The five counts behind a percentage and the codEstado each one drills into. */
export const COUNT_COLUMNS = [
  { key: 'aprobados', header: MSG.colAprobados, codEstado: '1' },
  { key: 'pendientesRevision', header: MSG.colPorRevisar, codEstado: '0' },
  { key: 'rechazados', header: MSG.colRechazados, codEstado: '-1' },
  { key: 'vencidos', header: MSG.colVencidos, codEstado: '9' },
  { key: 'sinCargar', header: MSG.colSinCargar, codEstado: '-2' },
] as const satisfies ReadonlyArray<{ key: keyof ConteoCumplimiento; header: string; codEstado: string }>;
