import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import { FileLink } from '@/components/file-link';
import { formatFechaCarga } from './attachment-href';
import type { EvidenceModalKind, EvidenceTarget } from './evidence-target';
import { EstadoLabel } from '@/components/estado/estado-label';
import { ModalTitle } from './modal-title';

type Props = {
  target: EvidenceTarget;
  onOpen: (kind: EvidenceModalKind) => void;
  onClose: () => void;
};

/**
 * The view of the currently loaded information (codEstado 0): the file with a link to open it, the
 * comment, upload date and annexes, and the replace options (a new file or comment
 * replaces that of the current month).
 */
export function ViewModalBody({ target, onOpen, onClose }: Props) {
  const s = target.state;
  return (
    <div className="evidence-modal" data-testid="view-modal">
      <ModalTitle target={target} />
      <dl className="current-info">
        <div>
          <dt>{MSG.colEstado}</dt>
          <dd>
            <EstadoLabel codEstado={s.codEstado} estado={s.estado} />
          </dd>
        </div>
        <div>
          <dt>{MSG.currentFile}</dt>
          <dd>
            {s.urladjunto && s.nombreadjunto ? (
              <FileLink url={s.urladjunto} className="file-link" data-testid="current-file-link">
                <i className="pi pi-file" aria-hidden="true" />
                {s.nombreadjunto}
              </FileLink>
            ) : (
              <span className="hint">{MSG.noFileCommentOnly}</span>
            )}
          </dd>
        </div>
        {s.comentario && (
          <div>
            <dt>{MSG.commentLabel}</dt>
            <dd className="comment-text" data-testid="current-comment">
              {s.comentario}
            </dd>
          </div>
        )}
        {s.fechacarga && (
          <div>
            <dt>{MSG.uploadedAt}</dt>
            <dd>{formatFechaCarga(s.fechacarga)}</dd>
          </div>
        )}
        <div>
          <dt>{MSG.annexesLabel}</dt>
          <dd>
            <AnnexList anexos={s.anexos} />
          </dd>
        </div>
      </dl>
      <p className="notice replace-notice">
        <i className="pi pi-info-circle" aria-hidden="true" /> {MSG.viewReplaceHelp}
      </p>
      <div className="modal-actions">
        <Button
          type="button"
          label={MSG.replaceFile}
          icon="pi pi-upload"
          onClick={() => onOpen('upload')}
          data-testid="view-replace"
        />
        <Button
          type="button"
          label={MSG.leaveComment}
          icon="pi pi-comment"
          outlined
          onClick={() => onOpen('comment')}
          data-testid="view-comment"
        />
        <Button
          type="button"
          label={MSG.annexAction}
          icon="pi pi-paperclip"
          outlined
          onClick={() => onOpen('annex')}
          data-testid="view-annex"
        />
        <Button type="button" label={MSG.close} outlined onClick={onClose} />
      </div>
    </div>
  );
}

export function AnnexList({ anexos }: { anexos: EvidenceTarget['state']['anexos'] }) {
  if (anexos.length === 0) return <span className="hint">{MSG.noAnnexes}</span>;
  return (
    <ul className="annex-list" data-testid="annex-list">
      {anexos.map((a) => (
        <li key={a.id}>
          <FileLink url={a.urladjunto} className="file-link">
            <i className="pi pi-paperclip" aria-hidden="true" />
            {a.nombreadjunto}
          </FileLink>
          <span className="hint"> · {formatFechaCarga(a.fechacarga)}</span>
        </li>
      ))}
    </ul>
  );
}
