import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { isAcceptablePassword, MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { logout } from '@/lib/logout';
import { getSession, markPasswordChanged } from '@/lib/session';
import { loginConfigQueryOptions } from '@/lib/login-config';
import { changePassword } from '../api/user-data';

const CLOSE_SESSION_MS = 3_000;

type Change = { current: string; next: string };

/**
 * Change password (docs/contract.md: settings, its transition, rule and messages): the current password
 * (after a recovery, the temporary one; docs/decisions/076), the new one twice; on success the session closes
 * after 3 s.
 */
export function ChangePasswordForm({ afterRecovery }: { afterRecovery: boolean }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const change = useMutation({
    mutationFn: async ({ current: currentPassword, next: newPassword }: Change) => {
      const session = getSession();
      if (!session) throw new Error(MSG.unauthorized);
      const config = await queryClient.fetchQuery(loginConfigQueryOptions());
      return changePassword({
        username: session.claims.unique_name,
        sessionId: session.claims.guidses,
        currentPassword,
        newPassword,
        cipherKey: config.cipherKey,
      });
    },
    onSuccess: () => {
      markPasswordChanged();
      void alerts.success(MSG.passwordChanged);
      closeTimer.current = setTimeout(() => void logout(), CLOSE_SESSION_MS);
    },
    onError: (err) => void alerts.error(MSG.passwordChangeError(errorMessage(err))),
  });

  /** The first message the three fields deserve, or '' when they are fine. */
  const check = (v: { current: string; password: string; repeat: string }): string => {
    if (!v.current) return MSG.currentPasswordRequired;
    if (!v.password || !v.repeat || v.password !== v.repeat) return MSG.passwordsDoNotMatch;
    if (!isAcceptablePassword(v.password)) return MSG.passwordTooWeak;
    return '';
  };

  /** A message goes as soon as what it asked for is done; a new one waits for the next submit. */
  const edit = (field: 'current' | 'password' | 'repeat', value: string) => {
    const next = { current, password, repeat, [field]: value };
    if (field === 'current') setCurrent(value);
    else if (field === 'password') setPassword(value);
    else setRepeat(value);
    if (error && check(next) !== error) setError('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check({ current, password, repeat });
    setError(problem);
    if (problem) return;
    change.mutate({ current, next: password });
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">{MSG.changePasswordSection}</h2>
      <PasswordField
        id="current-password"
        label={MSG.currentPasswordLabel}
        value={current}
        onChange={(v) => edit('current', v)}
        autoComplete="current-password"
        hintId={afterRecovery ? 'current-password-hint' : undefined}
        hint={afterRecovery ? MSG.currentPasswordHint : undefined}
      />
      <PasswordField
        id="new-password"
        label={MSG.newPasswordLabel}
        value={password}
        onChange={(v) => edit('password', v)}
        autoComplete="new-password"
        hintId="password-rules"
        hint={MSG.passwordRulesHint}
      />
      <PasswordField
        id="repeat-password"
        label={MSG.repeatPasswordLabel}
        value={repeat}
        onChange={(v) => edit('repeat', v)}
        autoComplete="new-password"
      />
      {error && (
        <small className="field-error" role="alert" data-testid="change-password-error">
          {error}
        </small>
      )}
      <Button
        type="submit"
        label={MSG.changePasswordButton}
        loading={change.isPending}
        disabled={change.isSuccess}
        data-testid="change-password-submit"
      />
    </form>
  );
}

/** One labelled password input with its eye toggle and, when given, a hint it is described by. */
function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  hintId?: string;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <Password
        inputId={props.id}
        value={props.value}
        toggleMask
        feedback={false}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(e.target.value)}
        className="w-full"
        inputClassName="w-full"
        aria-describedby={props.hint ? props.hintId : undefined}
      />
      {props.hint && (
        <small id={props.hintId} className="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}
