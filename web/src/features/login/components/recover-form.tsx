import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { LOGIN_MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { lookupAccount, sendTemporaryPassword } from '../api/recover';

const AltchaCaptcha = lazy(async () => ({ default: (await import('./altcha-captcha')).AltchaCaptcha }));

export type RecoverMode = 'register' | 'recover';

const BACK_TO_LOGIN_MS = 3_000;

/**
 * Register / recover panel (the recover flow of docs/contract.md, States and transitions): identify, solve
 * the captcha, see the masked e-mail, tick it, press Registrar; after the success message, 3 s later the page
 * returns to login. Each of the two calls spends one captcha (docs/decisions/078): the user ticks the first,
 * the second solves itself while the user ticks the e-mail.
 */
export function RecoverForm({
  mode,
  onDone,
  challengeUrl,
}: {
  mode: RecoverMode;
  onDone: () => void;
  challengeUrl: string;
}) {
  const [identification, setIdentification] = useState('');
  const [maskedEmail, setMaskedEmail] = useState<string | null>(null);
  const [sendToEmail, setSendToEmail] = useState(false);
  const [error, setError] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  // A new key mounts a new widget, so a spent solution is never sent twice.
  const [captchaKey, setCaptchaKey] = useState(0);
  const freshCaptcha = () => {
    setCaptcha(null);
    setCaptchaKey((k) => k + 1);
  };
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(doneTimer.current), []);

  const lookup = useAction(lookupAccount, {
    onSuccess: (correo) => {
      freshCaptcha();
      setMaskedEmail(correo);
      setSendToEmail(false);
    },
    onError: (err) => {
      freshCaptcha();
      setMaskedEmail(null);
      void alerts.error(errorMessage(err));
    },
  });

  const send = useAction(sendTemporaryPassword, {
    onSuccess: (message) => {
      void alerts.success(message);
      doneTimer.current = setTimeout(onDone, BACK_TO_LOGIN_MS);
    },
    onError: (err) => {
      freshCaptcha();
      void alerts.error(errorMessage(err));
    },
  });

  const onContinue = (e: FormEvent) => {
    e.preventDefault();
    if (!identification.trim()) {
      setError(LOGIN_MSG.loginNitRequired);
      return;
    }
    if (!captcha) {
      setError(LOGIN_MSG.captchaNotValidated);
      return;
    }
    setError('');
    lookup.mutate({ identification, captcha });
  };

  const onRegister = () => {
    if (!sendToEmail) {
      setError(LOGIN_MSG.chooseEmailFirst);
      return;
    }
    if (!captcha) {
      setError(LOGIN_MSG.captchaNotValidated);
      return;
    }
    setError('');
    send.mutate({ identification, captcha });
  };

  const widget = (auto?: 'onload') => (
    <Suspense fallback={<p className="hint">{LOGIN_MSG.loading}</p>}>
      <AltchaCaptcha
        key={captchaKey}
        challengeUrl={challengeUrl}
        auto={auto}
        testId={auto ? 'recover-captcha-auto' : 'recover-captcha'}
        onChange={(p) => {
          setCaptcha(p);
          // Only the captcha's own message goes when it is solved: the auto captcha may finish after
          // a click on Registrar that asked to tick the e-mail first, and that message must stay.
          if (p) setError((m) => (m === LOGIN_MSG.captchaNotValidated ? '' : m));
        }}
      />
    </Suspense>
  );

  const title = mode === 'recover' ? LOGIN_MSG.recoverTitle : LOGIN_MSG.registerTitle;
  return (
    <section className="recover-form" aria-labelledby="recover-title">
      <h2 id="recover-title">{title}</h2>
      <form onSubmit={onContinue} noValidate>
        <div className="field">
          <label htmlFor="recover-identification">{LOGIN_MSG.identificationLabel}</label>
          <InputText
            id="recover-identification"
            value={identification}
            inputMode="numeric"
            autoComplete="username"
            disabled={send.isSuccess}
            onChange={(e) => {
              setIdentification(e.target.value);
              // A field's message goes as soon as the field is valid.
              if (e.target.value.trim()) setError((m) => (m === LOGIN_MSG.loginNitRequired ? '' : m));
              if (maskedEmail !== null) {
                setMaskedEmail(null);
                freshCaptcha();
              }
            }}
          />
        </div>
        {maskedEmail === null && (
          <>
            <p className="hint">{LOGIN_MSG.recoverCaptchaHelp}</p>
            {widget()}
          </>
        )}
        {maskedEmail === null && (
          <Button
            type="submit"
            label={LOGIN_MSG.continueLabel}
            className="w-full"
            loading={lookup.isPending}
            data-testid="recover-continue"
          />
        )}
      </form>

      {maskedEmail !== null && (
        <div className="recover-send">
          <div className="checkbox-row">
            <Checkbox
              inputId="recover-send-email"
              checked={sendToEmail}
              disabled={send.isSuccess}
              onChange={(e) => {
                setSendToEmail(!!e.checked);
                if (e.checked) setError((m) => (m === LOGIN_MSG.chooseEmailFirst ? '' : m));
              }}
            />
            <label htmlFor="recover-send-email" data-testid="masked-email">
              {LOGIN_MSG.sendToMaskedEmail(maskedEmail)}
            </label>
          </div>
          {!send.isSuccess && widget('onload')}
          <Button
            type="button"
            label={LOGIN_MSG.registerButton}
            className="w-full"
            loading={send.isPending}
            disabled={send.isSuccess}
            onClick={onRegister}
            data-testid="recover-register"
          />
        </div>
      )}

      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}

      <button type="button" className="link-button back-link" onClick={onDone}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> {LOGIN_MSG.backToLogin}
      </button>
    </section>
  );
}
