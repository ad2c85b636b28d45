import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { FirmantesEmpresa } from '../components/firmantes-empresa';
import { UsuariosEmpresa } from '../components/usuarios-empresa';
import { ChangePasswordForm, NotificationsEmailForm, userDataQueryOptions } from '@/features/login';

/** 'Configuraciones' (cambiar-clave). */
export function SettingsPage() {
  const session = useSession();
  const mustChange = session?.claims.changepassword === 'true';
  // The company's users: company administrators only, once the password is their own (decision 136).
  const userData = useQuery({ ...userDataQueryOptions(), enabled: !!session });
  const companyAdmin = !mustChange && userData.data?.rolEmpresa === 'administrador';
  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <div className="page-header">
        <h1 id="settings-title">{MSG.settingsTitle}</h1>
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm go-home">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      </div>
      {mustChange && (
        <p className="notice" role="status" data-testid="must-change-notice">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {MSG.mustChangePasswordNotice}
        </p>
      )}
      <div className="settings-grid">
        <ChangePasswordForm afterRecovery={mustChange} />
        <NotificationsEmailForm />
      </div>
      {companyAdmin && <FirmantesEmpresa />}
      {companyAdmin && <UsuariosEmpresa />}
    </section>
  );
}
