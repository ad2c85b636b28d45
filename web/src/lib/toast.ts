import type { Toast, ToastMessage } from 'primereact/toast';

/**
 * The one way to show a toast (decision 014): a single PrimeReact <Toast> mounted by the app
 * providers registers itself here; features call showToast().
 */
let toast: Toast | null = null;

export function registerToast(instance: Toast | null) {
  toast = instance;
}

export function showToast(message: ToastMessage) {
  toast?.show({ life: 4000, ...message });
}
