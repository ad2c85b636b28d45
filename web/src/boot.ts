// The web app's entry (docs/decisions/134): a few hundred bytes that choose what to load. The gate
// page, opened on a guard's phone over a slow link, loads only its own bundle (./app/gate-app: React,
// the gate and its strings); every other page loads the whole app (./main: router, shell,
// PrimeReact), as before.
import './app/zod-browser';
import { setUpWelcomeShell } from './app/welcome-shell';

// The sign-in screen's welcome notice painted by index.html (docs/decisions/148).
const welcomeShell = setUpWelcomeShell();

const enPorteria = () => /^#\/porteria\/?(?:[?#]|$)/.test(location.hash);

async function app(): Promise<void> {
  try {
    await import('./main');
  } catch {
    // Without signal the whole app may not be kept by the gate's service worker (only the gate is):
    // it loads when the signal comes back.
    window.addEventListener('online', () => location.reload(), { once: true });
  }
}

if (enPorteria()) {
  void import('./app/gate-app').then(({ montarPorteria }) => {
    const desmontar = montarPorteria(document.getElementById('root')!);
    // Leaving the gate (signed out, a temporary password, not a gate user): the whole app takes over,
    // with the same session (the session module is shared), and routes from then on.
    const alCambiar = () => {
      if (enPorteria()) return;
      window.removeEventListener('hashchange', alCambiar);
      desmontar();
      void app();
    };
    window.addEventListener('hashchange', alCambiar);
  });
} else if (welcomeShell) {
  // The notice is painted first: the app's import adds its stylesheets to <head>, and the browser
  // paints nothing until they have arrived (on a phone, a second or more). One frame later, or
  // 200 ms in a background tab, where frames wait.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void app();
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 200);
} else {
  void app();
}
