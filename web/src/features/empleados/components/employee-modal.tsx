import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  EMPLOYEE_FIELDS,
  FORMAS_DOCUMENTO,
  hasEmployeeId,
  MSG,
  missingEmployeeFields,
  normalizeDocumentNumber,
  problemaDocumento,
  REVISION_MSG,
  TIPOS_DOCUMENTO_OPCIONES,
  hoyEnColombia,
  validateEmployee,
  type EmployeeView,
} from '@proveedores/domain';
import { isListEscape } from '@/app/overlay-escape';
import { alerts } from '@/lib/alerts';
import { prefersReducedMotion } from '@/lib/motion';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toTitleCase } from '@/lib/text';
import { showToast } from '@/lib/toast';
import {
  cargosQueryOptions,
  linkEmployee,
  lookupEmployee,
  municipiosQueryOptions,
  saveEmployee,
} from '../api/personnel';
import type { SelectedEmployee } from '../api/selected-employee';
import {
  emptyValues,
  fieldOfMessage,
  FORM_FIELDS,
  HIDDEN_SELECT,
  valuesFromEmployee,
  type FormField,
  type FormValues,
} from './employee-fields';
import { EmployeeFormFields, fieldId } from './employee-form-fields';

type FieldErrors = Partial<Record<FormField, string>>;

/**
 * Messages of the employee rules split into those shown under their field and those about no field
 * of the form (the identification, shown above the form).
 */
function splitMessages(messages: readonly string[]): { byField: FieldErrors; general: string[] } {
  const byField: FieldErrors = {};
  const general: string[] = [];
  for (const m of messages) {
    const key = fieldOfMessage(m);
    if (key === undefined) general.push(m);
    else byField[key] ??= m;
  }
  return { byField, general };
}

type Props = {
  visible: boolean;
  onHide: () => void;
  /** The chosen contract (the employee is linked to it), or null. */
  contratoid: number | null;
  onSelected: (e: SelectedEmployee) => void;
};

const FORM_ORDER_KEYS = FORM_FIELDS.map((f) => f.key);

export const employeeName = (e: Pick<EmployeeView, 'nombres' | 'apellidos' | 'apellidos2'>) =>
  [e.nombres, e.apellidos, e.apellidos2].filter(Boolean).join(' ');

/** The employee modal (the employee flow of docs/contract.md); a fresh body on every opening. */
export function EmployeeModal(props: Props) {
  return (
    <Dialog
      header={MSG.employeeModalTitle}
      visible={props.visible}
      // Esc on an open list closes the list only (decision 102).
      onHide={(e?: unknown) => {
        if (!isListEscape(e)) props.onHide();
      }}
      className="brand-dialog employee-dialog"
      style={{ width: '60rem' }}
      breakpoints={{ '960px': '96vw', '640px': '100vw' }}
      draggable={false}
      resizable={false}
      blockScroll
    >
      {props.visible && <EmployeeModalBody {...props} />}
    </Dialog>
  );
}

