import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/es-es';
import 'altcha/types/react';
import { apiUrl } from '@/lib/api-client';
import './altcha-captcha.css';

type Props = {
  /** Challenge URL from /api/login/config (captchaChallengeUrl). */
  challengeUrl: string;
  /** The payload posted as `captcha` (base64 JSON {challenge, solution}); null when not solved. */
  onChange: (payload: string | null) => void;
  /** 'onload': solved at once without a click (the second proof of a flow, the reinforced retry). */
  auto?: 'onload';
  testId?: string;
};

type StateChangeDetail = { state: string; payload?: string };

/** The widget's own methods (altcha 3: reset aborts a running verification and its workers). */
type AltchaElement = HTMLElement & {
  reset?: () => void;
  verify?: () => Promise<unknown>;
};

/**
 * The solver gives up after this long (ALTCHA's default is 90 s, the "stuck for 90 s" of the
 * report) and the widget starts again by itself with a new challenge and new workers
 * (docs/decisions/096). A normal proof takes well under a second; a reinforced one a few seconds.
 */
const SOLVE_TIMEOUT_MS = 20_000;
/** Automatic new attempts after an error or an expired challenge, before leaving it to the user. */
const AUTO_RETRIES = 2;

/**
 * Self-hosted ALTCHA proof of work (decision 015) replacing the third-party reCAPTCHA of the
 * original. The caller gives it a new React key for every opening, so no widget, challenge or
 * solution outlives one attempt (docs/decisions/096); on unmount its running verification is
 * aborted, so no workers are left computing for a widget that is gone.
 */
export function AltchaCaptcha({ challengeUrl, onChange, auto, testId = 'captcha' }: Props) {
  const ref = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let retries = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<StateChangeDetail>).detail;
      const state = detail?.state;
      onChangeRef.current(state === 'verified' && detail.payload ? detail.payload : null);
      if (state === 'verified') retries = 0;
      // A failed fetch, a solver that timed out, or a challenge that expired while the modal stayed
      // open: a new challenge, solved by new workers, without asking the user to click again.
      if ((state === 'error' || state === 'expired') && retries < AUTO_RETRIES) {
        retries += 1;
        clearTimeout(retry);
        retry = setTimeout(() => void el.verify?.(), 0);
      }
    };
    el.addEventListener('statechange', onState);
    return () => {
      clearTimeout(retry);
      el.removeEventListener('statechange', onState);
      el.reset?.();
    };
  }, []);

  return (
    <div className="captcha-box" data-testid={testId}>
      <altcha-widget
        ref={ref}
        challenge={apiUrl(challengeUrl)}
        auto={auto}
        language="es-es"
        type="checkbox"
        name="captcha"
        configuration={JSON.stringify({
          hideFooter: false,
          hideLogo: false,
          minDuration: 300,
          timeout: SOLVE_TIMEOUT_MS,
        })}
      />
    </div>
  );
}
