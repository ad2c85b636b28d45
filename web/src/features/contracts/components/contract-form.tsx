import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { firstContractError, MSG, type MasterItem, type NewContractBody } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
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

/** Which field each section 5 message points at, so the cursor lands there after the alert. */
const FIELD_OF_ERROR: Record<string, Field> = {
  [MSG.contractDescriptionRequired]: 'objeto',
  [MSG.contractProjectRequired]: 'proyecto',
  [MSG.contractActivityRequired]: 'actividad',
  [MSG.contractTypeRequired]: 'tipo',
};

const inputId = (f: Field) => `contract-${f}`;

/**
 * New mode of the contract modal (section 2): Proyecto *, Tipo Contrato *, Actividad *, Objeto del
 * Contrato *, regional (optional), 'Enviar'. Checks run in the order of section 5 with the domain's
 * `firstContractError` (the server runs the same one); each failure is an alert. After a success
 * the form resets and the contract list and masters reload (section 4).
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
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

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
    const error = firstContractError(body);
    if (error) {
      await alerts.warning(error);
      const field = FIELD_OF_ERROR[error];
      if (field) focus(field);
      return;
    }
    send.mutate(body);
  };

  const m = masters.data;
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
        />
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
