import { MSG, type CampoFecha, type FechasLeidas } from '@proveedores/domain';
import type { FechasPayload } from './evidence-target';
import { DayInput } from '@/components/day-input';

/** The dates the form asks for and their values (ISO 'YYYY-MM-DD' or null); decision 109. */
export type FechasForm = { campos: CampoFecha[]; valores: FechasLeidas; leidas: boolean };

const LABEL: Record<CampoFecha, string> = {
  expedicion: MSG.documentDateExpedicion,
  vencimiento: MSG.documentDateVencimiento,
  proximoExamen: MSG.documentDateProximoExamen,
};

const PAYLOAD: Record<CampoFecha, keyof FechasPayload> = {
  expedicion: 'fechaExpedicion',
  vencimiento: 'fechaVencimiento',
  proximoExamen: 'proximoExamen',
};

/** The PUT fields for the dates the form asked for (a cleared field sends null: keep what was read). */
export function fechasPayload(form: FechasForm | null): FechasPayload | undefined {
  if (!form) return undefined;
  const out: FechasPayload = {};
  for (const c of form.campos) out[PAYLOAD[c]] = form.valores[c];
  return out;
}

/**
 * 'Fecha de expedición', 'Fecha de vencimiento' or 'Próximo examen' (dd/mm/aaaa, decision 092),
 * pre-filled with what the server read from the file, editable before saving (decision 109).
 */
export function DocumentDatesFields({
  form,
  onChange,
  idPrefix,
}: {
  form: FechasForm;
  onChange: (valores: FechasLeidas) => void;
  idPrefix: string;
}) {
  return (
    <fieldset className="document-dates" data-testid="document-dates">
      <legend className="modal-subtitle">{MSG.documentDatesTitle}</legend>
      <p className="hint">{form.leidas ? MSG.documentDatesHelp : MSG.documentDatesNoneRead}</p>
      <div className="document-dates-grid">
        {form.campos.map((c) => (
          <div className="field" key={c}>
            <label htmlFor={`${idPrefix}-${c}`}>{LABEL[c]}</label>
            <DayInput
              inputId={`${idPrefix}-${c}`}
              value={form.valores[c]}
              onChange={(iso) => onChange({ ...form.valores, [c]: iso })}
              testId={`document-date-${c}`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
