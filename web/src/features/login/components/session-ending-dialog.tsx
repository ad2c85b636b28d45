import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { LOGIN_MSG } from '@proveedores/domain';
import { logout, stayConnected } from '@/lib/logout';
import { useSessionEnding } from '@/lib/session';

/**
 * One minute before the token expires (docs/decisions/098): the time left, 'Seguir conectado' (a new
 * token for the same session) and 'Cerrar sesión'. Closing it with Esc or the X leaves the session to
 * end at its time; a comment being typed is kept as a draft meanwhile (lib/session drafts).
 */
export function SessionEndingDialog() {
  const endsAt = useSessionEnding();
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const open = endsAt !== null && dismissedFor !== endsAt;

  useEffect(() => {
    if (!open) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [open]);

  if (endsAt === null) return null;
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));

  const stay = async () => {
    setBusy(true);
    try {
      await stayConnected();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={LOGIN_MSG.sessionEndingTitle}
      visible={open}
      onHide={() => setDismissedFor(endsAt)}
      className="brand-dialog"
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '94vw' }}
      draggable={false}
      resizable={false}
      data-testid="session-ending"
      footer={
        <div style={{ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            label={LOGIN_MSG.sessionLeave}
            outlined
            onClick={() => void logout()}
            disabled={busy}
            data-testid="session-leave"
          />
          <Button
            label={LOGIN_MSG.sessionStay}
            icon="pi pi-refresh"
            onClick={() => void stay()}
            loading={busy}
            autoFocus
            data-testid="session-stay"
          />
        </div>
      }
    >
      <p role="status" data-testid="session-ending-text">
        {LOGIN_MSG.sessionEndingText(seconds)}
      </p>
    </Dialog>
  );
}
