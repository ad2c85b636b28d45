import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { EMPLOYEE_FIELDS, MSG, type DepartamentoItem } from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import {
  FORM_SECTIONS,
  HIDDEN_SELECT,
  RECOMMENDED,
  REQUIRED,
  type FieldDef,
  type FormField,
  type FormValues,
} from './employee-fields';

type Props = {
  values: FormValues;
  /** The message to show under each field that needs fixing (decision 103). */
  errors: Readonly<Partial<Record<FormField, string>>>;
  onChange: (key: FormField, value: string) => void;
  /** Text typed in a date field that is no date (null once it is a date or empty again). */
  onInvalidDate: (key: FormField, text: string | null) => void;
  cargos: ReadonlyArray<{ id: number; descripcion: string }>;
  departamentos: readonly DepartamentoItem[];
  listsLoading: boolean;
};

export const fieldId = (key: string) => `emp-${key}`;
const errorId = (key: string) => `${fieldId(key)}-error`;

/**
 * Every employee field of the contract with its enumerations; municipality choices follow the chosen
 * department. Required fields (the contract's validation rules) carry '*'; the medical exam date, not
 * required, says '(recomendado)'. A field's problem shows under it, tied to the control (decision 103).
 */
export function EmployeeFormFields({
  values,
  errors,
  onChange,
  onInvalidDate,
  cargos,
  departamentos,
  listsLoading,
}: Props) {
  const depto = departamentos.find((d) => d.codigo_depto === values.departamento);

  const control = (f: FieldDef) => {
    const id = fieldId(f.key);
    const isInvalid = errors[f.key] !== undefined;
    const described = isInvalid ? { 'aria-describedby': errorId(f.key), 'aria-invalid': true } : {};
    const common = {
      id,
      invalid: isInvalid,
      'aria-required': REQUIRED.has(f.key) || undefined,
      ...described,
    };
    const dropdown = (
      options: Array<{ label: string; value: string }>,
      extra: { filter?: boolean; disabled?: boolean; placeholder?: string } = {},
    ) => (
      <Dropdown
        pt={HIDDEN_SELECT}
        inputId={id}
        aria-describedby={isInvalid ? errorId(f.key) : undefined}
        value={values[f.key] || null}
        options={options}
        onChange={(e) => onChange(f.key, (e.value as string | null) ?? '')}
        placeholder={extra.placeholder ?? MSG.selectPlaceholder}
        filter={extra.filter}
        filterInputAutoFocus
        resetFilterOnHide
        disabled={extra.disabled}
        invalid={isInvalid}
        className="w-full"
        showClear={!REQUIRED.has(f.key) && !!values[f.key]}
        emptyMessage={listsLoading ? MSG.loading : undefined}
        data-testid={id}
      />
    );
    switch (f.kind) {
      case 'enum':
        return dropdown(
          (f.options ?? []).map((o) => ({ label: o, value: o })),
          {
            filter: (f.options?.length ?? 0) > 8,
          },
        );
      case 'cargo':
        return dropdown(
          cargos.map((c) => ({ label: c.descripcion, value: String(c.id) })),
          { filter: true },
        );
      case 'departamento':
        return dropdown(
          departamentos.map((d) => ({ label: d.nombre_depto, value: d.codigo_depto })),
          { filter: true },
        );
      case 'ciudad':
        return dropdown(
          (depto?.municipios ?? []).map((m) => ({ label: m.nombre_municipio, value: m.codigo_municipio })),
          {
            filter: true,
            disabled: !depto,
            placeholder: depto ? MSG.selectPlaceholder : MSG.selectDepartmentFirst,
          },
        );
      case 'date':
        // dd/mm/aaaa whatever the browser's language (decision 168); a wrong text stays as typed and
        // the form names it under the field (onInvalidDate).
        return (
          <DayInput
            inputId={id}
            value={values[f.key] || null}
            onChange={(iso) => onChange(f.key, iso ?? '')}
            onInvalidText={(text) => onInvalidDate(f.key, text)}
            showInvalidText={false}
            invalid={isInvalid}
            describedBy={isInvalid ? errorId(f.key) : undefined}
            required={REQUIRED.has(f.key)}
            className="w-full"
            testId={id}
          />
        );
      case 'integer':
        return (
          <InputText
            {...common}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        );
      case 'money':
        return (
          <InputText
            {...common}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={values[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        );
      case 'tel':
        return (
          <InputText
            {...common}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={values[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        );
      default:
        return (
          <InputText
            {...common}
            type="text"
            autoComplete="off"
            value={values[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        );
    }
  };

  return (
    <>
      {FORM_SECTIONS.map((section) => (
        <fieldset key={section.title} className="employee-section">
          <legend>{section.title}</legend>
          <div className="employee-grid">
            {section.fields.map((f) => (
              <div className="field" key={f.key}>
                <label htmlFor={fieldId(f.key)}>
                  {EMPLOYEE_FIELDS[f.key]}
                  {REQUIRED.has(f.key) && (
                    <span className="mandatory" aria-hidden="true">
                      {' '}
                      *
                    </span>
                  )}
                  {RECOMMENDED.has(f.key) && (
                    <span className="recommended" data-testid={`${fieldId(f.key)}-recommended`}>
                      {' '}
                      {MSG.recommendedField}
                    </span>
                  )}
                </label>
                {control(f)}
                {errors[f.key] !== undefined && (
                  <small className="field-error" id={errorId(f.key)} data-testid={errorId(f.key)}>
                    {errors[f.key]}
                  </small>
                )}
              </div>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
