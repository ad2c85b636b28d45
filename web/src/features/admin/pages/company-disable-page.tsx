import '../admin.css';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { empresaQueryOptions, setEmpresaActiva } from '../api/companies';
import { LoadingBlock } from '../components/loading-block';
import { AdminHeader } from '../components/page-header';
import { useIsAdmin } from '../components/use-is-admin';

/**
 * admin/empresas/{id}/eliminar (the list engine's 'Eliminar'): nothing is deleted; after a
 * confirmation the company is disabled (its sessions end), then back to where the user came from.
 */
export function CompanyDisablePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ ...empresaQueryOptions(id), enabled: id > 0 });
  const asked = useRef(false);
  const isAdmin = useIsAdmin();

  useEffect(() => {
    const leave = () => {
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) void navigate(-1);
      else void navigate(PATHS.empresasList, { replace: true });
    };
    if (query.isError) {
      void alerts.error(errorMessage(query.error)).then(leave);
      return;
    }
    const e = query.data;
    if (!e || asked.current) return;
    asked.current = true;
    void (async () => {
      if (!isAdmin) {
        await alerts.info(MSG.adminReadOnly);
        leave();
        return;
      }
      if (!e.activa) {
        await alerts.info(MSG.empresaAlreadyDisabled);
        leave();
        return;
      }
      const ok = await alerts.confirm(MSG.empresaDisableConfirm(e.razonSocial), {
        title: MSG.empresaDisableTitle,
        confirmText: MSG.empresaDisable,
        cancelText: MSG.adminCancel,
      });
      if (ok) {
        try {
          const res = await setEmpresaActiva(id, false);
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          void queryClient.invalidateQueries({ queryKey: ['list', 'empresas'] });
          await alerts.success(res.message);
        } catch (err) {
          await alerts.error(errorMessage(err));
        }
      }
      leave();
    })();
  }, [query.data, query.isError, query.error, id, navigate, queryClient, isAdmin]);

  return (
    <section className="page admin-page" aria-labelledby="company-disable-title">
      <AdminHeader
        id="company-disable-title"
        title={MSG.empresaDisableTitle}
        back={{ to: PATHS.empresasList, label: MSG.adminBackToList }}
      />
      {query.data ? (
        <div className="card">
          <p>
            <strong>{query.data.razonSocial}</strong> - NIT {query.data.nitCompleto}
          </p>
        </div>
      ) : (
        <LoadingBlock />
      )}
    </section>
  );
}
