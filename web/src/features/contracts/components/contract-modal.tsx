import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { MSG } from '@proveedores/domain';

export type ContractModalProps = { visible: boolean; onHide: () => void };

/**
 * HOOK POINT for the contract modal of section 2 (select mode / new mode), opened by the shell's
 * 'Proyecto' link. The next issue replaces this body; keep the name and props so the shell needs
 * no change. Choosing a contract should call saveContract() from '@/lib/session'.
 */
export function ContractModal({ visible, onHide }: ContractModalProps) {
  return (
    <Dialog
      header={MSG.projectLink}
      visible={visible}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      footer={<Button label={MSG.close} onClick={onHide} />}
    >
      <p data-testid="contract-modal-pending">{MSG.contractModalPending}</p>
    </Dialog>
  );
}
