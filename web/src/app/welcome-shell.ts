/**
 * The welcome notice painted by index.html before the JavaScript arrives (docs/decisions/148): a
 * copy of the sign-in screen's notice (features/login/components/welcome-modal.tsx) over the login
 * page's background, shown only when the page is opened on #/login (CSS :target on the element whose
 * id is the fragment). It covers the app underneath until the app's own notice has finished
 * appearing, then leaves in the same frame, so the visitor sees one notice throughout.
 *
 * The boot module sets it up (it arrives first, a few hundred bytes); the sign-in page removes it.
 */

const SHELL_ID = '/login';

let closedByVisitor = false;
let onClose: (() => void) | undefined;

const shell = () => document.getElementById(SHELL_ID);

/**
 * The app's notice has started to appear under the painted one: the painted one stays in view until
 * it is removed, but inert (clicks reach the app's notice in the same place, the focus and screen
 * readers are on the app's).
 */
export function yieldWelcomeShell(): void {
  const el = shell();
  if (!el) return;
  el.inert = true;
  el.setAttribute('aria-hidden', 'true');
}

/** Removes the painted notice (idempotent). */
export function removeWelcomeShell(): void {
  shell()?.remove();
}

/** True when the visitor closed the painted notice before the app's own notice appeared. */
export function welcomeShellClosed(): boolean {
  return closedByVisitor;
}

/**
 * Called when the visitor closes the painted notice while the app's notice is already mounted under
 * it (it then closes too). Returns the unsubscribe function. A listener registered after the visitor
 * closed it is called at once: the sign-in page reads welcomeShellClosed() when it renders and
 * subscribes in an effect, after the paint, and a click in between must not bring the notice back.
 */
export function onWelcomeShellClose(listener: () => void): () => void {
  if (closedByVisitor) {
    listener();
    return () => undefined;
  }
  onClose = listener;
  return () => {
    if (onClose === listener) onClose = undefined;
  };
}

// STORAGE_KEYS.token, written out: importing lib/storage-keys here made the boot module import the
// shared chunk that holds it, and the gate's first load grew by that chunk (npm run budgets).
const TOKEN_KEY = 'token';

/** A session that restoreSession (lib/session.ts) will take back: the sign-in page redirects. */
function storedSession(): boolean {
  try {
    const token = sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
    if (!token) return false;
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(part)) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 > Date.now();
  } catch {
    return false;
  }
}

/**
 * Run by the boot module: removes the notice where it is not shown (another page) or where the app
 * will not greet (a session to restore); otherwise its two buttons and Esc close it before the app
 * has taken over. True when it stays.
 */
export function setUpWelcomeShell(): boolean {
  const el = shell();
  if (!el) return false;
  // Not its computed style: the browser may apply :target only once the document has been parsed.
  if (location.hash !== `#${SHELL_ID}` || storedSession()) {
    el.remove();
    return false;
  }
  const close = () => {
    closedByVisitor = true;
    document.removeEventListener('keydown', onKey);
    el.remove();
    onClose?.();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && el.isConnected) close();
  };
  for (const b of el.querySelectorAll('[data-welcome-shell-close]')) b.addEventListener('click', close);
  document.addEventListener('keydown', onKey);
  return true;
}
