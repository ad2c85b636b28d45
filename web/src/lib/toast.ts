import type { Toast, ToastMessage } from 'primereact/toast';
import { prefersReducedMotion } from './motion';

/**
 * The one way to show a toast (decision 014): a single PrimeReact <Toast> mounted by the app
 * providers registers itself here; features call showToast().
 */
let toast: Toast | null = null;

/** The control last pressed: a button that shows a spinner while saving loses the focus. */
let lastUsed: WeakRef<Element> | null = null;
const CONTROL = 'button, a[href], input, select, textarea, [role="button"], [role="combobox"]';
const rememberControl = (e: Event) => {
  const control = e.target instanceof Element ? e.target.closest(CONTROL) : null;
  if (control) lastUsed = new WeakRef(control);
};

/**
 * At most the newest three toasts show (decision 102): more pile up over the page and a dialog's
 * buttons. The messages on screen, oldest first; the Toast's onRemove drops each one it closes.
 */
export const MAX_TOASTS = 3;
let onScreen: ToastMessage[] = [];
let nextId = 0;

export function registerToast(instance: Toast | null) {
  if (instance && !toast) {
    // Enter or Space on a button is a click too.
    document.addEventListener('click', rememberControl, true);
  }
  toast = instance;
}

export function showToast(message: ToastMessage) {
  if (!toast) return;
  // An id of its own: PrimeReact removes by equality, and the same text can show twice.
  const shown: ToastMessage = { life: 4000, ...message, id: `toast-${nextId++}` };
  onScreen.push(shown);
  toast.show(shown);
  const older = onScreen.slice(0, Math.max(0, onScreen.length - MAX_TOASTS));
  if (older.length > 0) {
    onScreen = onScreen.slice(older.length);
    // One at a time: this PrimeReact version's remove() does not take an array.
    for (const m of older) toast.remove(m);
  }
  // Once the toast is drawn (React renders it on a later frame).
  requestAnimationFrame(() => requestAnimationFrame(keepControlInView));
}

/** The Toast's onRemove: a message closed by its button, its timer or showToast. */
export function forgetToast(message: ToastMessage) {
  onScreen = onScreen.filter((m) => m.id !== message.id);
}

/**
 * Toasts sit at the bottom (decision 102), away from the header and the page's title row. The
 * control just used (the focused one, or else the last pressed, e.g. 'Guardar') may be down there: the
 * page gets room at its end as tall as the toasts (`--toast-room`, styles.css) and that control is
 * scrolled to the middle of the screen, so no toast hides it.
 */
function keepControlInView() {
  const region = document.querySelector<HTMLElement>('.p-toast');
  if (!region) return;
  const t = region.getBoundingClientRect();
  document.documentElement.style.setProperty('--toast-room', `${Math.ceil(t.height)}px`);
  const focused = document.activeElement;
  const control = focused instanceof HTMLElement && focused !== document.body ? focused : lastUsed?.deref();
  if (!control?.isConnected || region.contains(control)) return;
  const a = control.getBoundingClientRect();
  const under = a.bottom > t.top && a.top < t.bottom && a.right > t.left && a.left < t.right;
  if (under)
    control.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
