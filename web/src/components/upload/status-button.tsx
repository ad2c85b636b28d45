import { Button } from 'primereact/button';
import { ESTADO, MSG } from '@proveedores/domain';
import type { EvidenceModalKind } from './evidence-target';

type Variant = { className: string; icon: string; label: string; kind: EvidenceModalKind };

/**
 * The status codes of docs/contract.md, States and transitions: -2 secondary button opening the upload
 * dialog; -1 red button (reason as hover hint) opening it; 0 primary 'view' button opening the view modal; 1
 * brand-green button opening the upload dialog; 9 (expired) an amber button opening the upload dialog.
 */
const VARIANTS: Record<number, Variant> = {
  [ESTADO.PENDIENTE]: {
    className: 'status-btn--pendiente',
    icon: 'pi pi-upload',
    label: MSG.uploadAction,
    kind: 'upload',
  },
  [ESTADO.RECHAZADO]: {
    className: 'status-btn--rechazado',
    icon: 'pi pi-upload',
    label: MSG.uploadAction,
    kind: 'upload',
  },
  [ESTADO.CARGADO]: {
    className: 'status-btn--cargado',
    icon: 'pi pi-eye',
    label: MSG.viewAction,
    kind: 'view',
  },
  [ESTADO.APROBADO]: {
    className: 'status-btn--aprobado',
    icon: 'pi pi-upload',
    label: MSG.uploadAction,
    kind: 'upload',
  },
  [ESTADO.VENCIDO]: {
    className: 'status-btn--vencido',
    icon: 'pi pi-upload',
    label: MSG.uploadAction,
    kind: 'upload',
  },
};

type Props = {
  codEstado: number;
  motivorechazo: string | null;
  /** Document (and period) name, for the accessible name of the button. */
  itemName: string;
  onOpen: (kind: EvidenceModalKind) => void;
};

export function StatusButton({ codEstado, motivorechazo, itemName, onOpen }: Props) {
  const v = VARIANTS[codEstado] ?? VARIANTS[ESTADO.PENDIENTE];
  const reason =
    codEstado === ESTADO.RECHAZADO && motivorechazo ? MSG.rejectionReason(motivorechazo) : undefined;
  return (
    <Button
      type="button"
      size="small"
      icon={v.icon}
      label={v.label}
      className={`status-btn ${v.className}`}
      aria-label={MSG.actionFor(v.label, itemName)}
      tooltip={reason}
      tooltipOptions={{ position: 'top', showOnDisabled: false }}
      onClick={() => onOpen(v.kind)}
      data-testid="status-button"
      data-cod-estado={codEstado}
    />
  );
}

/** The paper-clip button of the action column: 'Carga de Anexos' for the current submission. */
export function AnnexButton({
  itemName,
  count,
  disabled,
  onOpen,
}: {
  itemName: string;
  count: number;
  disabled: boolean;
  onOpen: () => void;
}) {
  return (
    <Button
      type="button"
      size="small"
      icon="pi pi-paperclip"
      label={count > 0 ? String(count) : undefined}
      outlined
      className="annex-btn"
      aria-label={MSG.actionFor(MSG.annexAction, itemName)}
      tooltip={disabled ? MSG.annexNeedsSubmission : MSG.annexModalTitle}
      tooltipOptions={{ position: 'top', showOnDisabled: true }}
      disabled={disabled}
      onClick={onOpen}
      data-testid="annex-button"
    />
  );
}
