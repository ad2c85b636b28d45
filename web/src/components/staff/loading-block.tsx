import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@proveedores/domain';

export function LoadingBlock() {
  return (
    <div className="loading-block" role="status">
      <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
      <span>{MSG.loading}</span>
    </div>
  );
}
