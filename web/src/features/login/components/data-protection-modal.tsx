import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { LOGIN_MSG, REINFORCED_CAPTCHA } from '@proveedores/domain';

// The widget (~250 kB) loads only when the modal first opens.
const AltchaCaptcha = lazy(async () => ({ default: (await import('./altcha-captcha')).AltchaCaptcha }));

type Props = {
  visible: boolean;
  challengeUrl: string;
  onHide: () => void;
  /** Called with the solved captcha payload when the user presses Ingresar. */
  onAccept: (captcha: string) => void;
  /**
   * The account is under attack (docs/decisions/076): a reinforced challenge, solved without a click
   * and sent as soon as it is solved; the owner waits a few seconds, an attacker pays it every try.
   */
  reinforced?: boolean;
};

/** Data-protection notice with the captcha and 'Ingresar' (the login flow). */
export function DataProtectionModal({ visible, challengeUrl, onHide, onAccept, reinforced }: Props) {
  const [payload, setPayload] = useState<string | null>(null);
  const [error, setError] = useState('');
  // Every opening gets a new widget (a new key): a new challenge and new workers, never the widget of
  // the previous attempt, whatever the dialog's exit transition did with it (docs/decisions/096).
  const [opening, setOpening] = useState(0);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) {
      setOpening((n) => n + 1);
      setPayload(null);
      setError('');
    }
  }

  const accept = () => {
    if (!payload) {
      setError(LOGIN_MSG.captchaNotValidated);
      return;
    }
    onAccept(payload);
  };

  return (
    <Dialog
      header={LOGIN_MSG.dataProtectionTitle}
      visible={visible}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      footer={
        <Button
          label={LOGIN_MSG.enterButton}
          icon="pi pi-sign-in"
          onClick={accept}
          data-testid="captcha-enter"
        />
      }
    >
      <p className="data-protection-text">{LOGIN_MSG.dataProtection}</p>
      <p className="hint" role={reinforced ? 'status' : undefined}>
        {reinforced ? LOGIN_MSG.captchaReinforcedHelp : LOGIN_MSG.captchaHelp}
      </p>
      <Suspense fallback={<p className="hint">{LOGIN_MSG.loading}</p>}>
        {reinforced ? (
          <AltchaCaptcha
            key={`reforzado-${opening}`}
            challengeUrl={`${challengeUrl}?nivel=${REINFORCED_CAPTCHA}`}
            auto="onload"
            testId="captcha-reinforced"
            onChange={(p) => p && onAccept(p)}
          />
        ) : (
          <AltchaCaptcha
            key={`normal-${opening}`}
            challengeUrl={challengeUrl}
            onChange={(p) => {
              setPayload(p);
              if (p) setError('');
            }}
          />
        )}
      </Suspense>
      {error && (
        <small className="field-error" role="alert" data-testid="captcha-error">
          {error}
        </small>
      )}
    </Dialog>
  );
}
