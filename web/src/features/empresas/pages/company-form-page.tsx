import '@/components/staff/staff.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { empresaQueryOptions, setEmpresaActiva } from '../api/companies';
import { CompanyForm } from '../components/company-form';
import { LoadingBlock } from '@/components/staff/loading-block';
import { AdminHeader } from '@/components/staff/page-header';
import { useIsAdmin } from '@/components/staff/use-is-admin';
import { Pill } from '@/components/estado/estado-label';

/** admin/empresas/{id} (0 = new): the list engine's 'Editar' and 'Nueva empresa'. */
export function CompanyFormPage() {
  const id = Number(useParams().id);
  const isNew = id === 0;
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const query = useQuery({ ...empresaQueryOptions(id), enabled: id > 0 });
  const e = query.data;

  const enable = useMutation({
    mutationFn: () => setEmpresaActiva(id, true),
    onSuccess: (res) => {
      showToast({ severity: 'success', summary: MSG.empresaFormEdit, detail: res.message });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['list', 'empresas'] });
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  // A reviewer reads a company (docs/decisions/099): 'Empresa', never an edit or a new form.
  const title = !isAdmin ? MSG.empresaFormView : isNew ? MSG.empresasNew : MSG.empresaFormEdit;
  return (
    <section className="page admin-page" aria-labelledby="company-form-title">
      <AdminHeader
        id="company-form-title"
        title={title}
        back={{ to: PATHS.empresasList, label: MSG.adminBackToList }}
      />
      {!isAdmin && (
        <p className="notice" role="status">
          {MSG.adminReadOnly}
        </p>
      )}
      {!isNew && query.isPending && <LoadingBlock />}
      {!isNew && query.isError && (
        <p className="notice" role="alert">
          {errorMessage(query.error)}
        </p>
      )}
      {((isNew && isAdmin) || e) && (
        <div className="admin-grid">
          <div className="card">
            <CompanyForm key={id} empresa={e ?? null} readOnly={!isAdmin} />
          </div>
          {e && (
            <aside className="card company-side" data-testid="company-side">
              <p>
                <Pill tono={e.activa ? 'aprobado' : 'rechazado'} testId="empresa-estado">
                  {e.activa ? MSG.empresaEstadoActiva : MSG.empresaEstadoInactiva}
                </Pill>
              </p>
              <h2>{MSG.empresaUsuarioTitle}</h2>
              {e.usuario ? (
                <ul className="plain-list">
                  <li>
                    {MSG.staffUserLabel}: <strong>{e.usuario.username}</strong>
                  </li>
                  <li>{e.usuario.tienePassword ? MSG.empresaConPassword : MSG.empresaSinPassword}</li>
                  <li>
                    {e.usuario.ultimoIngreso
                      ? MSG.empresaUltimoIngreso(formatDateTime(e.usuario.ultimoIngreso))
                      : MSG.empresaNuncaIngreso}
                  </li>
                </ul>
              ) : null}
              <p>{MSG.empresaContratosCount(e.contratos)}</p>
              <p data-testid="empresa-almacenamiento">
                {MSG.empresaStorageLabel}:{' '}
                <strong>
                  {MSG.empresaStorageValue(
                    e.almacenamiento.bytes,
                    e.almacenamiento.cuotaBytes,
                    e.almacenamiento.archivos,
                  )}
                </strong>
              </p>
              <div className="side-actions">
                <Link
                  to={PATHS.adminEmpresaContratos(e.id)}
                  className="p-button p-button-outlined p-button-sm"
                >
                  <i className="pi pi-chart-line" aria-hidden="true" />
                  <span>{MSG.empresaVerCumplimiento}</span>
                </Link>
                {isAdmin && e.activa && (
                  <Link
                    to={PATHS.adminEmpresaEliminar(e.id)}
                    className="p-button p-button-danger p-button-sm"
                    data-testid="empresa-disable"
                  >
                    <i className="pi pi-ban" aria-hidden="true" />
                    <span>{MSG.empresaDisable}</span>
                  </Link>
                )}
                {isAdmin && !e.activa && (
                  <Button
                    type="button"
                    label={MSG.empresaEnable}
                    icon="pi pi-check-circle"
                    size="small"
                    loading={enable.isPending}
                    onClick={() => enable.mutate()}
                    data-testid="empresa-enable"
                  />
                )}
              </div>
            </aside>
          )}
        </div>
      )}
    </section>
  );
}
