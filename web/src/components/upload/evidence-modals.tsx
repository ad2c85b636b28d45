import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { MSG } from '@proveedores/domain';
import type { EvidenceModalKind, EvidenceTarget } from './evidence-target';

// The modal bodies (file field, document dates with their calendar, photos to PDF, workers picker)
// load when a modal first opens: every evidence page stays within its budget (docs/decisions/146).
const bodies = () => import('./evidence-modal-bodies');
const UploadModalBody = lazy(async () => ({ default: (await bodies()).UploadModalBody }));
const ViewModalBody = lazy(async () => ({ default: (await bodies()).ViewModalBody }));
const AnnexModalBody = lazy(async () => ({ default: (await bodies()).AnnexModalBody }));

function BodyLoading() {
  return (
    <p className="hint modal-loading" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {MSG.loading}
    </p>
  );
}

type Active = { kind: EvidenceModalKind; key: string; opened: number };

const TITLES: Record<EvidenceModalKind, string> = {
  upload: MSG.uploadModalTitle,
  comment: MSG.uploadModalTitle,
  view: MSG.viewModalTitle,
  annex: MSG.annexModalTitle,
};

/**
 * Gives the focus back to the button that opened the modal once the dialog has left the page
 * (WCAG 2.4.3). PrimeReact restores the element it saw focused when the dialog became visible,
 * which is sometimes already inside the dialog, so keyboard users landed on the page's top.
 */
function restoreFocus(el: HTMLElement | null, frames = 90) {
  if (!el) return;
  requestAnimationFrame(() => {
    if (document.querySelector('.evidence-dialog')) {
      if (frames > 0) restoreFocus(el, frames - 1);
      return;
    }
    if (el.isConnected && document.activeElement !== el) el.focus();
  });
}

/**
 * The three modals of every evidence page (upload, view, annexes) in one place. The page gives a
 * resolver from key to target (built from its current query data, so a modal shows fresh state
 * after each save) and `reload` (invalidate its list). Closing a modal resets it (its body
 * unmounts and remounts with a new key) and reloads the list.
 */
export function useEvidenceModals(
  resolve: (key: string) => EvidenceTarget | undefined,
  reload: () => void,
): { open: (kind: EvidenceModalKind, key: string) => void; element: ReactNode } {
  const [active, setActive] = useState<Active | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((kind: EvidenceModalKind, key: string) => {
    // The button that opened the first modal (not one inside a modal that opens another).
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && !focused.closest('.evidence-dialog')) opener.current = focused;
    setActive({ kind, key, opened: Date.now() });
  }, []);
  const close = () => {
    setActive(null);
    reload();
    restoreFocus(opener.current);
  };
  const target = active ? resolve(active.key) : undefined;

  let body: ReactNode = null;
  if (active && target) {
    const bodyKey = `${active.kind}-${active.opened}`;
    if (active.kind === 'view')
      body = (
        <ViewModalBody key={bodyKey} target={target} onOpen={(k) => open(k, target.key)} onClose={close} />
      );
    else if (active.kind === 'annex')
      body = <AnnexModalBody key={bodyKey} target={target} onSaved={reload} onClose={close} />;
    else
      body = (
        <UploadModalBody
          key={bodyKey}
          target={target}
          initialMode={active.kind === 'comment' ? 'comment' : 'file'}
          onSaved={reload}
          onClose={close}
        />
      );
  }

  const element = (
    <Dialog
      header={active ? TITLES[active.kind] : ''}
      visible={!!active && !!target}
      onHide={close}
      className="brand-dialog evidence-dialog"
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      resizable={false}
      dismissableMask
      blockScroll
    >
      <Suspense fallback={<BodyLoading />}>{body}</Suspense>
    </Dialog>
  );
  return { open, element };
}
