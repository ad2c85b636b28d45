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
  MODULOS_APTITUD,
  MESES_MAXIMOS_CONCEPTO,
  MESES_SIN_CAMBIO_ALTURAS,
  MSG,
  TIPOS_VIGENCIA,
  requisitoCreateBody,
  requisitoUpdateBody,
  type AplicaSi,
  type ModuloCodigo,
  type RequisitoAdmin,
  type TipoVigencia,
  CARGA_MULTIPLE_MSG,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { createRequisito, updateRequisito } from '../api/catalog';
import { Field } from '@/components/staff/field';
import { MotivosEditor } from './motivos-editor';

type Values = {
  modulo: ModuloCodigo | null;
  codigo: string;
  nombreCorto: string;
  detalle: string;
  extensiones: string[];
  obligatorio: boolean;
  /** One upload may cover several workers (docs/decisions/139); sg-personal only. */
  cargaMultiple: boolean;
  /** A temporary authorization may stand in for it at the gate (docs/decisions/182); else its norm. */
  dispensable: boolean;
  baseLegalDispensa: string;
  aplicaSi: AplicaSi | null;
  vigenciaDias: string;
  baseLegal: string;
  orden: string;
  motivosRechazo: string[];
  /** Validity rule (decision 105): null = approval date + vigenciaDias. */
  reglaTipo: TipoVigencia | null;
  reglaDias: string;
  /** sin_vencimiento: an end date the document states is honoured (decision 183). */
  reglaSiLoIndica: boolean;
  reglaMesesSinCambio: string;
  reglaMesesMaximos: string;
  reglaBaseLegal: string;
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

const NINGUNA = 'ninguna';
const REGLA_OPTIONS: Array<{ value: TipoVigencia | typeof NINGUNA; label: string }> = [
  { value: NINGUNA, label: MSG.reglaVigenciaNinguna },
  ...TIPOS_VIGENCIA.map((tipo) => ({ value: tipo, label: MSG.reglaVigenciaTipo[tipo] })),
];

function initial(r: RequisitoAdmin | null, copy: boolean): Values {
  const regla = r?.reglaVigencia ?? null;
  return {
    reglaTipo: regla?.tipo ?? null,
    reglaDias: regla?.tipo === 'dias_desde_expedicion' ? String(regla.dias) : '',
    reglaSiLoIndica: regla?.tipo === 'sin_vencimiento' ? !!regla.vencimientoSiLoIndica : false,
    reglaMesesSinCambio: String(
      regla?.tipo === 'por_proyecto' ? regla.mesesSinCambio : MESES_SIN_CAMBIO_ALTURAS,
    ),
    reglaMesesMaximos: String(regla?.tipo === 'segun_concepto' ? regla.mesesMaximos : MESES_MAXIMOS_CONCEPTO),
    reglaBaseLegal: regla?.baseLegal ?? '',
    modulo: r?.modulo ?? null,
    codigo: r && !copy ? r.codigo : '',
    nombreCorto: r?.nombreCorto ?? '',
    detalle: r?.detalle ?? '',
    extensiones: r ? r.extensiones.split(',').filter(Boolean) : ['pdf'],
    obligatorio: r ? !r.opcional : true,
    cargaMultiple: r?.cargaMultiple ?? false,
    dispensable: r?.dispensable ?? true,
    baseLegalDispensa: r?.baseLegalDispensa ?? '',
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
  cargaMultiple: 'req-carga-multiple',
  dispensable: 'req-dispensable',
  baseLegalDispensa: 'req-base-dispensa',
  aplicaSi: 'req-aplica',
  vigenciaDias: 'req-vigencia',
  orden: 'req-orden',
  baseLegal: 'req-base-legal',
  reglaTipo: 'req-regla',
  reglaDias: 'req-regla-dias',
  reglaSiLoIndica: 'req-regla-si-lo-indica',
  reglaMesesSinCambio: 'req-regla-meses-sin-cambio',
  reglaMesesMaximos: 'req-regla-meses-maximos',
  reglaBaseLegal: 'req-regla-base-legal',
  motivosRechazo: 'req-motivo',
};

/** Form field of an issue of the rule's schema. */
const REGLA_FIELDS: Record<string, keyof Values> = {
  tipo: 'reglaTipo',
  dias: 'reglaDias',
  mesesSinCambio: 'reglaMesesSinCambio',
  mesesMaximos: 'reglaMesesMaximos',
  baseLegal: 'reglaBaseLegal',
};

/** Empty is NaN: the schema refuses it like any other number out of range. */
const numero = (s: string) => (s.trim() === '' ? NaN : Number(s.trim()));

/** The message of a refused rule field (the schema's ranges, decision 105). */
function reglaError(k: keyof Values, issue: string): string {
  if (k === 'reglaBaseLegal') return MSG.reglaVigenciaBaseLegalRequerida;
  if (k === 'reglaDias') return MSG.reglaVigenciaNumeroInvalido(1, 3650);
  if (k === 'reglaMesesSinCambio' || k === 'reglaMesesMaximos')
    return MSG.reglaVigenciaNumeroInvalido(1, 120);
  return issue;
}

/** The rule object the API takes (the domain schema checks it; missing numbers are issues). */
function toRegla(v: Values) {
  const baseLegal = v.reglaBaseLegal.trim();
  switch (v.reglaTipo) {
    case null:
      return null;
    case 'dias_desde_expedicion':
      return { tipo: v.reglaTipo, dias: numero(v.reglaDias), baseLegal };
    case 'por_proyecto':
      return { tipo: v.reglaTipo, mesesSinCambio: numero(v.reglaMesesSinCambio), baseLegal };
    case 'segun_concepto':
      return { tipo: v.reglaTipo, mesesMaximos: numero(v.reglaMesesMaximos), baseLegal };
    case 'sin_vencimiento':
      return { tipo: v.reglaTipo, ...(v.reglaSiLoIndica ? { vencimientoSiLoIndica: true } : {}), baseLegal };
    default:
      return { tipo: v.reglaTipo, baseLegal };
  }
}
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
    // Only worker documents can cover several workers (docs/decisions/139).
    cargaMultiple: v.modulo === 'sg-personal' && v.cargaMultiple,
    dispensable: v.dispensable,
    baseLegalDispensa: v.dispensable ? null : v.baseLegalDispensa.trim() || null,
    aplicaSi: v.aplicaSi,
    vigenciaDias: dias === '' ? null : Number(dias),
    baseLegal: v.baseLegal.trim() || null,
    ...(orden === '' ? {} : { orden: Number(orden) }),
    motivosRechazo: v.motivosRechazo,
    reglaVigencia: toRegla(v),
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
  const set = <K extends keyof Values>(k: K, value: Values[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    // a field the person changes no longer shows the error of the last attempt
    setErrors((prev) => (prev[k] ? { ...prev, [k]: undefined } : prev));
  };
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
        if (issue.path[0] === 'reglaVigencia') {
          const k = REGLA_FIELDS[String(issue.path[1])] ?? 'reglaTipo';
          found[k] ??= reglaError(k, issue.message);
          continue;
        }
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
  // Whether an authorization may stand in for it only matters for what the gate counts (decision 182).
  const deIngreso = v.modulo !== null && (MODULOS_APTITUD as readonly string[]).includes(v.modulo);
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
        {v.modulo === 'sg-personal' && (
          <CheckboxField
            id="req-carga-multiple"
            checked={v.cargaMultiple}
            disabled={dis}
            onChange={(c) => set('cargaMultiple', c)}
            label={CARGA_MULTIPLE_MSG.cargaMultipleLabel}
            hint={CARGA_MULTIPLE_MSG.cargaMultipleHint}
          />
        )}
        {deIngreso && (
          <CheckboxField
            id="req-dispensable"
            checked={v.dispensable}
            disabled={dis}
            onChange={(c) => set('dispensable', c)}
            label={MSG.requisitoDispensableLabel}
            hint={MSG.requisitoDispensableHint}
          />
        )}
        {deIngreso && !v.dispensable && (
          <Field
            id="req-base-dispensa"
            label={MSG.requisitoBaseDispensaLabel}
            error={errors.baseLegalDispensa}
          >
            <InputText
              id="req-base-dispensa"
              value={v.baseLegalDispensa}
              disabled={dis}
              maxLength={500}
              onChange={(e) => set('baseLegalDispensa', e.target.value)}
              data-testid="req-base-dispensa"
            />
          </Field>
        )}
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
      <fieldset className="field regla-fieldset" data-testid="req-regla-fieldset">
        <legend>{MSG.reglaVigenciaLabel}</legend>
        <Field
          id="req-regla"
          label={MSG.reglaVigenciaTipoLabel}
          hint={MSG.reglaVigenciaHint}
          error={errors.reglaTipo}
        >
          <Dropdown
            inputId="req-regla"
            pt={HIDE_NATIVE_SELECT}
            value={v.reglaTipo ?? NINGUNA}
            ariaLabel={MSG.reglaVigenciaTipoLabel}
            options={REGLA_OPTIONS}
            disabled={dis}
            onChange={(e) => set('reglaTipo', e.value === NINGUNA ? null : (e.value as TipoVigencia))}
            data-testid="req-regla"
          />
        </Field>
        {v.reglaTipo !== null && (
          <div className="form-grid">
            {v.reglaTipo === 'dias_desde_expedicion' && (
              <Field id="req-regla-dias" label={MSG.reglaVigenciaDias} error={errors.reglaDias}>
                <InputText
                  id="req-regla-dias"
                  type="number"
                  min={1}
                  max={3650}
                  value={v.reglaDias}
                  disabled={dis}
                  invalid={!!errors.reglaDias}
                  onChange={(e) => set('reglaDias', e.target.value)}
                  data-testid="req-regla-dias"
                />
              </Field>
            )}
            {v.reglaTipo === 'sin_vencimiento' && (
              <CheckboxField
                id="req-regla-si-lo-indica"
                checked={v.reglaSiLoIndica}
                disabled={dis}
                onChange={(c) => set('reglaSiLoIndica', c)}
                label={MSG.reglaVigenciaSiLoIndica}
                hint={MSG.reglaVigenciaSiLoIndicaHint}
              />
            )}
            {v.reglaTipo === 'por_proyecto' && (
              <Field
                id="req-regla-meses-sin-cambio"
                label={MSG.reglaVigenciaMesesSinCambio}
                hint={MSG.reglaVigenciaMesesSinCambioHint}
                error={errors.reglaMesesSinCambio}
              >
                <InputText
                  id="req-regla-meses-sin-cambio"
                  type="number"
                  min={1}
                  max={120}
                  value={v.reglaMesesSinCambio}
                  disabled={dis}
                  invalid={!!errors.reglaMesesSinCambio}
                  aria-describedby="req-regla-meses-sin-cambio-hint"
                  onChange={(e) => set('reglaMesesSinCambio', e.target.value)}
                  data-testid="req-regla-meses-sin-cambio"
                />
              </Field>
            )}
            {v.reglaTipo === 'segun_concepto' && (
              <Field
                id="req-regla-meses-maximos"
                label={MSG.reglaVigenciaMesesMaximos}
                hint={MSG.reglaVigenciaMesesMaximosHint}
                error={errors.reglaMesesMaximos}
              >
                <InputText
                  id="req-regla-meses-maximos"
                  type="number"
                  min={1}
                  max={120}
                  value={v.reglaMesesMaximos}
                  disabled={dis}
                  invalid={!!errors.reglaMesesMaximos}
                  aria-describedby="req-regla-meses-maximos-hint"
                  onChange={(e) => set('reglaMesesMaximos', e.target.value)}
                  data-testid="req-regla-meses-maximos"
                />
              </Field>
            )}
          </div>
        )}
        {v.reglaTipo !== null && (
          <Field id="req-regla-base-legal" label={MSG.reglaVigenciaBaseLegal} error={errors.reglaBaseLegal}>
            <InputText
              id="req-regla-base-legal"
              value={v.reglaBaseLegal}
              maxLength={500}
              disabled={dis}
              invalid={!!errors.reglaBaseLegal}
              onChange={(e) => set('reglaBaseLegal', e.target.value)}
              data-testid="req-regla-base-legal"
            />
          </Field>
        )}
      </fieldset>
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

/** A checkbox with its label and a hint under it, tied by aria-describedby (data-testid = id). */
function CheckboxField(p: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div className="field checkbox-field" style={{ flexWrap: 'wrap' }}>
      <Checkbox
        inputId={p.id}
        checked={p.checked}
        disabled={p.disabled}
        aria-describedby={`${p.id}-hint`}
        onChange={(e) => p.onChange(!!e.checked)}
        data-testid={p.id}
      />
      {/* Beside its box however long (a wrapping label used to drop below it). */}
      <label htmlFor={p.id} style={{ flex: '1 1 0', minWidth: 0 }}>
        {p.label}
      </label>
      <small id={`${p.id}-hint`} className="hint" style={{ flexBasis: '100%' }}>
        {p.hint}
      </small>
    </div>
  );
}
