import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  invitacionUsuarioBody,
  ROLES_EMPRESA_OPCIONES,
  TIPOS_DOCUMENTO_USUARIO_OPCIONES,
  type InvitacionUsuario,
  USUARIOS_EMPRESA_MSG,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { invitarUsuario } from '../api/usuarios-empresa';

type Values = { [K in keyof InvitacionUsuario]: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { tipoDocumento: 'CC', numeroDocumento: '', nombre: '', correo: '', rol: 'cargador' };

/** A labelled field with its inline error (decision 012; the same markup as the admin feature's Field). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <small className="field-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

/** 'Invitar usuario': document kind and number, name, e-mail and role, checked as the server does. */
export function InvitarUsuarioDialog({
  visible,
  onHide,
  onSaved,
}: {
  visible: boolean;
  onHide: () => void;
  onSaved: (message: string) => void;
}) {
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof Values, value: string) => {
    setV((prev) => ({ ...prev, [k]: value }));
    if (errors[k]) setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  const save = useMutation({
    mutationFn: (body: InvitacionUsuario) => invitarUsuario(body),
    onSuccess: (res) => {
      setV(EMPTY);
      onSaved(res.message);
    },
    onError: (err) => {
      // The server's field problems (a document already in use) go next to the field.
      const campos =
        err instanceof ApiError ? (err.detail as { campos?: Errors } | undefined)?.campos : undefined;
      if (campos && Object.keys(campos).length) setErrors(campos);
      else void alerts.error(errorMessage(err));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = invitacionUsuarioBody.safeParse(v);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Values;
        next[k] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const field = (k: 'numeroDocumento' | 'nombre' | 'correo', label: string, extra: object = {}) => (
    <Field id={`usuario-${k}`} label={label} error={errors[k]}>
      <InputText
        id={`usuario-${k}`}
        value={v[k]}
        invalid={!!errors[k]}
        onChange={(e) => set(k, e.target.value)}
        data-testid={`usuario-${k}`}
        {...extra}
      />
    </Field>
  );

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={USUARIOS_EMPRESA_MSG.usuarioInvitarTitle}
      className="brand-dialog usuario-dialog"
      style={{ width: 'min(520px, 96vw)' }}
      draggable={false}
      resizable={false}
    >
      <form onSubmit={submit} noValidate data-testid="usuario-form">
        <Field
          id="usuario-tipoDocumento"
          label={USUARIOS_EMPRESA_MSG.usuarioTipoDocumento}
          error={errors.tipoDocumento}
        >
          <Dropdown
            inputId="usuario-tipoDocumento"
            pt={HIDE_NATIVE_SELECT}
            value={v.tipoDocumento}
            options={[...TIPOS_DOCUMENTO_USUARIO_OPCIONES]}
            ariaLabel={USUARIOS_EMPRESA_MSG.usuarioTipoDocumento}
            onChange={(e) => set('tipoDocumento', e.value as string)}
            data-testid="usuario-tipoDocumento"
          />
        </Field>
        {field('numeroDocumento', USUARIOS_EMPRESA_MSG.usuarioNumeroDocumento, {
          maxLength: 20,
          autoComplete: 'off',
        })}
        {field('nombre', USUARIOS_EMPRESA_MSG.usuarioNombre, { maxLength: 120, autoComplete: 'off' })}
        {field('correo', USUARIOS_EMPRESA_MSG.usuarioCorreo, {
          maxLength: 254,
          type: 'email',
          autoComplete: 'off',
        })}
        <Field id="usuario-rol" label={USUARIOS_EMPRESA_MSG.usuarioRol} error={errors.rol}>
          <Dropdown
            inputId="usuario-rol"
            pt={HIDE_NATIVE_SELECT}
            value={v.rol}
            options={[...ROLES_EMPRESA_OPCIONES]}
            ariaLabel={USUARIOS_EMPRESA_MSG.usuarioRol}
            onChange={(e) => set('rol', e.value as string)}
            data-testid="usuario-rol"
          />
        </Field>
        <div className="dialog-actions">
          <Button type="button" label={USUARIOS_EMPRESA_MSG.usuarioCancelar} outlined onClick={onHide} />
          <Button
            type="submit"
            label={USUARIOS_EMPRESA_MSG.usuarioInvitarSubmit}
            icon="pi pi-send"
            loading={save.isPending}
            data-testid="usuario-invitar-enviar"
          />
        </div>
      </form>
    </Dialog>
  );
}
