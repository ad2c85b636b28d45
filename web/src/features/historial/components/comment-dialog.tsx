import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MSG } from '@proveedores/domain';

/** The 'Comentario' modal of the history screen, with a close button. */
export function CommentDialog({ comment, onHide }: { comment: string | null; onHide: () => void }) {
  return (
    <Dialog
      header={MSG.historyComment}
      visible={comment !== null}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: 'min(520px, 95vw)' }}
      footer={<Button label={MSG.close} onClick={onHide} data-testid="comment-close" />}
    >
      <p className="hist-comment-text" data-testid="comment-text">
        {comment || MSG.historyNoComment}
      </p>
    </Dialog>
  );
}
