import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { LoadingBlock } from './loading-block';
import { AdminHeader } from './page-header';
import { useIsAdmin } from './use-is-admin';

type Props<T> = {
  query: UseQueryResult<T>;
  titleId: string;
  title: string;
  /** Where to go when there is no page to go back to, and the list engine's table to refresh. */
  listPath: string;
  listTable: string;
  isActive: (item: T) => boolean;
  alreadyInactive: string;
  confirm: { text: (item: T) => string; button: string };
  deactivate: () => Promise<{ message: string }>;
  summary: (item: T) => ReactNode;
};

/**
 * The list engine's 'Eliminar' targets (admin/empresas/{id}/eliminar, admin/requisitos/{id}/eliminar):
 * nothing is deleted. After a confirmation the item is made inactive, then the user goes back to
 * where they came from. A reviewer (read-only) or an item already inactive only gets a notice.
 */
export function DeactivatePage<T>(p: Props<T>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const asked = useRef(false);
  const { data, isError, error } = p.query;
  const props = useRef(p);
  props.current = p;

  useEffect(() => {
    const { listPath, listTable, isActive, alreadyInactive, confirm, deactivate, title } = props.current;
    const leave = () => {
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) void navigate(-1);
      else void navigate(listPath, { replace: true });
    };
    if (isError) {
      void alerts.error(errorMessage(error)).then(leave);
      return;
    }
    if (!data || asked.current) return;
    asked.current = true;
    void (async () => {
      if (!isAdmin) {
        await alerts.info(MSG.adminReadOnly);
      } else if (!isActive(data)) {
        await alerts.info(alreadyInactive);
      } else if (
        await alerts.confirm(confirm.text(data), {
          title,
          confirmText: confirm.button,
          cancelText: MSG.adminCancel,
        })
      ) {
        try {
          const res = await deactivate();
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          void queryClient.invalidateQueries({ queryKey: ['list', listTable] });
          await alerts.success(res.message);
        } catch (err) {
          await alerts.error(errorMessage(err));
        }
      }
      leave();
    })();
  }, [data, isError, error, navigate, queryClient, isAdmin]);

  return (
    <section className="page admin-page" aria-labelledby={p.titleId}>
      <AdminHeader id={p.titleId} title={p.title} back={{ to: p.listPath, label: MSG.adminBackToList }} />
      {data ? <div className="card">{p.summary(data)}</div> : <LoadingBlock />}
    </section>
  );
}
