import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/es-es';
import 'altcha/types/react';
import { apiUrl } from '@/lib/api-client';

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

/**
 * Self-hosted ALTCHA proof of work (decision 015) replacing the third-party reCAPTCHA of the
 * original. Mounted fresh every time the data-protection modal opens, so a failed sign-in always
 * needs a new solution (the server refuses replays anyway).
 */
export function AltchaCaptcha({ challengeUrl, onChange, auto, testId = 'captcha' }: Props) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
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
        configuration={JSON.stringify({ hideFooter: false, hideLogo: false, minDuration: 300 })}
      />
    </div>
  );
}
