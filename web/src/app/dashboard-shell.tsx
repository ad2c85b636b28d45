import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { isStaff, MSG } from '@proveedores/domain';
import { ContractModal } from '@/features/contratos/components/contract-modal';
import { logout } from '@/lib/logout';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toTitleCase } from '@/lib/text';
import { useReloadOnSameUrl } from './use-reload-on-same-url';

/**
 * Dashboard shell (docs/contract.md, Screens and routes): welcome line with the given name in title case,
 * 'Proyecto' (contract modal), 'Cerrar Sesión', and the outlet. A temporary password keeps the user on
 * cambiar-clave.
 */
export function DashboardShell() {
  const session = useSession();
  const location = useLocation();
  const generation = useReloadOnSameUrl();
  const [contractOpen, setContractOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (!session) return <Navigate to={PATHS.login} replace />;
  if (session.claims.changepassword === 'true' && location.pathname !== PATHS.cambiarClave) {
    return <Navigate to={PATHS.cambiarClave} replace />;
  }

  const onLogout = async () => {
    setLeaving(true);
    await logout();
  };

  return (
    <div className="shell">
      <header className="shell-header">
        <Link to={PATHS.home} className="shell-brand" aria-label={`${MSG.appTitle} - ${MSG.pageHome}`}>
          <span className="brand-mark small" aria-hidden="true">
            <i className="pi pi-shield" />
          </span>
          <span className="brand-title">{MSG.appTitle}</span>
        </Link>
        <p className="shell-welcome" data-testid="welcome-line">
          {MSG.welcomeUser(toTitleCase(session.claims.given_name))}
        </p>
        <nav className="shell-nav" aria-label={MSG.appTitle}>
          {!isStaff(session.claims.typeuser) && (
            <button
              type="button"
              className="shell-link"
              onClick={() => setContractOpen(true)}
              data-testid="project-link"
            >
              <i className="pi pi-briefcase" aria-hidden="true" />
              <span>{MSG.projectLink}</span>
            </button>
          )}
          <Link
            to={PATHS.cambiarClave}
            className="shell-link"
            aria-label={MSG.settingsTitle}
            title={MSG.settingsTitle}
          >
            <i className="pi pi-cog" aria-hidden="true" />
          </Link>
          <button
            type="button"
            className="shell-link"
            onClick={() => void onLogout()}
            disabled={leaving}
            data-testid="logout-link"
          >
            <i className="pi pi-sign-out" aria-hidden="true" />
            <span>{MSG.logoutLink}</span>
          </button>
        </nav>
      </header>
      <main className="shell-main">
        <Outlet key={generation} />
      </main>
      <ContractModal visible={contractOpen} onHide={() => setContractOpen(false)} />
    </div>
  );
}
