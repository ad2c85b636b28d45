import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  EMPLOYEE_FIELDS,
  hasEmployeeId,
  MSG,
  missingEmployeeFields,
  REQUIRED_EMPLOYEE_FIELDS,
  TIPOS_DOCUMENTO_OPCIONES,
  validateEmployee,
  type EmployeeView,
} from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
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
  HIDDEN_SELECT,
  valuesFromEmployee,
  type FormField,
  type FormValues,
} from './employee-fields';
import { EmployeeFormFields, fieldId } from './employee-form-fields';

/** Toasts shown one per missing field, up to this many; the rest are summed up in one more. */
const MAX_FIELD_TOASTS = 4;

type Props = {
  visible: boolean;
  onHide: () => void;
  /** The chosen contract (the employee is linked to it), or null. */
  contratoid: number | null;
  onSelected: (e: SelectedEmployee) => void;
};

export const employeeName = (e: Pick<EmployeeView, 'nombres' | 'apellidos' | 'apellidos2'>) =>
  [e.nombres, e.apellidos, e.apellidos2].filter(Boolean).join(' ');

/** The employee modal (section 2, section 4 'Employee flow'); a fresh body on every opening. */
export function EmployeeModal(props: Props) {
  return (
    <Dialog
      header={MSG.employeeModalTitle}
      visible={props.visible}
      onHide={props.onHide}
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
  const [invalid, setInvalid] = useState<ReadonlySet<FormField>>(new Set());
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
      setInvalid(new Set());
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
    setKeyError('');
    setBusy('validate');
    try {
      const found = await lookupEmployee(tipo, numero.trim());
      setInvalid(new Set());
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
    if (invalid.has(key) && value.trim()) {
      const next = new Set(invalid);
      next.delete(key);
      setInvalid(next);
    }
  };

  const focusField = (key: FormField) => {
    const el = formRef.current?.querySelector<HTMLElement>(`#${fieldId(key)}`);
    el?.focus();
  };

  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!hasEmployeeId({ tipodocumento: tipo, numerodocumento: numero })) {
      showToast({ severity: 'warn', summary: MSG.employeeIdRequired });
      return;
    }
    // Section 5: one toast naming each missing required field (the same rule as the server).
    const missingKeys = REQUIRED_EMPLOYEE_FIELDS.filter(
      (k) => !String(values[k as FormField] ?? '').trim(),
    ) as FormField[];
    const missing = missingEmployeeFields(values);
    if (missing.length > 0) {
      setInvalid(new Set(missingKeys));
      missing
        .slice(0, MAX_FIELD_TOASTS)
        .forEach((label) => showToast({ severity: 'warn', summary: MSG.fieldRequired(label), life: 6000 }));
      if (missing.length > MAX_FIELD_TOASTS)
        showToast({
          severity: 'warn',
          summary: MSG.moreMissingFields(missing.length - MAX_FIELD_TOASTS),
          life: 6000,
        });
      focusField(missingKeys[0]);
      return;
    }
    const body: Record<string, unknown> = { tipodocumento: tipo, numerodocumento: numero.trim(), ...values };
    if (contratoid) body.contratoid = contratoid;
    const check = validateEmployee(body);
    if (!check.ok) {
      check.errors
        .slice(0, MAX_FIELD_TOASTS)
        .forEach((m) => showToast({ severity: 'warn', summary: m, life: 6000 }));
      return;
    }
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
        detail
          .slice(0, MAX_FIELD_TOASTS)
          .forEach((m) => showToast({ severity: 'warn', summary: m, life: 6000 }));
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
            inputMode={tipo === 'CC' ? 'numeric' : 'text'}
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
          <EmployeeFormFields
            values={values}
            invalid={invalid}
            onChange={onChange}
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
