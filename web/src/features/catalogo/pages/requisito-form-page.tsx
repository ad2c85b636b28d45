import '@/components/staff/staff.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { MODULOS, MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { requisitoQueryOptions, setRequisitoActivo } from '../api/catalog';
import { LoadingBlock } from '@/components/staff/loading-block';
import { AdminHeader } from '@/components/staff/page-header';
import { RequisitoForm } from '../components/requisito-form';
import { useIsAdmin } from '@/components/staff/use-is-admin';
import { Pill } from '@/components/estado/estado-label';

/** admin/requisitos/{id}: 0 = new, 0?copiar={id} = copy of another requirement, else edit. */
export function RequisitoFormPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const copiar = Number(params.get('copiar')) || 0;
  const mode = id > 0 ? 'edit' : copiar > 0 ? 'copy' : 'new';
  const sourceId = mode === 'edit' ? id : copiar;
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...requisitoQueryOptions(sourceId),
    enabled: sourceId > 0 && (isAdmin || mode === 'edit'),
  });
  const r = query.data;

  const activate = useMutation({
    mutationFn: () => setRequisitoActivo(id, true),
    onSuccess: (res) => {
      showToast({ severity: 'success', summary: MSG.requisitosTitle, detail: res.message });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['list', 'requisitos'] });
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  // A reviewer reads a requirement (docs/decisions/099): 'Requisito', never a new or copy form.
  const title = !isAdmin
    ? MSG.requisitoFormView
    : mode === 'edit'
      ? MSG.requisitoFormEdit
      : mode === 'copy'
        ? MSG.requisitoFormCopy
        : MSG.requisitosNew;
  const ready = isAdmin ? mode === 'new' || r : mode === 'edit' && r;
  return (
    <section className="page admin-page" aria-labelledby="requisito-form-title">
      <AdminHeader
        id="requisito-form-title"
        title={title}
        back={{ to: PATHS.requisitosList, label: MSG.adminBackToList }}
      />
      {!isAdmin && (
        <p className="notice" role="status">
          {MSG.adminReadOnly}
        </p>
      )}
      {mode === 'copy' && isAdmin && r && (
        <p className="notice" role="status" data-testid="copy-notice">
          {MSG.requisitoCopyHint} ({r.codigo} - {r.nombreCorto})
        </p>
      )}
      {query.isLoading && <LoadingBlock />}
      {query.isError && (
        <p className="notice" role="alert">
          {errorMessage(query.error)}
        </p>
      )}
      {ready && (
        <div className="admin-grid">
          <div className="card">
            <RequisitoForm
              key={`${mode}-${sourceId}`}
              requisito={r ?? null}
              mode={mode}
              readOnly={!isAdmin}
            />
          </div>
          {mode === 'edit' && r && (
            <aside className="card company-side" data-testid="requisito-side">
              <p>
                <Pill tono={r.activo ? 'aprobado' : 'rechazado'} testId="requisito-estado">
                  {r.activo ? MSG.requisitoEstadoActivo : MSG.requisitoEstadoRetirado}
                </Pill>
              </p>
              <p>{MODULOS.find((m) => m.codigo === r.modulo)?.nombre}</p>
              <p>{MSG.requisitoEntregas(r.entregas)}</p>
              {isAdmin && (
                <div className="side-actions">
                  <Link to={PATHS.adminRequisito(0, r.id)} className="p-button p-button-outlined p-button-sm">
                    <i className="pi pi-copy" aria-hidden="true" />
                    <span>{MSG.actionCopy}</span>
                  </Link>
                  {r.activo ? (
                    <Link
                      to={PATHS.adminRequisitoEliminar(r.id)}
                      className="p-button p-button-danger p-button-sm"
                      data-testid="requisito-retire"
                    >
                      <i className="pi pi-ban" aria-hidden="true" />
                      <span>{MSG.requisitoRetire}</span>
                    </Link>
                  ) : (
                    <Button
                      type="button"
                      label={MSG.requisitoActivate}
                      icon="pi pi-check-circle"
                      size="small"
                      loading={activate.isPending}
                      onClick={() => activate.mutate()}
                      data-testid="requisito-activate"
                    />
                  )}
                </div>
              )}
            </aside>
          )}
        </div>
      )}
    </section>
  );
}
