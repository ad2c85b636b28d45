import '../admin.css';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { requisitoQueryOptions, setRequisitoActivo } from '../api/catalog';
import { LoadingBlock } from '../components/loading-block';
import { AdminHeader } from '../components/page-header';
import { useIsAdmin } from '../components/use-is-admin';

/**
 * admin/requisitos/{id}/eliminar (the list engine's 'Eliminar'): requirements are never deleted;
 * after a confirmation it is retired (its history stays), then back to where the user came from.
 */
export function RequisitoRetirePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const query = useQuery({ ...requisitoQueryOptions(id), enabled: id > 0 });
  const asked = useRef(false);

  useEffect(() => {
    const leave = () => {
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) void navigate(-1);
      else void navigate(PATHS.requisitosList, { replace: true });
    };
    if (query.isError) {
      void alerts.error(errorMessage(query.error)).then(leave);
      return;
    }
    const r = query.data;
    if (!r || asked.current) return;
    asked.current = true;
    void (async () => {
      if (!isAdmin) {
        await alerts.info(MSG.adminReadOnly);
      } else if (!r.activo) {
        await alerts.info(MSG.requisitoAlreadyRetired);
      } else if (
        await alerts.confirm(MSG.requisitoRetireConfirm(`${r.codigo} - ${r.nombreCorto}`), {
          title: MSG.requisitoRetireTitle,
          confirmText: MSG.requisitoRetire,
          cancelText: MSG.adminCancel,
        })
      ) {
        try {
          const res = await setRequisitoActivo(id, false);
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          void queryClient.invalidateQueries({ queryKey: ['list', 'requisitos'] });
          await alerts.success(res.message);
        } catch (err) {
          await alerts.error(errorMessage(err));
        }
      }
      leave();
    })();
  }, [query.data, query.isError, query.error, id, navigate, queryClient, isAdmin]);

  return (
    <section className="page admin-page" aria-labelledby="requisito-retire-title">
      <AdminHeader
        id="requisito-retire-title"
        title={MSG.requisitoRetireTitle}
        back={{ to: PATHS.requisitosList, label: MSG.adminBackToList }}
      />
      {query.data ? (
        <div className="card">
          <p>
            <strong>
              {query.data.codigo} - {query.data.nombreCorto}
            </strong>
          </p>
        </div>
      ) : (
        <LoadingBlock />
      )}
    </section>
  );
}
