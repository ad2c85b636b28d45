import '../review.css';
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MODULO_CODIGOS, MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import { QUEUE_FILTER_KEYS, queueQueryOptions, type QueueFilters } from '../api/review';
import type { DecisionOutcome } from '../components/decision-form';
import { QueueFilters as Filters } from '../components/queue-filters';
import { QueueTable } from '../components/queue-table';
import { ReviewDialog } from '../components/review-dialog';

/** `entrega` in the address opens the review panel of that submission (links from other pages). */
const ENTREGA_PARAM = 'entrega';

function readFilters(params: URLSearchParams): QueueFilters {
  const f: QueueFilters = {};
  for (const k of QUEUE_FILTER_KEYS) {
    const v = params.get(k);
    if (v) (f as Record<string, string>)[k] = v;
  }
  if (f.modulo && !(MODULO_CODIGOS as readonly string[]).includes(f.modulo)) delete f.modulo;
  return f;
}

/**
 * 'Revisión de Documentos' (docs/decisions/060, 065): every submission waiting for a decision, oldest first,
 * filterable by module, company, project, requirement and upload date; filters, page and the open
 * submission live in the address, so a reload or a shared link shows the same thing.
 */
export function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const queryClient = useQueryClient();
  const queue = useQuery(queueQueryOptions(filters));
  const openId = Number(params.get(ENTREGA_PARAM)) || null;

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onFilters = (patch: Partial<QueueFilters>) => {
    // The same address again would be a reload of the page (useReloadOnSameUrl), which would lose a
    // date still being typed in a filter (decision 168): only a real change goes to the address.
    if (Object.entries(patch).every(([k, v]) => (params.get(k) ?? undefined) === (v || undefined))) return;
    update((p) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      p.delete('page');
    });
  };

  // After decisions the last page may be gone: go to the new last page.
  const data = queue.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && data.page > 1) {
      const last = Math.max(1, Math.ceil(data.total / data.pageSize));
      update((p) => p.set('page', String(last)));
    }
  }, [data, update]);

  useEffect(() => {
    if (queue.error) void alerts.errorWithDetail(errorMessage(queue.error));
  }, [queue.error]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['revision'] });
  const close = () => update((p) => p.delete(ENTREGA_PARAM));
  const onDone = (outcome: DecisionOutcome) => {
    close();
    void reload();
    if (outcome.kind === 'decided') {
      showToast({ severity: 'success', summary: MSG.reviewTitle, detail: outcome.response.message });
    } else {
      void alerts.warning(outcome.message);
    }
  };

  return (
    <section className="page review-page" aria-labelledby="review-title">
      <div className="page-header">
        <h1 id="review-title">{MSG.reviewTitle}</h1>
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      </div>
      <p className="page-intro">{MSG.reviewIntro}</p>
      <div className="card">
        <Filters
          filters={filters}
          onChange={onFilters}
          onClear={() => update((p) => QUEUE_FILTER_KEYS.forEach((k) => p.delete(k)))}
        />
      </div>
      <div className="card">
        <p className="review-count" role="status" data-testid="review-count">
          {data ? MSG.reviewQueueCount(data.total) : MSG.loading}
        </p>
        <QueueTable
          data={data}
          loading={queue.isFetching}
          onPage={(page, pageSize) =>
            update((p) => {
              p.set('page', String(page));
              p.set('pageSize', String(pageSize));
            })
          }
          onOpen={(id) => update((p) => p.set(ENTREGA_PARAM, String(id)))}
        />
      </div>
      <ReviewDialog id={openId} onHide={close} onDone={onDone} />
    </section>
  );
}
