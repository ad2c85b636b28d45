import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  EXTENSIONES_PERMITIDAS,
  MODULOS,
  MSG,
  requisitoCreateBody,
  requisitoUpdateBody,
  type AplicaSi,
  type ModuloCodigo,
  type RequisitoAdmin,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { createRequisito, updateRequisito } from '../api/catalog';
import { Field } from './field';
import { MotivosEditor } from './motivos-editor';

type Values = {
  modulo: ModuloCodigo | null;
  codigo: string;
  nombreCorto: string;
  detalle: string;
  extensiones: string[];
  obligatorio: boolean;
  aplicaSi: AplicaSi | null;
  vigenciaDias: string;
  baseLegal: string;
  orden: string;
  motivosRechazo: string[];
};
type Errors = Partial<Record<keyof Values, string>>;

/** The Dropdown shows a null value as 'nothing chosen': 'siempre' stands for null (always applies). */
const SIEMPRE = 'siempre';
const APLICA_OPTIONS: Array<{ value: AplicaSi | typeof SIEMPRE; label: string }> = [
  { value: SIEMPRE, label: MSG.aplicaSiempre },
  { value: 'alturas', label: MSG.aplicaAlturas },
  { value: 'espacios_confinados', label: MSG.aplicaEspaciosConfinados },
  { value: 'flota', label: MSG.aplicaFlota },
];

function initial(r: RequisitoAdmin | null, copy: boolean): Values {
  return {
    modulo: r?.modulo ?? null,
    codigo: r && !copy ? r.codigo : '',
    nombreCorto: r?.nombreCorto ?? '',
    detalle: r?.detalle ?? '',
    extensiones: r ? r.extensiones.split(',').filter(Boolean) : ['pdf'],
    obligatorio: r ? !r.opcional : true,
    aplicaSi: (r?.aplicaSi as AplicaSi | null) ?? null,
    vigenciaDias: r?.vigenciaDias != null ? String(r.vigenciaDias) : '',
    baseLegal: r?.baseLegal ?? '',
    orden: r && !copy ? String(r.orden) : '',
    motivosRechazo: r?.motivosRechazo ?? [],
  };
}

