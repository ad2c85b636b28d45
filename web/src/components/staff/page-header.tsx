import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';

/** Title, optional back link and actions of every staff page. */
export function AdminHeader({
  id,
  title,
  back,
  children,
}: {
  id: string;
  title: string;
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <h1 id={id}>{title}</h1>
      <div className="admin-actions">
        {children}
        {back ? (
          <Link to={back.to} className="p-button p-button-outlined p-button-sm" data-testid="admin-back">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>{back.label}</span>
          </Link>
        ) : (
          <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm">
            <i className="pi pi-home" aria-hidden="true" />
            <span>{MSG.goHome}</span>
          </Link>
        )}
      </div>
    </div>
  );
}
