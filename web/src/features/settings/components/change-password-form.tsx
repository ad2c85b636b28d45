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
import { changePassword } from '../api/settings';

const CLOSE_SESSION_MS = 3_000;

/** Change password (section 2 Settings, 4, 5, 8): on success the session closes after 3 s. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const change = useMutation({
    mutationFn: async (newPassword: string) => {
      const session = getSession();
      if (!session) throw new Error(MSG.unauthorized);
      const config = await queryClient.fetchQuery(loginConfigQueryOptions());
      return changePassword({
        username: session.claims.unique_name,
        sessionId: session.claims.guidses,
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !repeat || password !== repeat) {
      setError(MSG.passwordsDoNotMatch);
      return;
    }
    if (!isAcceptablePassword(password)) {
      setError(MSG.passwordTooWeak);
      return;
    }
    setError('');
    change.mutate(password);
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">{MSG.changePasswordSection}</h2>
      <div className="field">
        <label htmlFor="new-password">{MSG.newPasswordLabel}</label>
        <Password
          inputId="new-password"
          value={password}
          toggleMask
          feedback={false}
          autoComplete="new-password"
          onChange={(e) => setPassword(e.target.value)}
          className="w-full"
          inputClassName="w-full"
          aria-describedby="password-rules"
        />
        <small id="password-rules" className="hint">
          {MSG.passwordRulesHint}
        </small>
      </div>
      <div className="field">
        <label htmlFor="repeat-password">{MSG.repeatPasswordLabel}</label>
        <Password
          inputId="repeat-password"
          value={repeat}
          toggleMask
          feedback={false}
          autoComplete="new-password"
          onChange={(e) => setRepeat(e.target.value)}
          className="w-full"
          inputClassName="w-full"
        />
      </div>
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
