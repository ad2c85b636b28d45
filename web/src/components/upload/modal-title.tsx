import type { EvidenceTarget } from './evidence-target';

/** The document (and period or employee) a modal acts on, under the dialog's own title. */
export function ModalTitle({ target }: { target: EvidenceTarget }) {
  return (
    <div className="modal-target">
      <strong data-testid="modal-target-name">{target.nombre}</strong>
      {target.subtitle && <span className="modal-target-sub">{target.subtitle}</span>}
    </div>
  );
}
