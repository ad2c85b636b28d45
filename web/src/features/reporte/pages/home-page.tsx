import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { isStaff, MSG } from '@proveedores/domain';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { reporteQueryOptions } from '../api/home';
import { CurrentContract } from '../components/current-contract';
import { MenuTiles, menuQueryOptions } from '@/features/menu';
import { PendingReview } from '@/features/revision';
import { SummaryCards } from '../components/summary-cards';
import { SummaryPanel } from '../components/summary-panel';
import { isAllZero, totals, type DetailTarget } from '../components/summary-model';
import '../home.css';

// The drill-down table (PrimeReact DataTable) loads when first opened, not with the home.
const DetailModal = lazy(async () => ({ default: (await import('../components/detail-modal')).DetailModal }));

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="home-error" role="alert">
      <span>
        {MSG.couldNotLoad} {errorMessage(error)}
      </span>
      <Button type="button" size="small" outlined label={MSG.retry} onClick={onRetry} />
    </div>
  );
}

/**
 * Home: the chosen contract, menu tiles from the server, summary cards (each only above
 * 0) and the side panel (only when the totals are not all zero), with the drill-down modal.
 */
export function HomePage() {
  const session = useSession();
  const staff = !!session && isStaff(session.claims.typeuser);
  const menu = useQuery(menuQueryOptions());
  const report = useQuery(reporteQueryOptions());
  const [detail, setDetail] = useState<DetailTarget | null>(null);

  const sums = report.data ? totals(report.data) : null;
  const showPanel = !!report.data && !!sums && !isAllZero(sums);
  // The summary (cards, side panel) and the menu tiles appear together, once the summary has
  // answered: on a phone the cards stack one per row, so no placeholder can know their height before
  // the counts. Until then one loading line stands where the tiles will be, and it leaves as they
  // come: nothing on the page moves (CLS 0.12 on a phone with a one-card placeholder,
  // docs/decisions/146). A failed summary shows its error and the tiles.
  const ready = !report.isPending && !menu.isPending;

  return (
    <section className="page home-page" aria-labelledby="home-title">
      <div className="home-top">
        <h1 id="home-title">{MSG.pageHome}</h1>
        {!staff && <CurrentContract />}
      </div>
      {staff && <PendingReview />}

      {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && sums && (
        <SummaryCards report={report.data} totals={sums} onDetail={staff ? undefined : setDetail} />
      )}
      {report.data && sums && isAllZero(sums) && (
        <p className="home-all-clear" data-testid="all-clear">
          <i className="pi pi-check-circle" aria-hidden="true" /> {MSG.homeAllClear}
        </p>
      )}

      {!ready && (
        <p role="status" className="home-loading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {MSG.loading}
        </p>
      )}
      {ready && (
        <div className={`home-layout${showPanel ? ' with-panel' : ''}`}>
          <div className="home-menu">
            <h2 className="home-sr-only">{MSG.homeMenuTitle}</h2>
            {menu.isError && <LoadError error={menu.error} onRetry={() => void menu.refetch()} />}
            {menu.data &&
              (menu.data.length > 0 ? <MenuTiles options={menu.data} /> : <p>{MSG.homeNoMenu}</p>)}
          </div>
          {showPanel && <SummaryPanel report={report.data} staff={staff} onDetail={setDetail} />}
        </div>
      )}

      {detail && (
        <Suspense fallback={null}>
          <DetailModal target={detail} onHide={() => setDetail(null)} />
        </Suspense>
      )}
    </section>
  );
}