/** Form order of the fields and the id of each one's input (its first checkbox for extensiones). */
const FIELD_IDS: Record<keyof Values, string> = {
  modulo: 'req-modulo',
  codigo: 'req-codigo',
  nombreCorto: 'req-nombre',
  detalle: 'req-detalle',
  extensiones: `req-ext-${EXTENSIONES_PERMITIDAS[0]}`,
  obligatorio: 'req-obligatorio',
  aplicaSi: 'req-aplica',
  vigenciaDias: 'req-vigencia',
  orden: 'req-orden',
  baseLegal: 'req-base-legal',
  motivosRechazo: 'req-motivo',
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as Array<keyof Values>;

/** The body the API takes, from the form's strings (the domain schema validates it right after). */
function toBody(v: Values) {
  const dias = v.vigenciaDias.trim();
  const orden = v.orden.trim();
  return {
    modulo: v.modulo ?? undefined,
    codigo: v.codigo,
    nombreCorto: v.nombreCorto,
    detalle: v.detalle,
    extensiones: v.extensiones.join(','),
    opcional: !v.obligatorio,
    aplicaSi: v.aplicaSi,
    vigenciaDias: dias === '' ? null : Number(dias),
    baseLegal: v.baseLegal.trim() || null,
    ...(orden === '' ? {} : { orden: Number(orden) }),
    motivosRechazo: v.motivosRechazo,
  };
}

/**
 * Requirement form: new (id 0), copy (?copiar={id}: the source's fields, a new code) or edit.
 * Checked with the domain's schemas before sending; the server checks again (duplicates, module lock).
 */
export function RequisitoForm({
  requisito,
  mode,
  readOnly,
}: {
  requisito: RequisitoAdmin | null;
  mode: 'new' | 'copy' | 'edit';
  readOnly: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [v, setV] = useState<Values>(() => initial(requisito, mode === 'copy'));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((prev) => ({ ...prev, [k]: value }));
  const moduloLocked = mode === 'edit' && (requisito?.entregas ?? 0) > 0;

  const save = useMutation({
    mutationFn: async () => {
      const body = toBody(v);
      if (mode === 'edit' && requisito) {
        const { modulo, ...rest } = body;
        return updateRequisito(requisito.id, moduloLocked ? rest : { ...rest, modulo });
      }
      return createRequisito({ ...body, modulo: body.modulo as ModuloCodigo });
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['list', 'requisitos'] });
      void queryClient.invalidateQueries({ queryKey: ['revision', 'filtros'] });
      showToast({ severity: 'success', summary: MSG.requisitosTitle, detail: res.message });
      if (mode !== 'edit') void navigate(PATHS.adminRequisito(res.requisito.id), { replace: true });
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(v);
    const parsed =
      mode === 'edit' ? requisitoUpdateBody.safeParse(body) : requisitoCreateBody.safeParse(body);
    const found: Errors = {};
    if (!v.modulo) found.modulo = MSG.fieldRequired(MSG.requisitoModuloLabel);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = (issue.path[0] === 'opcional' ? 'obligatorio' : issue.path[0]) as keyof Values;
        found[k] ??= issue.message;
      }
    }
    setErrors(found);
    const first = FIELD_ORDER.find((k) => found[k]);
    if (!first) {
      save.mutate();
      return;
    }
    // The first field to fix comes into view with the focus (the form is taller than a screen).
    requestAnimationFrame(() => {
      const el = document.getElementById(FIELD_IDS[first]);
      el?.scrollIntoView({ block: 'center' });
      el?.focus({ preventScroll: true });
    });
  };

  const dis = readOnly;
  return (
    <form className="admin-form" onSubmit={submit} noValidate data-testid="requisito-form">
      <div className="form-grid">
        <Field
          id="req-modulo"
          label={MSG.requisitoModuloLabel}
          error={errors.modulo}
          hint={moduloLocked ? MSG.requisitoModuloLocked : undefined}
        >
          <Dropdown
            inputId="req-modulo"
            pt={HIDE_NATIVE_SELECT}
            value={v.modulo}
            options={MODULOS.map((m) => ({ value: m.codigo, label: m.nombre }))}
            placeholder={MSG.selectPlaceholder}
            ariaLabel={MSG.requisitoModuloLabel}
            disabled={dis || moduloLocked}
            invalid={!!errors.modulo}
            onChange={(e) => set('modulo', e.value as ModuloCodigo)}
            data-testid="req-modulo"
          />
        </Field>
        <Field id="req-codigo" label={MSG.requisitoCodigoLabel} error={errors.codigo}>
          <InputText
            id="req-codigo"
            value={v.codigo}
            maxLength={20}
            disabled={dis}
            invalid={!!errors.codigo}
            onChange={(e) => set('codigo', e.target.value.toUpperCase())}
            data-testid="req-codigo"
          />
        </Field>
      </div>
      <Field id="req-nombre" label={MSG.requisitoNombreLabel} error={errors.nombreCorto}>
        <InputText
          id="req-nombre"
          value={v.nombreCorto}
          maxLength={200}
          disabled={dis}
          invalid={!!errors.nombreCorto}
          onChange={(e) => set('nombreCorto', e.target.value)}
          data-testid="req-nombre"
        />
      </Field>
      <Field
        id="req-detalle"
        label={MSG.requisitoDetalleLabel}
        hint={MSG.requisitoDetalleHint}
        error={errors.detalle}
      >
        <InputTextarea
          id="req-detalle"
          value={v.detalle}
          rows={4}
          maxLength={4000}
          autoResize
          disabled={dis}
          aria-describedby="req-detalle-hint"
          onChange={(e) => set('detalle', e.target.value)}
          data-testid="req-detalle"
        />
      </Field>
      <fieldset
        className="field ext-fieldset"
        aria-describedby={errors.extensiones ? 'req-ext-error' : undefined}
      >
        <legend>{MSG.requisitoExtensionesLabel}</legend>
        <div className="ext-grid">
          {EXTENSIONES_PERMITIDAS.map((ext) => (
            <span key={ext} className="ext-option">
              <Checkbox
                inputId={`req-ext-${ext}`}
                checked={v.extensiones.includes(ext)}
                disabled={dis}
                onChange={(e) =>
                  set(
                    'extensiones',
                    e.checked
                      ? EXTENSIONES_PERMITIDAS.filter((x) => x === ext || v.extensiones.includes(x))
                      : v.extensiones.filter((x) => x !== ext),
                  )
                }
              />
              <label htmlFor={`req-ext-${ext}`}>{ext}</label>
            </span>
          ))}
        </div>
        {errors.extensiones && (
          <small id="req-ext-error" className="field-error" role="alert">
            {errors.extensiones}
          </small>
        )}
      </fieldset>
      <div className="form-grid">
        <div className="field checkbox-field">
          <Checkbox
            inputId="req-obligatorio"
            checked={v.obligatorio}
            disabled={dis}
            onChange={(e) => set('obligatorio', !!e.checked)}
          />
          <label htmlFor="req-obligatorio">{MSG.requisitoObligatorioLabel}</label>
        </div>
        <Field id="req-aplica" label={MSG.requisitoAplicaSiLabel} error={errors.aplicaSi}>
          <Dropdown
            inputId="req-aplica"
            pt={HIDE_NATIVE_SELECT}
            value={v.aplicaSi ?? SIEMPRE}
            ariaLabel={MSG.requisitoAplicaSiLabel}
            options={APLICA_OPTIONS}
            disabled={dis}
            onChange={(e) => set('aplicaSi', e.value === SIEMPRE ? null : (e.value as AplicaSi))}
            data-testid="req-aplica"
          />
        </Field>
        <Field
          id="req-vigencia"
          label={MSG.requisitoVigenciaLabel}
          hint={MSG.requisitoVigenciaHint}
          error={errors.vigenciaDias}
        >
          <InputText
            id="req-vigencia"
            type="number"
            min={1}
            max={3650}
            value={v.vigenciaDias}
            disabled={dis}
            invalid={!!errors.vigenciaDias}
            aria-describedby="req-vigencia-hint"
            onChange={(e) => set('vigenciaDias', e.target.value)}
            data-testid="req-vigencia"
          />
        </Field>
        <Field id="req-orden" label={MSG.requisitoOrdenLabel} error={errors.orden}>
          <InputText
            id="req-orden"
            type="number"
            min={0}
            value={v.orden}
            disabled={dis}
            invalid={!!errors.orden}
            onChange={(e) => set('orden', e.target.value)}
            data-testid="req-orden"
          />
        </Field>
      </div>
      <Field id="req-base-legal" label={MSG.requisitoBaseLegalLabel} error={errors.baseLegal}>
        <InputText
          id="req-base-legal"
          value={v.baseLegal}
          maxLength={500}
          disabled={dis}
          onChange={(e) => set('baseLegal', e.target.value)}
          data-testid="req-base-legal"
        />
      </Field>
      <Field
        id="req-motivo"
        label={MSG.requisitoMotivosLabel}
        hint={dis ? undefined : MSG.requisitoMotivosHint}
        error={errors.motivosRechazo}
      >
        <MotivosEditor
          id="req-motivo"
          value={v.motivosRechazo}
          onChange={(m) => set('motivosRechazo', m)}
          disabled={dis}
        />
      </Field>
      {!dis && (
        <div className="form-actions">
          <Button
            type="submit"
            label={MSG.saveButton}
            icon="pi pi-save"
            loading={save.isPending}
            data-testid="req-save"
          />
        </div>
      )}
    </form>
  );
}
