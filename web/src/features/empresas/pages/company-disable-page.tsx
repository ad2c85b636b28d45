import '@/components/staff/staff.css';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { empresaQueryOptions, setEmpresaActiva } from '../api/companies';
import { DeactivatePage } from '@/components/staff/deactivate-page';

/** admin/empresas/{id}/eliminar: the company is disabled (its sessions end), never deleted. */
export function CompanyDisablePage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...empresaQueryOptions(id), enabled: id > 0 });
  return (
    <DeactivatePage
      query={query}
      titleId="company-disable-title"
      title={MSG.empresaDisableTitle}
      listPath={PATHS.empresasList}
      listTable="empresas"
      isActive={(e) => e.activa}
      alreadyInactive={MSG.empresaAlreadyDisabled}
      confirm={{ text: (e) => MSG.empresaDisableConfirm(e.razonSocial), button: MSG.empresaDisable }}
      deactivate={() => setEmpresaActiva(id, false)}
      summary={(e) => (
        <p>
          <strong>{e.razonSocial}</strong> - NIT {e.nitCompleto}
        </p>
      )}
    />
  );
}
