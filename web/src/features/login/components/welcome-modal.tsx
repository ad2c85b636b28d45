import { Button } from 'primereact/button';
import type { CSSTransitionProps } from 'primereact/csstransition';
import { Dialog } from 'primereact/dialog';
import { LOGIN_MSG } from '@proveedores/domain';
import { removeWelcomeShell, yieldWelcomeShell } from '@/app/welcome-shell';

// Only the callback (the type asks for a timeout, which here would override the reduced-motion one of
// app/reduced-motion.ts).
const TRANSITION = { onEnter: yieldWelcomeShell } as unknown as CSSTransitionProps;

export function WelcomeModal({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Dialog
      header={LOGIN_MSG.welcomeTitle}
      visible={visible}
      onHide={onHide}
      // The copy painted by index.html covers this one until it has finished appearing (decision 148).
      transitionOptions={TRANSITION}
      onShow={removeWelcomeShell}
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
