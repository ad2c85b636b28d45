import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { MAX_DETALLE, MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { findContract } from './contract-check';
import type { EvidenceTarget } from './evidence-target';
import { FileUploadField } from './file-upload-field';
import { ModalTitle } from './modal-title';

type Props = {
  target: EvidenceTarget;
  initialMode: 'file' | 'comment';
  onSaved: () => void;
  onClose: () => void;
};

/**
 * 'Archivo Principal' (section 2 Upload modal): file mode first, 'Dejar Comentario' switches to
 * comment mode and 'Guardar Comentario' saves. Each upload or comment saves at once.
 */
export function UploadModalBody({ target, initialMode, onSaved, onClose }: Props) {
  const [mode, setMode] = useState(initialMode);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState('');
  const [saving, setSaving] = useState(false);

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
    setSaving(true);
    try {
      await target.saveComment(detalle);
      onSaved();
      onClose();
      void alerts.success(MSG.commentSaved);
    } catch (err) {
      void alerts.errorWithDetail(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="evidence-modal" data-testid="upload-modal">
      <ModalTitle target={target} />
      {mode === 'file' ? (
        <>
          <p className="modal-help">{MSG.uploadHelp}</p>
          <p className="hint">{MSG.allowedExtensions(target.extensiones)}</p>
          <FileUploadField
            label={MSG.chooseFiles}
            extensiones={target.extensiones}
            needsContract={target.needsContract}
            kind="submission"
            saveFile={target.saveFile}
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
