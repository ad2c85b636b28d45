import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { LOGIN_MSG } from '@proveedores/domain';

export function WelcomeModal({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Dialog
      header={LOGIN_MSG.welcomeTitle}
      visible={visible}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      footer={<Button label={LOGIN_MSG.close} onClick={onHide} autoFocus data-testid="welcome-close" />}
    >
      <p className="m-0 welcome-text">{LOGIN_MSG.welcome}</p>
    </Dialog>
  );
}
