import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  CLASES_RIESGO,
  etiquetaClaseRiesgo,
  maestraBodies,
  MSG,
  type MaestraAdmin,
  type TablaMaestra,
  HABILITACION_MSG,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { maestraQueryOptions, saveMaestra, type MaestraInput } from '../api/masters';
import { Field } from '@/components/staff/field';

const FLAGS = [
  { key: 'alturas', label: MSG.colAlturas },
  { key: 'espaciosConfinados', label: MSG.colEspaciosConfinados },
  { key: 'flota', label: MSG.colFlota },
] as const;

/** The five ARL classes as 'I - Riesgo mínimo' ... (domain/src/pila/clases-riesgo.ts). */
const CLASES = CLASES_RIESGO.map((c) => ({ value: c.clase, label: etiquetaClaseRiesgo(c.clase) }));

/**
 * Create or edit one master row (descripcion; projects: regional and city; activities: risk flags and
 * the ARL risk class, docs/decisions/132).
 */
export function MaestraDialog({
  tabla,
  item,
  visible,
  onHide,
  onSaved,
}: {
  tabla: TablaMaestra;
  /** null = new row. */
  item: MaestraAdmin | null;
  visible: boolean;
  onHide: () => void;
  onSaved: (message: string) => void;
}) {
  const [v, setV] = useState<MaestraInput>(() => ({
    descripcion: item?.descripcion ?? '',
    regionalId: item?.regionalId ?? null,
    ciudad: item?.ciudad ?? '',
    alturas: item?.alturas ?? false,
    espaciosConfinados: item?.espaciosConfinados ?? false,
    flota: item?.flota ?? false,
    claseRiesgo: item?.claseRiesgo ?? 5,
  }));
  // The minimum 0312 score as typed ('85,5' or '85.5'); empty = off (docs/decisions/142).
  const [minimo, setMinimo] = useState(
    item?.puntajeMinimo0312 == null ? '' : String(item.puntajeMinimo0312).replace('.', ','),
  );
  const [error, setError] = useState('');
  const [errorMinimo, setErrorMinimo] = useState('');
  const regionales = useQuery({
    ...maestraQueryOptions('regionales', false),
    enabled: tabla === 'proyectos',
  });

  const body = (): MaestraInput => {
    if (tabla === 'proyectos')
      return {
        descripcion: v.descripcion,
        regionalId: v.regionalId ?? null,
        ciudad: v.ciudad?.trim() || null,
      };
    if (tabla === 'actividades')
      return {
        descripcion: v.descripcion,
        alturas: v.alturas,
        espaciosConfinados: v.espaciosConfinados,
        flota: v.flota,
        claseRiesgo: v.claseRiesgo,
      };
    if (tabla === 'tipos-contrato') {
      const texto = minimo.trim().replace(',', '.');
      return { descripcion: v.descripcion, puntajeMinimo0312: texto === '' ? null : Number(texto) };
    }
    return { descripcion: v.descripcion };
  };

  const save = useMutation({
    mutationFn: () => saveMaestra(tabla, item?.id ?? null, body()),
    onSuccess: (res) => onSaved(res.message),
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = maestraBodies[tabla].safeParse(body());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const enMinimo = issue?.path[0] === 'puntajeMinimo0312';
      setError(enMinimo ? '' : (issue?.message ?? MSG.maestraDescripcionRequerida));
      setErrorMinimo(enMinimo ? issue.message : '');
      return;
    }
    setError('');
    setErrorMinimo('');
    save.mutate();
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={item ? MSG.maestraEdit : MSG.maestraNew}
      className="brand-dialog maestra-dialog"
      style={{ width: 'min(520px, 96vw)' }}
      draggable={false}
      resizable={false}
    >
      <form onSubmit={submit} noValidate data-testid="maestra-form">
        <Field id="maestra-descripcion" label={MSG.colDescripcion} error={error}>
          <InputText
            id="maestra-descripcion"
            value={v.descripcion}
            maxLength={200}
            invalid={!!error}
            autoFocus
            onChange={(e) => setV({ ...v, descripcion: e.target.value })}
            data-testid="maestra-descripcion"
          />
        </Field>
        {tabla === 'proyectos' && (
          <>
            <Field id="maestra-regional" label={MSG.colRegional}>
              <Dropdown
                inputId="maestra-regional"
                pt={HIDE_NATIVE_SELECT}
                value={v.regionalId ?? null}
                options={(regionales.data ?? []).map((r) => ({ value: r.id, label: r.descripcion }))}
                placeholder={MSG.maestraNoRegional}
                showClear
                onChange={(e) => setV({ ...v, regionalId: (e.value as number | null) ?? null })}
              />
            </Field>
            <Field id="maestra-ciudad" label={MSG.colCiudad}>
              <InputText
                id="maestra-ciudad"
                value={v.ciudad ?? ''}
                maxLength={120}
                onChange={(e) => setV({ ...v, ciudad: e.target.value })}
              />
            </Field>
          </>
        )}
        {tabla === 'tipos-contrato' && (
          <Field
            id="maestra-minimo-0312"
            label={HABILITACION_MSG.habMinimoCampo}
            hint={HABILITACION_MSG.habMinimoAyuda}
            error={errorMinimo}
          >
            <InputText
              id="maestra-minimo-0312"
              value={minimo}
              inputMode="decimal"
              maxLength={6}
              invalid={!!errorMinimo}
              onChange={(e) => setMinimo(e.target.value)}
              data-testid="maestra-minimo-0312"
            />
          </Field>
        )}
        {tabla === 'actividades' && (
          <Field id="maestra-clase-riesgo" label={MSG.colClaseRiesgo} hint={MSG.claseRiesgoAyuda}>
            <Dropdown
              inputId="maestra-clase-riesgo"
              pt={HIDE_NATIVE_SELECT}
              value={v.claseRiesgo ?? 5}
              options={CLASES}
              ariaLabel={MSG.colClaseRiesgo}
              onChange={(e) => setV({ ...v, claseRiesgo: e.value as number })}
              data-testid="maestra-clase-riesgo"
            />
          </Field>
        )}
        {tabla === 'actividades' && (
          <fieldset className="field flags-fieldset">
            <legend>{MSG.maestraFlagsLabel}</legend>
            {FLAGS.map((f) => (
              <span key={f.key} className="ext-option">
                <Checkbox
                  inputId={`maestra-${f.key}`}
                  checked={!!v[f.key]}
                  onChange={(e) => setV({ ...v, [f.key]: !!e.checked })}
                />
                <label htmlFor={`maestra-${f.key}`}>{f.label}</label>
              </span>
            ))}
          </fieldset>
        )}
        <div className="form-actions">
          <Button type="button" label={MSG.adminCancel} outlined onClick={onHide} />
          <Button
            type="submit"
            label={MSG.saveButton}
            icon="pi pi-save"
            loading={save.isPending}
            data-testid="maestra-save"
          />
        </div>
      </form>
    </Dialog>
  );
}
