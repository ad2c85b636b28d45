import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import type { EvidenceTarget } from './evidence-target';
import { FileUploadField } from './file-upload-field';
import { ModalTitle } from './modal-title';
import { AnnexList } from './view-modal';

type Props = { target: EvidenceTarget; onSaved: () => void; onClose: () => void };

/**
 * 'Carga de Anexos': files added to the current submission (docs/decisions/034), with the same
 * checks as the main file. An item with nothing loaded yet has nothing to attach to.
 */
export function AnnexModalBody({ target, onSaved, onClose }: Props) {
  const hasSubmission = target.state.idEntrega !== null;
  return (
    <div className="evidence-modal" data-testid="annex-modal">
      <ModalTitle target={target} />
      <p className="modal-help">{MSG.annexHelp}</p>
      <p className="hint">{MSG.allowedExtensions(target.extensiones)}</p>
      {hasSubmission ? (
        <FileUploadField
          label={MSG.chooseFiles}
          extensiones={target.extensiones}
          needsContract={target.needsContract}
          kind="annex"
          saveAnnex={target.saveAnnex}
          onSaved={onSaved}
          testId="annex-file-input"
        />
      ) : (
        <p className="notice" role="status">
          {MSG.annexNeedsSubmission}
        </p>
      )}
      <h3 className="modal-subtitle">{MSG.annexesLabel}</h3>
      <AnnexList anexos={target.state.anexos} />
      <div className="modal-actions">
        <Button type="button" label={MSG.close} outlined onClick={onClose} />
      </div>
    </div>
  );
}
