import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import {
  empresaCreateBody,
  empresaUpdateBody,
  isValidNit,
  MSG,
  nitCheckDigit,
  type EmpresaAdmin,
} from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { createEmpresa, updateEmpresa } from '../api/companies';
import { Field } from '@/components/staff/field';

type Values = {
  nit: string;
  dv: string;
  razonSocial: string;
  correo: string;
  correoNotificaciones: string;
  nombreContacto: string;
};
type Errors = Partial<Record<keyof Values, string>>;

function initial(e: EmpresaAdmin | null): Values {
  return {
    nit: e?.nit ?? '',
    dv: e ? String(e.dv) : '',
    razonSocial: e?.razonSocial ?? '',
    correo: e?.correoContacto ?? '',
    correoNotificaciones: e?.usuario?.correoNotificaciones ?? '',
    nombreContacto: e?.usuario?.nombre ?? '',
  };
}

/** The NIT and its check digit, checked as the server does (domain isValidNit / nitCheckDigit). */
function nitErrors(v: Values): Errors {
  const nit = v.nit.replace(/[.\s]/g, '');
  if (!/^\d{6,15}$/.test(nit)) return { nit: MSG.empresaNitInvalido };
  if (
    !/^\d$/.test(v.dv.trim()) ||
    !isValidNit(`${nit}-${v.dv.trim()}`) ||
    Number(v.dv) !== nitCheckDigit(nit)
  )
    return { dv: MSG.empresaDvExpected };
  return {};
}

/** Company form: create (NIT + DV, razón social, contact e-mail) or edit (the NIT never changes). */
export function CompanyForm({ empresa, readOnly }: { empresa: EmpresaAdmin | null; readOnly: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [v, setV] = useState<Values>(() => initial(empresa));
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof Values, value: string) => setV((prev) => ({ ...prev, [k]: value }));

  const save = useMutation({
    mutationFn: async () => {
      if (!empresa) {
        return createEmpresa({
          nit: v.nit.replace(/[.\s]/g, ''),
          dv: Number(v.dv),
          razonSocial: v.razonSocial.trim(),
          correo: v.correo.trim(),
          ...(v.nombreContacto.trim() ? { nombreContacto: v.nombreContacto.trim() } : {}),
        });
      }
      return updateEmpresa(empresa.id, {
        razonSocial: v.razonSocial.trim(),
        correo: v.correo.trim(),
        correoNotificaciones: v.correoNotificaciones.trim() || null,
        ...(v.nombreContacto.trim() ? { nombreContacto: v.nombreContacto.trim() } : {}),
      });
    },
    onSuccess: async (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['list', 'empresas'] });
      if (empresa) {
        showToast({ severity: 'success', summary: MSG.empresaFormEdit, detail: res.message });
        return;
      }
      // The message tells the company to use 'Registrate': it must be read, so an alert.
      await alerts.success(res.message);
      void navigate(PATHS.adminEmpresa(res.empresa.id), { replace: true });
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = empresa ? {} : nitErrors(v);
    const body = empresa
      ? empresaUpdateBody.safeParse({
          razonSocial: v.razonSocial,
          correo: v.correo,
          correoNotificaciones: v.correoNotificaciones.trim() || null,
          ...(v.nombreContacto.trim() ? { nombreContacto: v.nombreContacto } : {}),
        })
      : empresaCreateBody.safeParse({
          nit: `${v.nit.replace(/[.\s]/g, '')}-${v.dv.trim()}`,
          razonSocial: v.razonSocial,
          correo: v.correo,
          ...(v.nombreContacto.trim() ? { nombreContacto: v.nombreContacto } : {}),
        });
    if (!body.success) {
      for (const issue of body.error.issues) {
        const k = issue.path[0] as keyof Values;
        if (k === 'nit') continue; // reported above with the DV-specific message
        found[k] ??=
          k === 'nombreContacto' ? MSG.invalidField(MSG.empresaNombreContactoLabel) : issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate();
  };

  const input = (
    k: keyof Values,
    label: string,
    opts: { type?: string; hint?: string; disabled?: boolean } = {},
  ) => (
    <Field id={`empresa-${k}`} label={label} hint={opts.hint} error={errors[k]}>
      <InputText
        id={`empresa-${k}`}
        type={opts.type ?? 'text'}
        value={v[k]}
        disabled={readOnly || opts.disabled}
        invalid={!!errors[k]}
        aria-describedby={opts.hint ? `empresa-${k}-hint` : undefined}
        onChange={(e) => set(k, e.target.value)}
        data-testid={`empresa-${k}`}
      />
    </Field>
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate data-testid="company-form">
      {empresa ? (
        <Field id="empresa-nit-completo" label={MSG.empresaNitLabel}>
          <InputText
            id="empresa-nit-completo"
            value={empresa.nitCompleto}
            disabled
            data-testid="empresa-nit-completo"
          />
        </Field>
      ) : (
        <div className="nit-row">
          <Field id="empresa-nit" label={MSG.empresaNitLabel} hint={MSG.empresaNitHint} error={errors.nit}>
            <InputText
              id="empresa-nit"
              inputMode="numeric"
              value={v.nit}
              disabled={readOnly}
              invalid={!!errors.nit}
              aria-describedby="empresa-nit-hint"
              onChange={(e) => set('nit', e.target.value)}
              data-testid="empresa-nit"
            />
          </Field>
          <Field id="empresa-dv" label={MSG.empresaDvLabel} className="dv-field">
            <InputText
              id="empresa-dv"
              inputMode="numeric"
              maxLength={1}
              value={v.dv}
              disabled={readOnly}
              invalid={!!errors.dv}
              onChange={(e) => set('dv', e.target.value)}
              data-testid="empresa-dv"
              aria-describedby={errors.dv ? 'empresa-dv-error' : undefined}
            />
          </Field>
          {errors.dv && (
            <small
              id="empresa-dv-error"
              className="field-error nit-row-error"
              role="alert"
              data-testid="empresa-dv-error"
            >
              {errors.dv}
            </small>
          )}
        </div>
      )}
      {input('razonSocial', MSG.empresaRazonSocialLabel)}
      {input('correo', MSG.empresaCorreoLabel, { type: 'email', hint: MSG.empresaCorreoHint })}
      {empresa && input('correoNotificaciones', MSG.empresaCorreoNotificacionesLabel, { type: 'email' })}
      {input('nombreContacto', MSG.empresaNombreContactoLabel)}
      {!readOnly && (
        <div className="form-actions">
          <Button
            type="submit"
            label={MSG.saveButton}
            icon="pi pi-save"
            loading={save.isPending}
            data-testid="empresa-save"
          />
        </div>
      )}
    </form>
  );
}
