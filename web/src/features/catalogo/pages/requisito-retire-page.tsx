import '@/components/staff/staff.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { requisitoQueryOptions, setRequisitoActivo } from '../api/catalog';
import { DeactivatePage } from '@/components/staff/deactivate-page';

/** admin/requisitos/{id}/eliminar: the requirement is retired (its history stays), never deleted. */
export function RequisitoRetirePage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...requisitoQueryOptions(id), enabled: id > 0 });
  return (
    <DeactivatePage
      query={query}
      titleId="requisito-retire-title"
      title={MSG.requisitoRetireTitle}
      listPath={PATHS.requisitosList}
      listTable="requisitos"
      isActive={(r) => r.activo}
      alreadyInactive={MSG.requisitoAlreadyRetired}
      confirm={{
        text: (r) => MSG.requisitoRetireConfirm(`${r.codigo} - ${r.nombreCorto}`),
        button: MSG.requisitoRetire,
      }}
      deactivate={() => setRequisitoActivo(id, false)}
      summary={(r) => (
        <p>
          <strong>
            {r.codigo} - {r.nombreCorto}
          </strong>
        </p>
      )}
    />
  );
}