function EmployeeModalBody({ onHide, contratoid, onSelected }: Props) {
  const [tipo, setTipo] = useState('');
  const [numero, setNumero] = useState('');
  const [keyError, setKeyError] = useState('');
  const [step, setStep] = useState<'key' | 'form'>('key');
  const [existing, setExisting] = useState<EmployeeView | null>(null);
  const [values, setValues] = useState<FormValues>(emptyValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  // Text typed in a date field that is no date (31/02/2026): kept as typed, named, blocking 'Guardar'.
  const [badDates, setBadDates] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'validate' | 'save' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const cargos = useQuery({ ...cargosQueryOptions(), enabled: step === 'form' });
  const municipios = useQuery({ ...municipiosQueryOptions(), enabled: step === 'form' });

  const changeKey = (next: { tipo?: string; numero?: string }) => {
    if (next.tipo !== undefined) setTipo(next.tipo);
    if (next.numero !== undefined) setNumero(next.numero);
    // A different identification is a different person: back to 'Validar'.
    if (step === 'form') {
      setStep('key');
      setExisting(null);
      setValues(emptyValues());
      setFieldErrors({});
      setGeneralErrors([]);
      setBadDates({});
    }
  };

  const select = (e: EmployeeView) =>
    onSelected({
      tipodocumento: e.tipodocumento,
      numerodocumento: e.numerodocumento,
      nombre: employeeName(e),
    });

  const validate = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!hasEmployeeId({ tipodocumento: tipo, numerodocumento: numero })) {
      setKeyError(MSG.employeeIdRequired);
      return;
    }
    // A number without its kind's shape (a CC with letters) is refused here, before any lookup.
    const problema = problemaDocumento(tipo, normalizeDocumentNumber(numero));
    if (problema) {
      setKeyError(problema);
      return;
    }
    setKeyError('');
    setBusy('validate');
    try {
      const found = await lookupEmployee(tipo, numero.trim());
      setFieldErrors({});
      setGeneralErrors([]);
      if (found) {
        setExisting(found);
        setValues(valuesFromEmployee(found));
        setNumero(found.numerodocumento);
        if (contratoid && !found.contratos.includes(contratoid)) {
          await linkEmployee(found.tipodocumento, found.numerodocumento, contratoid);
        }
        select(found);
        showToast({
          severity: 'success',
          summary: MSG.employeeSelected(toTitleCase(employeeName(found))),
          detail: MSG.employeeFound,
        });
      } else {
        setExisting(null);
        setValues(emptyValues());
      }
      setStep('form');
    } catch (err) {
      void alerts.errorWithDetail(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const onChange = (key: FormField, value: string) => {
    setValues((v) => ({
      ...v,
      [key]: value,
      ...(key === 'departamento' && value !== v.departamento ? { ciudad: '' } : {}),
    }));
    // A field's message goes as soon as the field is given a value (decision 103).
    if (fieldErrors[key] !== undefined && value.trim()) setFieldErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const onInvalidDate = (key: FormField, text: string | null) => {
    const message = text ? REVISION_MSG.revisionFechaNoValida(text) : undefined;
    setBadDates(({ [key]: _old, ...rest }) => (message ? { ...rest, [key]: message } : rest));
    // The field's message is this one, or goes once the text is a date (other messages stay).
    const previous = badDates[key];
    setFieldErrors(({ [key]: old, ...rest }) =>
      message
        ? { ...rest, [key]: message }
        : old === undefined || old === previous
          ? rest
          : { ...rest, [key]: old },
    );
  };

  /**
   * Shows the messages under their fields (and the rest above the form), one short toast at most,
   * and brings the first field with a problem into view with the focus in it (decision 103).
   */
  const showProblems = (messages: readonly string[], toast: string) => {
    const { byField, general } = splitMessages(messages);
    showFieldProblems(byField, general, toast);
  };
  const showFieldProblems = (byField: FieldErrors, general: string[], toast: string) => {
    setFieldErrors(byField);
    setGeneralErrors(general);
    showToast({ severity: 'warn', summary: toast, life: 3000 });
    const first = general.length > 0 ? undefined : FORM_ORDER_KEYS.find((k) => byField[k] !== undefined);
    // After React has drawn the messages, so the scroll accounts for them.
    requestAnimationFrame(() => {
      const form = formRef.current;
      const target = first
        ? form?.querySelector<HTMLElement>(`#${fieldId(first)}`)
        : form?.querySelector<HTMLElement>('[data-testid="employee-general-errors"]');
      const box = target?.closest<HTMLElement>('.field') ?? target;
      box?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      target?.focus({ preventScroll: true });
    });
  };

  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!hasEmployeeId({ tipodocumento: tipo, numerodocumento: numero })) {
      showToast({ severity: 'warn', summary: MSG.employeeIdRequired });
      return;
    }
    // The contract's message for each missing required field (the same rule as the server), each
    // under its field, with a date typed wrong named under its own; one toast counts them.
    const missing = missingEmployeeFields(values);
    if (missing.length > 0 || Object.keys(badDates).length > 0) {
      const { byField, general } = splitMessages(missing.map(MSG.fieldRequired));
      showFieldProblems(
        { ...byField, ...badDates },
        general,
        missing.length > 0 ? MSG.missingFieldsCount(missing.length) : MSG.checkMarkedFields,
      );
      return;
    }
    const body: Record<string, unknown> = { tipodocumento: tipo, numerodocumento: numero.trim(), ...values };
    if (contratoid) body.contratoid = contratoid;
    const check = validateEmployee(body, hoyEnColombia(new Date()));
    if (!check.ok) {
      showProblems(check.errors, MSG.checkMarkedFields);
      return;
    }
    setFieldErrors({});
    setGeneralErrors([]);
    setBusy('save');
    try {
      const saved = await saveEmployee(body);
      select(saved.empleado);
      showToast({
        severity: 'success',
        summary: saved.message,
        detail: MSG.employeeSelected(toTitleCase(employeeName(saved.empleado))),
      });
      onHide();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const detail = Array.isArray(err.detail) ? (err.detail as string[]) : [err.message];
        showProblems(detail, MSG.checkMarkedFields);
      } else void alerts.errorWithDetail(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="employee-modal" data-testid="employee-modal">
      <form className="employee-key" onSubmit={(e) => void validate(e)} noValidate>
        <div className="field">
          <label htmlFor="emp-tipodocumento">
            {EMPLOYEE_FIELDS.tipodocumento}
            <span className="mandatory" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <Dropdown
            pt={HIDDEN_SELECT}
            inputId="emp-tipodocumento"
            value={tipo || null}
            options={[...TIPOS_DOCUMENTO_OPCIONES]}
            optionLabel="label"
            optionValue="value"
            placeholder={MSG.selectPlaceholder}
            onChange={(e) => changeKey({ tipo: (e.value as string | null) ?? '' })}
            className="w-full"
            data-testid="emp-tipodocumento"
          />
        </div>
        <div className="field">
          <label htmlFor="emp-numerodocumento">
            {EMPLOYEE_FIELDS.numerodocumento}
            <span className="mandatory" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <InputText
            id="emp-numerodocumento"
            value={numero}
            inputMode={
              FORMAS_DOCUMENTO[tipo as keyof typeof FORMAS_DOCUMENTO]?.caracteres === 'digitos'
                ? 'numeric'
                : 'text'
            }
            autoComplete="off"
            maxLength={32}
            onChange={(e) => changeKey({ numero: e.target.value })}
          />
        </div>
        <Button
          type="submit"
          label={MSG.validateButton}
          icon="pi pi-search"
          loading={busy === 'validate'}
          className="validate-button"
          data-testid="employee-validate"
        />
      </form>
      {keyError && (
        <small className="field-error" role="alert" data-testid="employee-key-error">
          {keyError}
        </small>
      )}
      {step === 'form' && (
        <form ref={formRef} className="employee-form" onSubmit={(e) => void save(e)} noValidate>
          {!existing && (
            <p className="notice" role="status">
              {MSG.employeeNotFound}
            </p>
          )}
          <p className="hint">{MSG.requiredFieldsLegend}</p>
          {generalErrors.length > 0 && (
            <div
              className="field-error employee-general-errors"
              role="alert"
              tabIndex={-1}
              data-testid="employee-general-errors"
            >
              {generalErrors.map((m) => (
                <p key={m}>{m}</p>
              ))}
            </div>
          )}
          <EmployeeFormFields
            values={values}
            errors={fieldErrors}
            onChange={onChange}
            onInvalidDate={onInvalidDate}
            cargos={cargos.data ?? []}
            departamentos={municipios.data ?? []}
            listsLoading={cargos.isPending || municipios.isPending}
          />
          <p className="hint data-notice">{MSG.employeeDataNotice}</p>
          <div className="modal-actions">
            <Button type="button" label={MSG.close} outlined onClick={onHide} />
            <Button
              type="submit"
              label={MSG.saveAndSelectButton}
              icon="pi pi-check"
              loading={busy === 'save'}
              data-testid="employee-save"
            />
          </div>
        </form>
      )}
    </div>
  );
}
