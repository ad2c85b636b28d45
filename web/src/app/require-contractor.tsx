import { Link, Outlet } from 'react-router';
import { isStaff, MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { useSession } from '@/lib/session';

/**
 * Contractor pages (evidence uploads, personnel, the socio-demographic report): staff who open one
 * (a bookmark, a typed address) read that the page is for contractors and where their work is,
 * instead of the error a refused request would show (the server answers 403 to staff on these
 * endpoints anyway). Docs/decisions/099.
 */
export function RequireContractor() {
  const session = useSession();
  if (!session || !isStaff(session.claims.typeuser)) return <Outlet />;
  return (
    <section className="page contractor-only" aria-labelledby="contractor-only-title">
      <div className="page-header">
        <h1 id="contractor-only-title">{MSG.contractorOnlyTitle}</h1>
      </div>
      <div className="card" data-testid="contractor-only">
        <p>{MSG.contractorOnlyText}</p>
        <p className="contractor-only-actions" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <Link to={PATHS.revision()} className="p-button p-button-sm" data-testid="contractor-only-review">
            <i className="pi pi-inbox" aria-hidden="true" />
            <span>{MSG.contractorOnlyGoReview}</span>
          </Link>
          <Link to={PATHS.cumplimiento} className="p-button p-button-outlined p-button-sm">
            <i className="pi pi-chart-bar" aria-hidden="true" />
            <span>{MSG.contractorOnlyGoCompliance}</span>
          </Link>
          <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm">
            <i className="pi pi-home" aria-hidden="true" />
            <span>{MSG.goHome}</span>
          </Link>
        </p>
      </div>
    </section>
  );
}
