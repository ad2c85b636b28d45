import { Calendar } from 'primereact/calendar';
import { dateToIso, isoToDate } from '@/lib/dates';

/**
 * A Colombian day typed or picked as dd/mm/aaaa (decision 092), its value an ISO 'YYYY-MM-DD' or
 * null (decision 117). The one home of how the portal's date fields behave: typing never opens the
 * calendar (an overlay that pops up on focus covers the buttons below the field, e.g. 'Aprobar');
 * the calendar button opens and closes it.
 */
export function DayInput({
  inputId,
  value,
  onChange,
  invalid,
  ariaLabel,
  className,
  testId,
}: {
  inputId: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  invalid?: boolean;
  ariaLabel?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <Calendar
      inputId={inputId}
      value={isoToDate(value)}
      onChange={(ev) => onChange(dateToIso(ev.value as Date | null))}
      dateFormat="dd/mm/yy"
      placeholder="dd/mm/aaaa"
      showIcon
      showOnFocus={false}
      invalid={invalid}
      aria-label={ariaLabel}
      className={className}
      data-testid={testId}
    />
  );
}
