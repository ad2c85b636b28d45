import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MSG } from '@proveedores/domain';
import type { FrameState } from './use-list-links';

/** The modal with an embedded frame for links marked 'modal_'. */
export function FrameDialog({ frame, onHide }: { frame: FrameState; onHide: () => void }) {
  return (
    <Dialog
      header={frame?.title || MSG.listFrameTitle}
      visible={frame !== null}
      onHide={onHide}
      className="brand-dialog list-frame-dialog"
      style={{ width: 'min(1100px, 96vw)' }}
      contentStyle={{ height: 'min(75vh, 800px)', padding: 0 }}
      maximizable
      footer={<Button label={MSG.close} onClick={onHide} />}
    >
      {frame && (
        <iframe
          src={frame.src}
          title={frame.title || MSG.listFrameTitle}
          className="list-frame"
          data-testid="list-frame"
        />
      )}
    </Dialog>
  );
}
