import {
  finDeRevision,
  formatDia,
  MSG,
  NOMBRE_FECHA,
  type CampoFecha,
  type EntregaDetalle,
  type FechasLeidas,
} from '@proveedores/domain';
import { DayInput } from '@/components/day-input';

/** The end the rule gives with the dates on screen (null: does not expire or a date is missing). */
export function finEnPantalla(e: EntregaDetalle, valores: FechasLeidas): string | null {
  const regla = e.fechas.regla;
  return regla && finDeRevision(regla.definicion, valores, e.fechas.periodo, e.empresa.nit);
}

/**
 * The document dates side by side (decision 113): for each date the rule asks for, what the reader
 * found in the file and what the company gave, and the date the reviewer confirms (pre-filled with
 * the one stored, dd/mm/aaaa); below, the validity end the rule gives with the confirmed dates.
 */
export function ConfirmDates({
  entrega: e,
  valores,
  onChange,
  invalid,
  textosInvalidos,
  onInvalidText,
}: {
  entrega: EntregaDetalle;
  valores: FechasLeidas;
  onChange: (v: FechasLeidas) => void;
  invalid: CampoFecha[];
  /** Text typed in a date field that is no date (31/02/2026), kept as typed (the field names it). */
  textosInvalidos: Partial<Record<CampoFecha, string>>;
  onInvalidText: (campo: CampoFecha, text: string | null) => void;
}) {
  const { regla, pide, leidas, declaradas } = e.fechas;
  if (!regla) return null;
  const fin = finEnPantalla(e, valores);
  const sinVencimiento = regla.tipo === 'sin_vencimiento';
  return (
    <fieldset className="review-dates" data-testid="review-dates">
      <legend>{MSG.reviewDatesTitle}</legend>
      <p className="review-dates-rule" data-testid="review-dates-rule">
        <strong>{MSG.reviewDatesRule(regla.nombre)}</strong>
        <span className="hint">
          {MSG.reviewLegalBasis}: {regla.baseLegal}
        </span>
      </p>
      {pide.length === 0 ? (
        <p className="hint">{MSG.reviewDatesNoDates}</p>
      ) : (
        <p className="hint">{MSG.reviewDatesHelp}</p>
      )}
      {pide.map((c) => {
        const leida = leidas?.[c] ?? null;
        const dada = declaradas?.[c] ?? null;
        const difieren = !!leida && !!dada && leida !== dada;
        const id = `review-date-${c}`;
        return (
          <div className="review-date" key={c} data-testid={id}>
            <label htmlFor={id + '-input'} className="review-date-label">
              {NOMBRE_FECHA[c]}
            </label>
            <dl className="review-date-sources">
              <div>
                <dt>{MSG.reviewDateRead}</dt>
                <dd data-testid={`${id}-leida`}>{leida ? formatDia(leida) : MSG.reviewDateNone}</dd>
              </div>
              <div>
                <dt>{MSG.reviewDateGiven}</dt>
                <dd data-testid={`${id}-dada`}>{dada ? formatDia(dada) : MSG.reviewDateNone}</dd>
              </div>
            </dl>
            {difieren && (
              <small className="review-date-differ" data-testid={`${id}-difieren`}>
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.reviewDatesDiffer}
              </small>
            )}
            <DayInput
              inputId={id + '-input'}
              value={valores[c]}
              onChange={(iso) => onChange({ ...valores, [c]: iso })}
              invalid={invalid.includes(c) || !!textosInvalidos[c]}
              ariaLabel={`${NOMBRE_FECHA[c]}: ${MSG.reviewDateConfirmed.toLowerCase()}`}
              className="review-date-input"
              testId={`${id}-confirmada`}
              onInvalidText={(text) => onInvalidText(c, text)}
              messageTestId={`${id}-no-valida`}
            />
          </div>
        );
      })}
      <p className="review-dates-fin" data-testid="review-fin" aria-live="polite">
        <span>{MSG.reviewValidityByRuleLabel}:</span>{' '}
        <strong>
          {fin
            ? formatDia(fin)
            : sinVencimiento
              ? MSG.reviewValidityNoExpiry
              : MSG.reviewValidityPendingDates}
        </strong>
      </p>
    </fieldset>
  );
}
