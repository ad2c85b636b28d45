import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { MAX_DETALLE, MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { findContract } from './contract-check';
import type { EvidenceTarget } from './evidence-target';
import { FileUploadField } from './file-upload-field';
import { ModalTitle } from './modal-title';
import { WorkersPicker } from './workers-picker';
import { useSubmit } from '@/lib/use-submit';

type Props = {
  target: EvidenceTarget;
  initialMode: 'file' | 'comment';
  onSaved: () => void;
  onClose: () => void;
};

/**
 * 'Archivo Principal' (the upload modal): file mode first, 'Dejar Comentario' switches to
 * comment mode and 'Guardar Comentario' saves. Each upload or comment saves at once.
 */
export function UploadModalBody({ target, initialMode, onSaved, onClose }: Props) {
  const [mode, setMode] = useState(initialMode);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState('');
  const { busy: saving, run } = useSubmit();
  // One upload for many workers (docs/decisions/139): the ticked workers, the row's first.
  const multiple = target.multiple;
  const [covered, setCovered] = useState<Set<string>>(() => new Set(multiple ? [multiple.fixed] : []));
  const [coveredDone, setCoveredDone] = useState('');
  const saveFile: EvidenceTarget['saveFile'] = multiple
    ? async (adjunto, fechas) => {
        const res = await multiple.save(
          adjunto,
          fechas,
          multiple.workers.filter((w) => covered.has(w.key)),
        );
        setCoveredDone(res.message);
        return res;
      }
    : target.saveFile;

  const saveComment = async (e: FormEvent) => {
    e.preventDefault();
    const detalle = comment.trim();
    if (!detalle) {
      setCommentError(MSG.commentRequired);
      return;
    }
    if (target.needsContract && !findContract()) {
      void alerts.warning(MSG.selectOrEnterProject);
      return;
    }
    setCommentError('');
    const done = await run(() => target.saveComment(detalle));
    if (!done) return;
    onSaved();
    onClose();
    void alerts.success(MSG.commentSaved);
  };

  return (
    <div className="evidence-modal" data-testid="upload-modal">
      <ModalTitle target={target} />
      {mode === 'file' ? (
        <>
          <p className="modal-help">{MSG.uploadHelp}</p>
          <p className="hint">{MSG.allowedExtensions(target.extensiones)}</p>
          {multiple && (
            <WorkersPicker
              workers={multiple.workers}
              fixed={multiple.fixed}
              value={covered}
              onChange={setCovered}
            />
          )}
          {coveredDone && (
            <p className="notice" role="status" data-testid="covered-done">
              {coveredDone}
            </p>
          )}
          <FileUploadField
            label={MSG.chooseFiles}
            extensiones={target.extensiones}
            needsContract={target.needsContract}
            kind="submission"
            saveFile={saveFile}
            readDates={target.readDates}
            saveAnnex={target.saveAnnex}
            onSaved={onSaved}
            testId="upload-file-input"
          />
          <div className="modal-actions">
            <Button
              type="button"
              label={MSG.leaveComment}
              icon="pi pi-comment"
              outlined
              onClick={() => setMode('comment')}
              data-testid="leave-comment"
            />
            <Button type="button" label={MSG.close} outlined onClick={onClose} />
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void saveComment(e)} noValidate>
          <p className="modal-help">{MSG.uploadHelp}</p>
          <div className="field">
            <label htmlFor="evidence-comment">{MSG.commentLabel}</label>
            <InputTextarea
              id="evidence-comment"
              value={comment}
              rows={4}
              autoResize
              maxLength={MAX_DETALLE}
              invalid={!!commentError}
              onChange={(e) => setComment(e.target.value)}
              data-testid="comment-text"
            />
          </div>
          {commentError && (
            <small className="field-error" role="alert">
              {commentError}
            </small>
          )}
          <div className="modal-actions">
            <Button
              type="button"
              label={MSG.backToFileUpload}
              icon="pi pi-upload"
              outlined
              onClick={() => {
                setCommentError('');
                setMode('file');
              }}
            />
            <Button
              type="submit"
              label={MSG.saveCommentButton}
              icon="pi pi-save"
              loading={saving}
              data-testid="save-comment"
            />
          </div>
        </form>
      )}
    </div>
  );
}
