import { Link } from 'react-router';
import { MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';

/** Placeholder for the pages later issues build: says so clearly and offers the way home. */
export function UnderConstruction({ title, showHome = true }: { title: string; showHome?: boolean }) {
  return (
    <section className="page under-construction" aria-labelledby="uc-title">
      <i className="pi pi-wrench uc-icon" aria-hidden="true" />
      <h1 id="uc-title">{title}</h1>
      <p data-testid="under-construction">{MSG.underConstruction}</p>
      {showHome && (
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      )}
    </section>
  );
}
