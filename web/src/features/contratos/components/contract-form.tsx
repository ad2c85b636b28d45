import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  contractProblems,
  MSG,
  type ContractProblem,
  type MasterItem,
  type NewContractBody,
} from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { contractsQueryOptions, createContract, maestrasQueryOptions } from '../api/contracts';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';

type Field = 'proyecto' | 'tipo' | 'actividad' | 'objeto' | 'regional';
type Values = {
  proyecto: number | null;
  tipo: number | null;
  actividad: number | null;
  objeto: string;
  regional: number | null;
};
const EMPTY: Values = { proyecto: null, tipo: null, actividad: null, objeto: '', regional: null };

/** The form field of each required body field. */
const FIELD_OF_PROBLEM: Record<ContractProblem['campo'], Field> = {
  descripcion: 'objeto',
  idProyecto: 'proyecto',
  idActividad: 'actividad',
  idTipocontrato: 'tipo',
};
/** The fields in the order they stand on the form: the first with a problem gets the focus. */
const FORM_ORDER: Field[] = ['proyecto', 'tipo', 'actividad', 'objeto', 'regional'];
type Problems = Partial<Record<Field, string>>;

const inputId = (f: Field) => `contract-${f}`;
const errorId = (f: Field) => `contract-${f}-error`;

/**
 * New mode of the contract modal: Proyecto *, Tipo Contrato *, Actividad *, Objeto del
 * Contrato *, regional (optional), 'Enviar'. Every required field left empty gets its message
 * (the domain's `contractProblems`, whose first is the server's answer) under it at once, tied to
 * the control, with one short toast counting them and the focus on the first, as the employee form
 * does (decision 103); a message goes when its field gets a value. After a success the form resets
 * and the contract list and masters reload.
 */
export function ContractForm({
  onCreated,
  onBack,
}: {
  onCreated: (id: number) => void;
  onBack?: () => void;
}) {
  const queryClient = useQueryClient();
  const masters = useQuery(maestrasQueryOptions());
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const filled = typeof value === 'string' ? value.trim() !== '' : value !== null;
    if (filled) setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const focus = (f: Field) => formRef.current?.querySelector<HTMLElement>(`#${inputId(f)}`)?.focus();

  const send = useMutation({
    mutationFn: createContract,
    onSuccess: async (res) => {
      setValues(EMPTY);
      const reloaded = Promise.all([
        queryClient.invalidateQueries({ queryKey: contractsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: maestrasQueryOptions().queryKey }),
      ]);
      await alerts.success(MSG.contractSent);
      await reloaded;
      onCreated(res.id);
    },
    onError: (err) => void alerts.errorWithDetail(errorMessage(err), MSG.contractNotSent),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const body: NewContractBody = {
      descripcion: values.objeto.trim(),
      idProyecto: values.proyecto,
      idActividad: values.actividad,
      idTipocontrato: values.tipo,
      idRegional: values.regional,
    };
    const found = contractProblems(body);
    if (found.length > 0) {
      const byField: Problems = {};
      for (const p of found) byField[FIELD_OF_PROBLEM[p.campo]] = p.mensaje;
      setProblems(byField);
      showToast({ severity: 'warn', summary: MSG.missingFieldsCount(found.length), life: 3000 });
      const first = FORM_ORDER.find((f) => byField[f] !== undefined);
      if (first) requestAnimationFrame(() => focus(first));
      return;
    }
    setProblems({});
    send.mutate(body);
  };

  const m = masters.data;
  const problemOf = (field: Field) =>
    problems[field] !== undefined && (
      <small id={errorId(field)} className="field-error" data-testid={errorId(field)}>
        {problems[field]}
      </small>
    );
  const select = (
    field: Exclude<Field, 'objeto'>,
    label: string,
    options: MasterItem[] | undefined,
    optional = false,
  ) => (
    <div className="field">
      <label htmlFor={inputId(field)}>{label}</label>
      <Dropdown
        inputId={inputId(field)}
        invalid={problems[field] !== undefined}
        aria-invalid={problems[field] !== undefined || undefined}
        aria-describedby={problems[field] !== undefined ? errorId(field) : undefined}
        pt={HIDE_NATIVE_SELECT}
        value={values[field]}
        options={options ?? []}
        optionLabel="descripcion"
        optionValue="id"
        placeholder={MSG.contractChoosePlaceholder}
        onChange={(e) => set(field, (e.value as number | null | undefined) ?? null)}
        filter={(options?.length ?? 0) > 8}
        showClear={optional && values[field] !== null}
        disabled={masters.isPending}
        className="w-full"
        data-testid={inputId(field)}
      />
      {problemOf(field)}
    </div>
  );

  return (
    <form ref={formRef} className="contract-form" onSubmit={(e) => void submit(e)} noValidate>
      {masters.isError && (
        <p className="field-error" role="alert">
          {errorMessage(masters.error)}
        </p>
      )}
      {select('proyecto', MSG.contractProjectField, m?.proyectos)}
      {select('tipo', MSG.contractTypeField, m?.tipoContrato)}
      {select('actividad', MSG.contractActivityField, m?.actividad)}
      <div className="field">
        <label htmlFor={inputId('objeto')}>{MSG.contractObjectField}</label>
        <InputTextarea
          id={inputId('objeto')}
          value={values.objeto}
          onChange={(e) => set('objeto', e.target.value)}
          rows={3}
          maxLength={2000}
          autoResize
          className="w-full"
          invalid={problems.objeto !== undefined}
          aria-invalid={problems.objeto !== undefined || undefined}
          aria-describedby={problems.objeto !== undefined ? errorId('objeto') : undefined}
        />
        {problemOf('objeto')}
      </div>
      {select('regional', MSG.contractRegionalField, m?.regionales, true)}
      <div className="contract-actions">
        {onBack && (
          <button type="button" className="link-button" onClick={onBack} data-testid="contract-back">
            <i className="pi pi-arrow-left" aria-hidden="true" /> {MSG.contractBackToList}
          </button>
        )}
        <Button
          type="submit"
          label={MSG.contractSendButton}
          icon="pi pi-send"
          loading={send.isPending}
          data-testid="contract-send"
        />
      </div>
    </form>
  );
}
