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

export function registerToast(instance: Toast | null) {
  if (instance && !toast) {
    // Enter or Space on a button is a click too.
    document.addEventListener('click', rememberControl, true);
  }
  toast = instance;
}

export function showToast(message: ToastMessage) {
  toast?.show({ life: 4000, ...message });
  // Once the toast is drawn (React renders it on a later frame).
  requestAnimationFrame(() => requestAnimationFrame(keepControlInView));
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
