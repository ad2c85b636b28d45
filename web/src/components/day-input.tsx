import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { formatDia, REVISION_MSG } from '@proveedores/domain';
import { dateToIso, isoToDate } from '@/lib/dates';

// PrimeReact's calendar (about 19 KB gzip) is asked for as soon as a page with a date field loads, but
// after it: the page's first load does not wait for it (the page budgets, decision 146). Until it
// arrives the field is drawn read-only with its value, so nothing typed is lost.
const calendarModule = import('primereact/calendar');
const Calendar = lazy(async () => ({ default: (await calendarModule).Calendar }));

/**
 * A Colombian day typed or picked as dd/mm/aaaa whatever the browser's language (decisions 092, 168),
 * its value an ISO 'YYYY-MM-DD' or null (decision 117). The one home of how the portal's date fields
 * behave: typing never opens the calendar (an overlay that pops up on focus covers the buttons below
 * the field, e.g. 'Aprobar'); the calendar button opens and closes it. Escape in the field or its
 * calendar closes the calendar and goes no further: a dialog around the field stays open.
 *
 * With `onInvalidText`, text that is no date (31/02/2026, a half-typed day) stays in the field as
 * typed, the value is null, and on leaving the field the text is reported (null once it is a date
 * or empty again), so the form can refuse to go on instead of the field emptying itself. The field
 * names the text under itself (`showInvalidText`, on by default) unless the form shows its own message.
 */
export function DayInput({
  inputId,
  value,
  onChange,
  invalid,
  ariaLabel,
  className,
  testId,
  onInvalidText,
  showInvalidText = true,
  messageTestId,
  describedBy,
  required,
}: {
  inputId: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  invalid?: boolean;
  ariaLabel?: string;
  className?: string;
  testId?: string;
  onInvalidText?: (text: string | null) => void;
  showInvalidText?: boolean;
  /** The test id of the message under the field (default `<testId>-no-valida`). */
  messageTestId?: string;
  /** Ids of the form's own hints or messages for this field (aria-describedby). */
  describedBy?: string;
  required?: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  // The wrong text as it was when the field was left: what the message names.
  const [left, setLeft] = useState<string | null>(null);
  const keepInvalid = !!onInvalidText;
  const messageId = `${inputId}-no-valida`;
  const shown = keepInvalid && showInvalidText && left !== null;
  const describedIds = [describedBy, shown ? messageId : undefined].filter(Boolean).join(' ');
  const stopEscape = (ev: KeyboardEvent) => {
    // PrimeReact's dialogs close on an Escape that reaches the document; the calendar has already
    // closed itself by the time the key bubbles here.
    if (ev.key === 'Escape') ev.stopPropagation();
  };
  return (
    <span className="day-input" style={{ display: 'contents' }} onKeyDown={stopEscape}>
      <Suspense
        fallback={
          <span className={`p-calendar p-component p-inputwrapper p-calendar-w-btn ${className ?? ''}`}>
            <input
              id={inputId}
              className="p-inputtext p-component"
              readOnly
              aria-label={ariaLabel}
              placeholder="dd/mm/aaaa"
              value={keepInvalid && typed !== null ? typed : formatDia(value)}
            />
          </span>
        }
      >
        <Calendar
          inputId={inputId}
          // A kept invalid text is shown as typed (PrimeReact shows a string value with keepInvalid).
          value={(keepInvalid && typed !== null ? typed : isoToDate(value)) as Date | null}
          onChange={(ev) => {
            const v: unknown = ev.value;
            if (typeof v === 'string') {
              setTyped(v.trim() ? v : null);
              onChange(null);
              return;
            }
            setTyped(null);
            onChange(dateToIso(v as Date | null));
            // A day picked from the calendar after a wrong text: the field holds a date again.
            if (typed !== null || left !== null) {
              setLeft(null);
              onInvalidText?.(null);
            }
          }}
          onBlur={() => {
            setLeft(typed);
            onInvalidText?.(typed);
          }}
          keepInvalid={keepInvalid}
          dateFormat="dd/mm/yy"
          placeholder="dd/mm/aaaa"
          showIcon
          showOnFocus={false}
          invalid={invalid || shown}
          aria-label={ariaLabel}
          className={className}
          data-testid={testId}
          pt={{
            input: {
              root: {
                'aria-describedby': describedIds || undefined,
                'aria-invalid': invalid || shown || undefined,
                'aria-required': required || undefined,
              },
            },
          }}
        />
      </Suspense>
      {shown && (
        <small
          className="field-error"
          id={messageId}
          role="alert"
          data-testid={messageTestId ?? (testId ? `${testId}-no-valida` : messageId)}
        >
          {REVISION_MSG.revisionFechaNoValida(left)}
        </small>
      )}
    </span>
  );
}
