import { formatDia, MSG, type AptitudTrabajador } from '@proveedores/domain';
import { estadoAptitud } from './aptitud-view';

/** Green 'Apto', red 'No apto', amber 'Apto por autorización' with its reason and last day. */
export function AptitudTag({ row }: { row: Pick<AptitudTrabajador, 'apto' | 'autorizacion'> }) {
  const estado = estadoAptitud(row);
  const label =
    estado === 'apto' ? MSG.paginaApto : estado === 'no_apto' ? MSG.paginaNoApto : MSG.paginaAutorizado;
  return (
    <span className="aptitud-estado">
      <span className={`aptitud-tag aptitud-tag--${estado}`} data-testid="aptitud-tag" data-estado={estado}>
        <i
          className={`pi ${estado === 'no_apto' ? 'pi-times-circle' : estado === 'apto' ? 'pi-check-circle' : 'pi-clock'}`}
          aria-hidden="true"
        />
        {label}
      </span>
      {row.autorizacion && (
        <span className="aptitud-autorizacion" data-testid="aptitud-autorizacion">
          {MSG.paginaAutorizadoHasta(formatDia(row.autorizacion.hasta))}: {row.autorizacion.motivo}
        </span>
      )}
    </span>
  );
}
