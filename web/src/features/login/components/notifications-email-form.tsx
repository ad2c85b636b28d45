import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MSG, userDataBody } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { saveNotificationsEmail, userDataQueryOptions } from '../api/user-data';

/** Notifications e-mail with Guardar ('Ingrese un correo valido.'). */
export function NotificationsEmailForm() {
  const queryClient = useQueryClient();
  const userData = useQuery(userDataQueryOptions());
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (userData.data) setEmail(userData.data.correoNotificaciones);
  }, [userData.data]);

  const save = useMutation({
    mutationFn: saveNotificationsEmail,
    onSuccess: (message) => {
      showToast({ severity: 'success', summary: MSG.notificationsSection, detail: message });
      void queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = userDataBody.safeParse({ correo_notificaciones: email });
    if (!parsed.success) {
      setError(MSG.invalidEmail);
      return;
    }
    setError('');
    save.mutate(parsed.data.correo_notificaciones);
  };

  return (
    <form className="settings-card" onSubmit={submit} noValidate aria-labelledby="notifications-title">
      <h2 id="notifications-title">{MSG.notificationsSection}</h2>
      <div className="field">
        <label htmlFor="notifications-email">{MSG.notificationsEmailLabel}</label>
        <InputText
          id="notifications-email"
          type="email"
          value={email}
          autoComplete="email"
          disabled={userData.isPending}
          invalid={!!error}
          onChange={(e) => {
            setEmail(e.target.value);
            // The message goes as soon as the address is valid (a new one waits for Guardar).
            if (error && userDataBody.safeParse({ correo_notificaciones: e.target.value }).success)
              setError('');
          }}
        />
      </div>
      {error && (
        <small className="field-error" role="alert" data-testid="notifications-error">
          {error}
        </small>
      )}
      <Button
        type="submit"
        label={MSG.saveButton}
        loading={save.isPending}
        data-testid="notifications-save"
      />
    </form>
  );
}
