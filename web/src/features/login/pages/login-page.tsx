import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LOGIN_MSG, REINFORCED_CAPTCHA, TYPEUSER, type TokenClaims } from '@proveedores/domain';
import { onWelcomeShellClose, removeWelcomeShell, welcomeShellClosed } from '@/app/welcome-shell';
import { prefetchSignedIn, whenLoadedAndIdle } from '@/app/prefetch-signed-in';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { hasSignedInThisPageLoad, startSession, useSession } from '@/lib/session';
import { useLoginConfig } from '@/lib/login-config';
import { useAction } from '@/lib/use-action';
import { signIn } from '../api/sign-in';
import { LoginForm, type LoginCredentials } from '../components/login-form';
import type { RecoverMode } from '../components/recover-form';

// Rendered after the form (decision 073, login route budget): the dialogs and the recovery panel.
const WelcomeModal = lazy(async () => ({
  default: (await import('../components/welcome-modal')).WelcomeModal,
}));
const DataProtectionModal = lazy(async () => ({
  default: (await import('../components/data-protection-modal')).DataProtectionModal,
}));
const RecoverForm = lazy(async () => ({ default: (await import('../components/recover-form')).RecoverForm }));

/**
 * The welcome notice greets a visitor once per page load; someone who was signed in during this
 * load (and has just signed out or expired) is not greeted again.
 */
let welcomeShown = false;

type Attempt = LoginCredentials & { reinforced?: boolean };

/** Where a signed-in person lands: a gate user at the gate (decision 124), everyone else home. */
const landing = (c: TokenClaims) =>
  c.changepassword === 'true'
    ? PATHS.cambiarClave
    : c.typeuser === TYPEUSER.PORTERIA
      ? PATHS.porteria
      : PATHS.home;

type Panel = { kind: 'login' } | { kind: 'recover'; mode: RecoverMode };

/** Login screen (docs/contract.md): two toggling panels and two modals. */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const config = useLoginConfig();
  const [panel, setPanel] = useState<Panel>({ kind: 'login' });
  const [panelKey, setPanelKey] = useState(0);
  // Closed already if the visitor closed the notice index.html painted before the app came (decision 148).
  const [welcome, setWelcome] = useState(
    () => !welcomeShown && !hasSignedInThisPageLoad() && !welcomeShellClosed(),
  );
  const [pending, setPending] = useState<Attempt | null>(null);
  const [errorCount, setErrorCount] = useState(0);
  const last = useRef<Attempt | null>(null);

  const login = useAction(signIn, {
    onSuccess: (token) => {
      const { claims } = startSession(token);
      void navigate(landing(claims), { replace: true });
    },
    onError: (err) => {
      // An account under attack (docs/decisions/076): once, the modal solves a reinforced captcha by itself.
      const again = last.current;
      if (
        again &&
        !again.reinforced &&
        (err as { detail?: { captcha?: unknown } }).detail?.captcha === REINFORCED_CAPTCHA
      ) {
        setPending({ ...again, reinforced: true });
        return;
      }
      setErrorCount((n) => n + 1);
      void alerts.error(errorMessage(err));
    },
  });

  // The painted notice leaves when the app's own has appeared (WelcomeModal), or now if none is due.
  useEffect(() => {
    if (!welcome) removeWelcomeShell();
  }, [welcome]);
  // The home's files come into the HTTP cache while the visitor signs in (docs/decisions/153).
  useEffect(() => whenLoadedAndIdle(prefetchSignedIn), []);
  useEffect(
    () =>
      onWelcomeShellClose(() => {
        welcomeShown = true;
        setWelcome(false);
      }),
    [],
  );

  if (session && !login.isPending) {
    return <Navigate to={landing(session.claims)} replace />;
  }

  const closeWelcome = () => {
    welcomeShown = true;
    setWelcome(false);
  };

  const onContinue = (credentials: LoginCredentials) => {
    if (!config.data) {
      void alerts.error(config.error ? errorMessage(config.error) : LOGIN_MSG.loading);
      return;
    }
    setPending(credentials);
  };

  const onCaptcha = (captcha: string) => {
    const credentials = pending;
    setPending(null);
    if (!credentials || !config.data) return;
    last.current = credentials;
    login.mutate({ ...credentials, captcha, cipherKey: config.data.cipherKey });
  };

  const challengeUrl = config.data?.captchaChallengeUrl ?? 'api/login/captcha';

  const backToLogin = () => {
    setPanel({ kind: 'login' });
    setPanelKey((k) => k + 1);
  };

  return (
    <div className="login-page">
      <main className="login-card" aria-busy={login.isPending}>
        <header className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            <i className="pi pi-shield" />
          </span>
          <h1 className="brand-title">{LOGIN_MSG.appTitle}</h1>
        </header>
        {panel.kind === 'login' ? (
          <LoginForm
            key={panelKey}
            sstMailbox={config.data?.sstMailbox}
            errorCount={errorCount}
            busy={login.isPending}
            onContinue={onContinue}
            onForgot={() => setPanel({ kind: 'recover', mode: 'recover' })}
            onRegister={() => setPanel({ kind: 'recover', mode: 'register' })}
          />
        ) : (
          <Suspense fallback={null}>
            <RecoverForm
              key={`${panel.mode}-${panelKey}`}
              mode={panel.mode}
              onDone={backToLogin}
              challengeUrl={challengeUrl}
            />
          </Suspense>
        )}
      </main>

      <Suspense fallback={null}>
        <WelcomeModal visible={welcome} onHide={closeWelcome} />
      </Suspense>
      <Suspense fallback={null}>
        <DataProtectionModal
          visible={pending !== null}
          challengeUrl={challengeUrl}
          reinforced={pending?.reinforced}
          onHide={() => setPending(null)}
          onAccept={onCaptcha}
        />
      </Suspense>
    </div>
  );
}
