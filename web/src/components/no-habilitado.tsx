import { Tag } from 'primereact/tag';
import { type Habilitacion, HABILITACION_MSG } from '@proveedores/domain';
import './no-habilitado.css';

/**
 * 'No habilitado' with its reason, for a contract whose type's minimum 0312 score the company does
 * not meet (docs/decisions/142). Renders nothing when the contract is habilitado.
 */
export function NoHabilitado({
  habilitacion,
  conMotivo = true,
  testId = 'no-habilitado',
}: {
  habilitacion: Habilitacion | undefined;
  conMotivo?: boolean;
  testId?: string;
}) {
  if (!habilitacion || habilitacion.habilitado) return null;
  return (
    <span className="no-habilitado" data-testid={testId}>
      <Tag className="tag-no-habilitado" value={HABILITACION_MSG.habNoHabilitado} icon="pi pi-ban" />
      {conMotivo && habilitacion.mensaje && (
        <small className="no-habilitado-motivo" title={habilitacion.baseLegal}>
          {habilitacion.mensaje}
        </small>
      )}
    </span>
  );
}
