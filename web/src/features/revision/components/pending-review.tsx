import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { REVISION_MSG } from '@proveedores/domain';
import { PATHS } from '@/lib/paths';
import { pendingReviewQueryOptions } from '../api/review';

/**
 * The reviewer's home: how many uploads await a decision, linked to the review queue. The number
 * is the queue's unfiltered total (the server counts with the queue's own conditions). Nothing is
 * shown until it answers, and a failed count hides the line: the menu tile still reaches the queue.
 */
export function PendingReview() {
  const count = useQuery(pendingReviewQueryOptions());
  if (!count.data) return null;
  const { total } = count.data;
  return (
    <p className="home-pending-review" data-testid="pending-review">
      <i className="pi pi-inbox" aria-hidden="true" />
      <span className="home-pending-review-text" data-testid="pending-review-count" data-total={total}>
        {REVISION_MSG.revisionPendientesConteo(total)}
      </span>
      <Link to={PATHS.revision()} className="home-pending-review-link" data-testid="pending-review-link">
        {REVISION_MSG.revisionPendientesIr}
      </Link>
    </p>
  );
}
