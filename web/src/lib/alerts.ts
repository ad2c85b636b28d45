import type SweetAlert from 'sweetalert2';
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { LOGIN_MSG } from '@proveedores/domain';

/**
 * The one way to show a modal alert (decision 014): sweetalert2 with the brand's confirm colour
 * #A1D81A (docs/contract.md, Business constants and limits). Text is always set as text, never as HTML.
 * sweetalert2 loads with the first alert, not with the login page (decision 073, login route budget).
 */
export const ALERT_CONFIRM_COLOR = '#A1D81A';

type Swal = typeof SweetAlert;
let loaded: Swal | undefined;
let brand: Promise<Swal> | undefined;

function base(): Promise<Swal> {
  return (brand ??= import('sweetalert2').then(({ default: Swal }) => {
    loaded = Swal;
    return Swal.mixin({
      confirmButtonColor: ALERT_CONFIRM_COLOR,
      confirmButtonText: LOGIN_MSG.accept,
      customClass: { confirmButton: 'brand-alert-confirm', popup: 'brand-alert' },
      buttonsStyling: true,
      heightAuto: false,
    });
  }));
}

async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  return (await base()).fire(options);
}

function show(icon: SweetAlertIcon, text: string, title?: string) {
  return fire({ icon, title, text });
}

export const alerts = {
  success: (text: string, title?: string) => show('success', text, title),
  info: (text: string, title?: string) => show('info', text, title),
  warning: (text: string, title?: string) => show('warning', text, title),
  error: (text: string, title?: string) => show('error', text, title),
  /**
   * 'Lo siento hubo un error !!' with 'Ver detalle' (shows the server error) and 'Cerrar' (docs/contract.md,
   * Error catalogue).
   */
  async errorWithDetail(
    detail: string,
    title: string = LOGIN_MSG.genericError,
    detailButton: string = LOGIN_MSG.seeDetail,
  ) {
    const res = await fire({
      icon: 'warning',
      title,
      showCancelButton: true,
      confirmButtonText: detailButton,
      cancelButtonText: LOGIN_MSG.close,
    });
    if (res.isConfirmed) await fire({ icon: 'info', text: detail });
  },
  /** A question before an irreversible-looking action (disable, retire); true when confirmed. */
  async confirm(text: string, opts: { title?: string; confirmText?: string; cancelText?: string } = {}) {
    const res = await fire({
      icon: 'warning',
      title: opts.title,
      text,
      showCancelButton: true,
      confirmButtonText: opts.confirmText ?? LOGIN_MSG.accept,
      cancelButtonText: opts.cancelText ?? LOGIN_MSG.close,
      focusCancel: true,
    });
    return res.isConfirmed;
  },
  /** Closes whatever alert is open (used before navigating away). */
  close: () => loaded?.close(),
};
