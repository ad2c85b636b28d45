import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { MSG } from '@proveedores/domain';
import { AnnexModalBody } from './annex-modal';
import type { EvidenceModalKind, EvidenceTarget } from './evidence-target';
import { UploadModalBody } from './upload-modal';
import { ViewModalBody } from './view-modal';

type Active = { kind: EvidenceModalKind; key: string; opened: number };

const TITLES: Record<EvidenceModalKind, string> = {
  upload: MSG.uploadModalTitle,
  comment: MSG.uploadModalTitle,
  view: MSG.viewModalTitle,
  annex: MSG.annexModalTitle,
};

/**
 * The three modals of every evidence page (upload, view, annexes) in one place. The page gives a
 * resolver from key to target (built from its current query data, so a modal shows fresh state
 * after each save) and `reload` (invalidate its list). Closing a modal resets it (its body
 * unmounts and remounts with a new key) and reloads the list (section 2).
 */
export function useEvidenceModals(
  resolve: (key: string) => EvidenceTarget | undefined,
  reload: () => void,
): { open: (kind: EvidenceModalKind, key: string) => void; element: ReactNode } {
  const [active, setActive] = useState<Active | null>(null);
  const open = useCallback(
    (kind: EvidenceModalKind, key: string) => setActive({ kind, key, opened: Date.now() }),
    [],
  );
  const close = () => {
    setActive(null);
    reload();
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
      {body}
    </Dialog>
  );
  return { open, element };
}
